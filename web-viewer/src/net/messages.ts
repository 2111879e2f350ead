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
  type Tool,
  type World,
} from "../gen/meadow/v1/viewer_pb";

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

/** Shared swarm settings; fields left undefined are left as they are on the server. */
export interface SettingsChange {
  readonly count?: number;
  readonly separation?: number;
  readonly alignment?: number;
  readonly cohesion?: number;
  /** The speed band's factor, 0.5 … 2. */
  readonly speed?: number;
}

export function swarmSettingsBytes(change: SettingsChange): Bytes {
  return encode(
    create(ClientMessageSchema, {
      body: {
        case: "swarmSettings",
        value: {
          ...(change.count !== undefined ? { count: Math.round(change.count) } : {}),
          ...(change.separation !== undefined ? { separation: change.separation } : {}),
          ...(change.alignment !== undefined ? { alignment: change.alignment } : {}),
          ...(change.cohesion !== undefined ? { cohesion: change.cohesion } : {}),
          ...(change.speed !== undefined ? { speed: change.speed } : {}),
        },
      },
    }),
  );
}

/** Live trails (WatchTrails): the server sends TrailPoints after each swarm frame while on. */
export function watchTrailsBytes(on: boolean): Bytes {
  return encode(create(ClientMessageSchema, { body: { case: "watchTrails", value: { on } } }));
}

/** A recording of trails (TrailsRequest); 0 for a field, as here for all: the server's defaults. */
export function recordTrailsBytes(): Bytes {
  return encode(create(ClientMessageSchema, { body: { case: "recordTrails", value: {} } }));
}

/** Shared mold settings (MoldSettings); fields left undefined are left as they are on the server. */
export interface MoldSettingsChange {
  readonly agents?: number;
  readonly sensorAngle?: number;
  readonly turnAngle?: number;
  readonly sensorDistance?: number;
  readonly deposit?: number;
  readonly decay?: number;
  readonly diffusion?: number;
  readonly occupancy?: boolean;
  /** One of MoldState.presets' names: every setting but the agents. */
  readonly preset?: string;
}

export function moldSettingsBytes(change: MoldSettingsChange): Bytes {
  // Only the fields given are set (they are proto3 `optional`): the server leaves the rest alone.
  const value: { -readonly [K in keyof MoldSettingsChange]: MoldSettingsChange[K] } = {};
  if (change.agents !== undefined) value.agents = Math.max(0, Math.round(change.agents));
  if (change.sensorAngle !== undefined) value.sensorAngle = change.sensorAngle;
  if (change.turnAngle !== undefined) value.turnAngle = change.turnAngle;
  if (change.sensorDistance !== undefined) value.sensorDistance = change.sensorDistance;
  if (change.deposit !== undefined) value.deposit = change.deposit;
  if (change.decay !== undefined) value.decay = change.decay;
  if (change.diffusion !== undefined) value.diffusion = change.diffusion;
  if (change.occupancy !== undefined) value.occupancy = change.occupancy;
  if (change.preset !== undefined) value.preset = change.preset;
  return encode(create(ClientMessageSchema, { body: { case: "moldSettings", value } }));
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
