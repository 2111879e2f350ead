// The colony's light (docs/rules.md "The colony · Hunger", "The viewer · Layers"), redrawn every
// animation frame into a canvas that CSS adds onto the meadow (plus-lighter): each firefly's glow,
// added up where they crowd ("lighter"), a soft highlight over each flower whose group flashes in
// sync, the events' brief flourishes, and painted over the glow so they keep their colour: the
// carriers' pink drops of nectar, the cream dots of seeds stuck on fireflies, and the pale specks
// of seeds falling.
import { clearedContext } from "../render/canvas-2d";
import { DotBatch } from "../render/dot-batch";
import type { MutablePoint, Viewport } from "../render/viewport";
import type { BreezeView } from "../wind/breeze";
import type { LiveEffect } from "./colony-effects";
import type { FireflyView, FlowerView, SeedView } from "./colony-snapshot";
import { fireflyLook, NECTAR_PINK, SEED_CREAM, SEED_DOT_RADIUS, seedDotAt } from "./firefly-look";
import type { GlowSprites } from "./glow-sprites";
import { newSeedSpeck, seedSpeck } from "./seed-specks";

/** A glow is never smaller than this on screen (CSS px), so far-out fireflies still show. */
const MIN_GLOW_PX = 3;
const MIN_DROP_PX = 1.2;
const MIN_SEED_DOT_PX = 1.2;
const MIN_SPECK_PX = 1.3;
const rgbText = (c: readonly number[]): string => `rgb(${c.map((v) => Math.round(v * 255)).join(", ")})`;
const PINK = rgbText(NECTAR_PINK);
const CREAM = rgbText(SEED_CREAM);
/** A falling seed: pale, a little warm. */
const SPECK = "rgb(240, 236, 218)";
/** The in-sync highlight: colour, radius (world units), strength and its slow pulse. */
const SYNC_COLOR = [0.75, 1.0, 0.7] as const;
const SYNC_RADIUS = 48;
const SYNC_STRENGTH = 0.4;
const SYNC_PULSE = 0.08;
const SYNC_RATE = 2.2;

/** Flourishes: colour, and radius (world units) at the start and the end. */
const EFFECT_LOOK = {
  birth: { color: [0.6, 1.0, 0.45], from: 6, to: 36, ring: true, strength: 0.7 },
  delivery: { color: [1.0, 0.75, 0.3], from: 40, to: 48, ring: false, strength: 0.35 },
  flower: { color: [0.95, 0.92, 0.85], from: 10, to: 48, ring: true, strength: 0.55 },
  wake: { color: [1.0, 0.6, 0.3], from: 30, to: 80, ring: false, strength: 0.6 },
  root: { color: [0.6, 0.95, 0.5], from: 3, to: 22, ring: true, strength: 0.6 },
} as const;

/** What moves in the colony between frames: its fireflies, flourishes, the air. */
export interface ColonyMotion {
  readonly fireflies: readonly FireflyView[];
  readonly effects: readonly LiveEffect[];
  readonly breeze: BreezeView | undefined;
  /** Seconds since the frame of the snapshot (its seeds) arrived. */
  readonly sinceFrameS: number;
}

/** What stays put until the next frame: flowers (for their in-sync highlight) and falling seeds. */
export interface ColonyLightThings {
  readonly flowers: readonly FlowerView[];
  readonly seeds: readonly SeedView[];
}

/** What the light reuses from frame to frame instead of allocating it. */
export class ColonyLightScratch {
  readonly drops = new DotBatch();
  readonly seedDots = new DotBatch();
  readonly point: MutablePoint = { x: 0, y: 0 };
  readonly speck = newSeedSpeck();
}

