// Mold frames for tests, built with the generated proto types as the server would send them: a
// one-channel trail light over the meadow (key or delta, LIGHT_CODEC_ZSTD_U8 exactly as the
// swarm's light tests encode it), the mold's figures and settings, and its marks. Also a view
// wired to canvases that are only stand-ins (node has no DOM): nothing here draws.
import { create } from "@bufbuild/protobuf";
import { FrameSchema, LightCodec, SettingSpec_Kind, SettingsSchemaSchema, Tool, World, type Frame, type SettingsSchema } from "../../src/gen/meadow/v1/viewer_pb";
import { MoldView, type MoldHooks } from "../../src/mold/mold-view";
import { DEFAULT_PALETTE } from "../../src/render/palettes";
import { Viewport } from "../../src/render/viewport";
import { KeepUpMeter } from "../../src/util/keep-up";
import { lightPayload, rawZstd } from "./zstd-helpers";

export const MEADOW = { x: 0, y: 0, width: 1600, height: 900 } as const;
export const MAP_W = 256;
export const MAP_H = 144;

/** A trail map: a few soft strands (diagonal bands) that move with `seed`. */
export function trail(seed: number, width = MAP_W, height = MAP_H): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const band = Math.abs(Math.sin((x + 2 * y + seed * 5) * 0.08));
      out[y * width + x] = band > 0.85 ? Math.round((band - 0.85) * 1700) : 0;
    }
  }
  return out;
}

export interface MoldFrameOptions {
  readonly number?: bigint;
  readonly raster?: Uint8Array;
  /** Makes a delta frame against this raster (frame `baseFrame`). */
  readonly base?: { readonly raster: Uint8Array; readonly frame: bigint };
  readonly coverage?: number;
  readonly locked?: boolean;
  readonly preset?: string;
  readonly flakeAmount?: number;
}

export function moldFrame(o: MoldFrameOptions = {}): Frame {
  const raster = o.raster ?? trail(1);
  return create(FrameSchema, {
    number: o.number ?? 10n,
    tick: 600n,
    world: World.MOLD,
    viewers: 2,
    worldBounds: MEADOW,
    camera: MEADOW,
    light: {
      width: MAP_W,
      height: MAP_H,
      channels: 1,
      bounds: MEADOW,
      codec: LightCodec.ZSTD_U8,
      key: o.base === undefined,
      baseFrame: o.base?.frame ?? 0n,
      data: rawZstd(lightPayload(raster, MAP_W, o.base?.raster)),
    },
    marks: [
      { id: 4, tool: Tool.FLOWER, position: { x: 400, y: 300 }, ownerSession: 7n, radius: 8, amount: o.flakeAmount ?? 0.5 },
      { id: 5, tool: Tool.ATTRACT, position: { x: 900, y: 500 }, ownerSession: 9n, radius: 40 },
    ],
    mold: {
      figures: { agents: 10240, stepsPerSecond: 59.6, coverage: o.coverage ?? 0.347, components: 3, holes: 12, junctions: 40, measuredStep: 580n },
      settings: { agents: 10240, sensorAngle: 22.5, turnAngle: 45, sensorDistance: 9, deposit: 0.04, decay: 0.1, diffusion: 1, occupancy: true, preset: o.preset ?? "lace" },
      presets: [
        { name: "lace", title: "Fine lace" },
        { name: "veins", title: "Thick veins" },
      ],
      settingsLocked: o.locked ?? false,
      mapWidth: MAP_W,
      mapHeight: MAP_H,
      maxAgents: 40960,
      minAgents: 256,
      food: 1,
      maxFood: 6,
    },
  });
}

/** A stand-in canvas: no 2D, no WebGL (the light renderer says so and still decodes). */
export function fakeCanvas(): HTMLCanvasElement {
  const canvas = { hidden: false, style: {}, getContext: () => null, addEventListener: () => undefined };
  return canvas as unknown as HTMLCanvasElement;
}

export const VIEWPORT = new Viewport(MEADOW, 1280, 720, 1);

/** A mold view on stand-in canvases, its light on this thread (`?light=main`), no panel. */
export function moldView(over: Partial<MoldHooks> = {}): MoldView {
  return new MoldView(
    { light: fakeCanvas(), marks: fakeCanvas() },
    {
      palette: DEFAULT_PALETTE,
      framesPerSecond: 30,
      viewport: VIEWPORT,
      search: "?light=main",
      keepUp: new KeepUpMeter(),
      sessionId: () => 7n,
      say: () => undefined,
      problem: () => undefined,
      resync: () => undefined,
      videoAnswers: { answered: () => undefined, failed: () => undefined, needsKey: () => undefined },
      ...over,
    },
  );
}

/** The mold's settings schema as the server's Welcome carries it (server/sim/mold/mold_settings.cpp). */
export function moldSchemaProto(): SettingsSchema {
  const number = (name: string, label: string, unit: string, min: number, max: number, step: number) => ({ name, label, unit, kind: SettingSpec_Kind.NUMBER, min, max, step });
  return create(SettingsSchemaSchema, {
    world: World.MOLD,
    settings: [
      { name: "agents", label: "agents", unit: "agents", kind: SettingSpec_Kind.WHOLE, min: 256, max: 16_777_216, step: 256 },
      number("sensor_angle", "sensor angle", "degrees", 0, 90, 0.5),
      number("turn_angle", "turn angle", "degrees", 0, 90, 0.5),
      number("sensor_distance", "sensor distance", "map cells", 1, 40, 0.5),
      number("deposit", "deposit", "of a full cell", 0, 1, 0.001),
      number("decay", "decay", "a step", 0, 1, 0.001),
      number("diffusion", "diffusion", "", 0, 1, 0.01),
      { name: "occupancy", label: "occupancy (one agent a cell)", unit: "", kind: SettingSpec_Kind.FLAG, min: 0, max: 1, step: 1 },
    ],
    presets: [
      { name: "lace", title: "Fine lace" },
      { name: "veins", title: "Thick veins" },
    ],
  });
}
