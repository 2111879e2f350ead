// What the viewer knows of the pond from its latest frames (docs/rules.md "The pond"): its fish
// (decoded from eight bytes each), its crumbs and predators, its figures, the water's box, its
// palette and settings, the crumbs eaten in the latest frame, the operator's lock on food. Plain
// values; nothing here draws (school-motion.ts glides the fish between frames).
import type { Frame } from "../gen/meadow/v1/viewer_pb";
import { rectFromProto } from "../net/proto-mapping";
import type { Point, WorldRect } from "../render/viewport";
import { frameSettingsNow } from "../settings/frame-settings";
import type { SettingsNow } from "../settings/settings-panel-model";
import type { Fish } from "./school-motion";

/** Bytes a fish on the wire: x, y (uint16 fractions of the water), vx, vy (int16 hundredths of a world unit a step). */
export const FISH_BYTES = 8;

export interface PondFigures {
  readonly fish: number;
  /** Crumbs eaten since the pond began. */
  readonly fed: number;
  /** The school's mean distance from its centre, world units (small: a tight school). */
  readonly spread: number;
  readonly crumbs: number;
  /** World units a step: the settings' maximum speed. */
  readonly maxSpeed: number;
}

export interface CrumbView extends Point {
  readonly id: number;
  /** The session that dropped it (0n: the operator). */
  readonly owner: bigint;
}

export interface PredatorView extends Point {
  readonly owner: bigint;
}

/** The pond's palettes (its schema's presets): they change only its colours and light. */
export type PondPaletteName = "tropical" | "arctic" | "deep";
export const POND_PALETTES: readonly PondPaletteName[] = ["tropical", "arctic", "deep"];

/**
 * Fish from PondState.fish in world units; undefined when the bytes are not `count` fish of
 * eight. `water`: the box their positions are fractions of.
 */
export function fishFromBytes(bytes: Uint8Array, count: number, water: WorldRect): Fish[] | undefined {
  if (bytes.length !== count * FISH_BYTES) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fish: Fish[] = [];
  for (let i = 0, at = 0; i < count; i++, at += FISH_BYTES) {
    fish.push({
      id: i,
      x: water.x + (view.getUint16(at, true) / 65536) * water.width,
      y: water.y + (view.getUint16(at + 2, true) / 65536) * water.height,
      vx: view.getInt16(at + 4, true) / 100,
      vy: view.getInt16(at + 6, true) / 100,
    });
  }
  return fish;
}

export class PondState {
  fish: readonly Fish[] | undefined;
  figures: PondFigures | undefined;
  /** The box the shore lies in (world units), as the frames say. */
  water: WorldRect | undefined;
  crumbs: readonly CrumbView[] = [];
  predators: readonly PredatorView[] = [];
  /** Crumbs eaten in the latest frame, where they lay. */
  eaten: readonly (Point & { readonly id: number })[] = [];
  palette: PondPaletteName = "tropical";
  settings: SettingsNow | undefined;
  /** The operator locked the flower tool, and with it the food. */
  foodLocked = false;
  viewers: number | undefined;
  worldBounds: WorldRect | undefined;
  cameraTarget: WorldRect | undefined;
  /** The meadow's tick of the latest frame. */
  tick = 0n;
  /** Pond frames taken since the page loaded, and frames refused (bytes that were not fish). */
  frames = 0;
  refused = 0;

  applyFrame(frame: Frame): void {
    this.viewers = frame.viewers;
    this.tick = frame.tick;
    const bounds = rectFromProto(frame.worldBounds);
    if (bounds) this.worldBounds = bounds;
    this.cameraTarget = rectFromProto(frame.camera) ?? this.worldBounds;
    this.settings = frameSettingsNow(frame) ?? this.settings;
    const preset = frame.settingsPreset as PondPaletteName;
    if (POND_PALETTES.includes(preset)) this.palette = preset;
    this.foodLocked = frame.locks?.flower ?? false;
    this.eaten = frame.events.flatMap((e) =>
      e.body.case === "crumbEaten" ? [{ id: e.body.value.markId, x: e.body.value.position?.x ?? 0, y: e.body.value.position?.y ?? 0 }] : [],
    );
    const p = frame.pond;
    if (!p) return;
    const water = rectFromProto(p.water) ?? this.water;
    const fish = water && fishFromBytes(p.fish, p.count, water);
    if (!fish) {
      this.refused += 1;
      return;
    }
    this.frames += 1;
    this.water = water;
    this.fish = fish;
    this.crumbs = p.crumbs.flatMap((c) => (c.position ? [{ id: c.id, x: c.position.x, y: c.position.y, owner: c.ownerSession }] : []));
    this.predators = p.predators.flatMap((d) => (d.position ? [{ x: d.position.x, y: d.position.y, owner: d.ownerSession }] : []));
    this.figures = {
      fish: p.count,
      fed: Number(p.fed),
      spread: finite(p.spread),
      crumbs: this.crumbs.length,
      maxSpeed: finite(p.maxSpeed),
    };
  }

  /** The link dropped: what the frames said no longer holds. */
  forget(): void {
    this.fish = undefined;
    this.figures = undefined;
    this.crumbs = [];
    this.predators = [];
    this.eaten = [];
    this.viewers = undefined;
  }
}

function finite(v: number): number {
  return Number.isFinite(v) ? v : 0;
}