/** Paints the light; returns how many fireflies were drawn (in view). */
export function paintColonyLight(
  canvas: HTMLCanvasElement,
  viewport: Viewport,
  things: ColonyLightThings,
  motion: ColonyMotion,
  timeS: number,
  sprites: GlowSprites,
  scratch: ColonyLightScratch,
): number {
  const { fireflies } = motion;
  const { flowers } = things;
  const ctx = clearedContext(canvas, viewport);
  if (!ctx) return 0;
  const d = viewport.dpr;
  const s = viewport.scale;
  ctx.setTransform(d, 0, 0, d, 0, 0);
  ctx.globalCompositeOperation = "lighter";

  for (const fl of flowers) {
    if (!fl.inSync) continue;
    const p = viewport.worldToScreen(fl.x, fl.y);
    const r = SYNC_RADIUS * s;
    ctx.globalAlpha = SYNC_STRENGTH + SYNC_PULSE * Math.sin(timeS * SYNC_RATE + fl.id);
    ctx.drawImage(sprites.get(SYNC_COLOR), p.x - r, p.y - r, 2 * r, 2 * r);
  }

  paintEffects(ctx, viewport, motion.effects, sprites);

  const { drops, seedDots, point } = scratch;
  drops.clear();
  seedDots.clear();
  const w = viewport.cssWidth;
  const h = viewport.cssHeight;
  let drawn = 0;
  for (const f of fireflies) {
    const look = fireflyLook(f, timeS);
    if (!(look.strength > 0)) continue;
    const p = viewport.worldToScreen(f.x, f.y);
    const r = Math.max(look.radius * s, MIN_GLOW_PX);
    if (p.x < -r || p.y < -r || p.x > w + r || p.y > h + r) continue;
    ctx.globalAlpha = look.strength;
    ctx.drawImage(sprites.get(look.color), p.x - r, p.y - r, 2 * r, 2 * r);
    drawn += 1;
    if (look.drop) {
      const q = viewport.worldToScreen(look.drop.x, look.drop.y);
      drops.add(q.x, q.y, Math.max(look.drop.radius * s, MIN_DROP_PX));
    }
    if (f.seed) {
      seedDotAt(point, f);
      seedDots.add(viewport.offsetX + (point.x - viewport.view.x) * s, viewport.offsetY + (point.y - viewport.view.y) * s, Math.max(SEED_DOT_RADIUS * s, MIN_SEED_DOT_PX));
    }
  }

  ctx.globalCompositeOperation = "source-over";
  ctx.globalAlpha = 1;
  drops.fill(ctx, PINK);
  seedDots.fill(ctx, CREAM);
  paintSeeds(ctx, viewport, things.seeds, motion, scratch);
  ctx.globalAlpha = 1;
  return drawn;
}

/** The falling seeds: pale specks lifted by their height, fading as they land. */
function paintSeeds(ctx: CanvasRenderingContext2D, viewport: Viewport, seeds: readonly SeedView[], motion: ColonyMotion, scratch: ColonyLightScratch): void {
  const s = viewport.scale;
  const speck = scratch.speck;
  ctx.fillStyle = SPECK;
  for (const seed of seeds) {
    seedSpeck(speck, seed, motion.breeze, motion.sinceFrameS);
    ctx.globalAlpha = speck.alpha;
    ctx.beginPath();
    ctx.arc(viewport.offsetX + (speck.x - viewport.view.x) * s, viewport.offsetY + (speck.y - viewport.view.y) * s, Math.max(speck.radius * s, MIN_SPECK_PX), 0, Math.PI * 2);
    ctx.fill();
  }
}

function paintEffects(ctx: CanvasRenderingContext2D, viewport: Viewport, effects: readonly LiveEffect[], sprites: GlowSprites): void {
  for (const e of effects) {
    const look = EFFECT_LOOK[e.kind];
    const p = viewport.worldToScreen(e.x, e.y);
    const r = (look.from + (look.to - look.from) * e.age) * viewport.scale;
    const strength = look.strength * (1 - e.age);
    if (look.ring) {
      const [cr, cg, cb] = look.color.map((c) => Math.round(c * 255));
      ctx.globalAlpha = 1;
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = `rgba(${cr}, ${cg}, ${cb}, ${strength.toFixed(3)})`;
      ctx.beginPath();
      ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
      ctx.stroke();
    } else {
      ctx.globalAlpha = strength;
      ctx.drawImage(sprites.get(look.color), p.x - r, p.y - r, 2 * r, 2 * r);
    }
  }
}
