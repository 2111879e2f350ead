// Builders for the messages the viewer sends, and the one place bytes become a ServerMessage.
// Every message is a generated protobuf class; nothing here encodes by hand.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import {
  ClientMessageSchema,
  ProtocolVersion,
  ServerMessageSchema,
  ToolAction_Phase,
  type ClientMessage,
  type LightCodec,
  type ServerMessage,
  Tool,
  type World,
} from "../gen/meadow/v1/viewer_pb";
import type { ReplayRequest_Action } from "../gen/meadow/v1/replay_pb";

/** The server caps client_name at 64 bytes. */
export const CLIENT_NAME = "meadow-web-viewer";

type Bytes = Uint8Array<ArrayBuffer>;

/** WebSocket.send wants bytes over a plain ArrayBuffer; toBinary's type allows a shared one. */
function encode(message: ClientMessage): Bytes {
  const bytes = toBinary(ClientMessageSchema, message);
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Bytes) : new Uint8Array(bytes);
}

/** `lightCodecs`: the light codecs this viewer decodes besides zstd (which every viewer does). */
export function helloBytes(clientName: string = CLIENT_NAME, lightCodecs: readonly LightCodec[] = []): Bytes {
  return encode(
    create(ClientMessageSchema, {
      body: {
        case: "hello",
        value: { protocolVersion: ProtocolVersion.CURRENT, clientName, lightCodecs: [...lightCodecs] },
      },
    }),
  );
}

export function pingBytes(clientTimeMs: number): Bytes {
  return encode(
    create(ClientMessageSchema, {
      body: { case: "ping", value: { clientTimeMs: BigInt(Math.max(0, Math.round(clientTimeMs))) } },
    }),
  );
}

export function chooseWorldBytes(world: World): Bytes {
  return encode(create(ClientMessageSchema, { body: { case: "chooseWorld", value: { world } } }));
}

export function toolActionBytes(tool: Tool, phase: ToolAction_Phase, x: number, y: number): Bytes {
  return encode(
    create(ClientMessageSchema, {
      body: { case: "tool", value: { tool, phase, position: { x, y } } },
    }),
  );
}

export function toolTapBytes(tool: Tool, x: number, y: number): Bytes {
  return toolActionBytes(tool, ToolAction_Phase.TAP, x, y);
}

/**
 * "Throw food" in one message, where a world scatters it itself: a flower tap with `handful` set,
 * which the server spreads over the world's water (`x`, `y`: the water's centre).
 */
export function handfulBytes(x: number, y: number): Bytes {
  return encode(
    create(ClientMessageSchema, {
      body: { case: "tool", value: { tool: Tool.FLOWER, phase: ToolAction_Phase.TAP, position: { x, y }, handful: true } },
    }),
  );
}

/** A change of one world's shared settings: values by the names its schema gives, or a preset. */
export interface WorldSettingsOut {
  readonly values: Readonly<Record<string, number>>;
  /** One of the schema's presets: set first, the values then change it further. */
  readonly preset?: string;
}

/**
 * WorldSettings for any world; names not given are left as they are on the server, which checks
 * the change against the world's schema (range, kind, preset) and says why when it refuses.
 */
export function worldSettingsBytes(world: World, change: WorldSettingsOut): Bytes {
  const values = Object.entries(change.values).map(([name, value]) => ({ name, value }));
  return encode(
    create(ClientMessageSchema, {
      body: { case: "settings", value: { world, values, ...(change.preset !== undefined ? { preset: change.preset } : {}) } },
    }),
  );
}

/** Live trails (WatchTrails): the server sends TrailPoints after each frame of its world while on. */
export function watchTrailsBytes(on: boolean): Bytes {
  return encode(create(ClientMessageSchema, { body: { case: "watchTrails", value: { on } } }));
}

/**
 * A recording of trails (TrailsRequest); 0 for a count, as here for all: the server's defaults.
 * `world`: whose (unset: an older server's one world); `fresh`: a fresh run from its seeded start, where it has one.
 */
export function recordTrailsBytes(ask: { readonly world?: World; readonly fresh?: boolean } = {}): Bytes {
  const value = { ...(ask.world !== undefined ? { world: ask.world } : {}), ...(ask.fresh ? { fresh: true } : {}) };
  return encode(create(ClientMessageSchema, { body: { case: "recordTrails", value } }));
}

/**
 * The night replayed (replay.proto): START from `atMs` (0: the oldest moment kept), SEEK to it,
 * SPEED, or STOP (back to live). `speed`: times real time, 1 … 60 (0: the server's 60).
 */
export function replayRequestBytes(action: ReplayRequest_Action, atMs = 0, speed = 0): Bytes {
  const value = { action, atMs: BigInt(Math.max(0, Math.round(atMs))), speed: Math.max(0, Math.round(speed)) };
  return encode(create(ClientMessageSchema, { body: { case: "replay", value } }));
}

export type DecodedServerMessage =
  | { ok: true; message: ServerMessage }
  | { ok: false; error: string };

/** Parses one binary WebSocket message; malformed bytes become a value, never an exception. */
export function decodeServerMessage(bytes: Uint8Array): DecodedServerMessage {
  try {
    return { ok: true, message: fromBinary(ServerMessageSchema, bytes) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
