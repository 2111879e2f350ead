// The recorded frame streams of test/data/ (scripts/capture-music.ts, from a real server run)
// and what the tests derive from them.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { MusicFigures, MusicFrame, MusicWorld } from "../../src/music/music-frame";
import type { Note, SoundSink } from "../../src/music/sound-spec";
import { ColonyTheme } from "../../src/music/colony/colony-theme";
import { MoldTheme } from "../../src/music/mold/mold-theme";
import { SwarmTheme } from "../../src/music/swarm/swarm-theme";
import type { ThemeMaker } from "../../src/music/theme";

export interface Recording {
  readonly format: string;
  readonly world: MusicWorld;
  readonly tickRate: number;
  readonly frameRate: number;
  readonly note: string;
  readonly frames: readonly MusicFrame[];
}

const DATA = resolve(dirname(fileURLToPath(import.meta.url)), "..", "data");

/** The first recordings' format: a frame kept its world's measures under the world's name. */
const FORMAT_1 = "meadow-music-frames/1";

/** A format-1 frame's measures under its world's name → the figures of a frame today (yes / no → 1 / 0). */
function upgradeFrame(frame: MusicFrame & Readonly<Record<string, unknown>>): MusicFrame {
  const { [frame.world]: measures, ...rest } = frame;
  if (rest.figures !== undefined || typeof measures !== "object" || measures === null) return rest as unknown as MusicFrame;
  const figures: Record<string, number> = {};
  for (const [k, v] of Object.entries(measures)) if (typeof v === "number" || typeof v === "boolean") figures[k] = Number(v);
  return { ...(rest as unknown as MusicFrame), figures: figures as MusicFigures };
}

export function loadRecording(name: "colony-sync" | "colony-gust" | "swarm"): Recording {
  const rec = JSON.parse(readFileSync(resolve(DATA, `${name}.json`), "utf8")) as Recording;
  if (rec.format !== FORMAT_1) return rec;
  return { ...rec, frames: rec.frames.map((f) => upgradeFrame(f as MusicFrame & Readonly<Record<string, unknown>>)) };
}

/**
 * The same colony stream with its sync taken out: no group counted as in sync, no flash marked
 * as its group's, no group-sync events. Everything else (sizes, flashes, other events) stays, so
 * the two streams differ in nothing but sync.
 */
export function withoutSync(frames: readonly MusicFrame[]): MusicFrame[] {
  return frames.map((f) => ({
    ...f,
    figures: f.figures && { ...f.figures, groupsInSync: 0 },
    events: f.events.filter((e) => e.kind !== "groupSync").map((e) => (e.kind === "flash" ? { ...e, inSync: false } : e)),
  }));
}

/** The stream played `times` over, each repeat's ticks carried on after the last (a frame apart). */
export function looped(frames: readonly MusicFrame[], times: number): MusicFrame[] {
  const first = frames[0]?.tick ?? 0;
  const last = frames[frames.length - 1]?.tick ?? first;
  const step = frames.length > 1 ? (last - first) / (frames.length - 1) : 1;
  const span = last - first + Math.round(step);
  return Array.from({ length: times }, (_, k) => frames.map((f) => ({ ...f, tick: f.tick + k * span }))).flat();
}

/** The mean of a measure over a stream's first `seconds`. */
export function meanOver(frames: readonly MusicFrame[], tickRate: number, seconds: number, pick: (f: MusicFrame) => number | undefined): number {
  const first = frames[0]?.tick ?? 0;
  const values = frames.filter((f) => (f.tick - first) / tickRate < seconds).map(pick).filter((v): v is number => v !== undefined);
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** A sink that writes down what it is asked to play, for the conductor's tests. */
export class RecordingSink implements SoundSink {
  readonly notes: { theme: MusicWorld; note: Note; atS: number }[] = [];
  readonly fades: { theme: MusicWorld; gain: number; fromS: number; toS: number }[] = [];
  readonly breezes: { strength: number; atS: number }[] = [];

  play(theme: MusicWorld, note: Note, atS: number): void {
    this.notes.push({ theme, note, atS });
  }

  fadeTheme(theme: MusicWorld, gain: number, fromS: number, toS: number): void {
    this.fades.push({ theme, gain, fromS, toS });
  }

  breeze(_theme: MusicWorld, strength: number, atS: number): void {
    this.breezes.push({ strength, atS });
  }
}

/** Every world's theme, as the views bring them (WorldView.musicTheme). */
export const THEMES: readonly ThemeMaker[] = [
  (seed, log) => new SwarmTheme(seed, log),
  (seed, log) => new ColonyTheme(seed, log),
  (seed, log) => new MoldTheme(seed, log),
];
