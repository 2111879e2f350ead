// The server's words about a replay of the night, for the replay's tests.
import { create } from "@bufbuild/protobuf";
import { ReplayStateSchema, type ReplayState } from "../../src/gen/meadow/v1/replay_pb";

/** The oldest moment the fixtures' journal keeps (Unix ms), and an hour. */
export const NIGHT_START = 1_736_535_600_000;
export const HOUR = 3600_000;

export interface WordOver {
  readonly playing: boolean;
  readonly atMs: number;
  readonly endMs: number;
  readonly speed: number;
  readonly achieved: number;
  readonly seeking: boolean;
  readonly reason: string;
}

/** A ReplayState as the server sends it: the night from NIGHT_START to two hours later, by default playing at its start at 60×. */
export function replayWord(over: Partial<WordOver> = {}): ReplayState {
  return create(ReplayStateSchema, {
    playing: over.playing ?? true,
    startMs: BigInt(NIGHT_START),
    endMs: BigInt(over.endMs ?? NIGHT_START + 2 * HOUR),
    atMs: BigInt(over.atMs ?? NIGHT_START),
    speed: over.speed ?? 60,
    achievedSpeed: over.achieved ?? 0,
    seeking: over.seeking ?? false,
    reason: over.reason ?? "",
  });
}
