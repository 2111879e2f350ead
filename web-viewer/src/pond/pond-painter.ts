// The pond on its canvas, seen from above (docs/rules.md "The pond"): the meadow's pond's water
// (pondOf(0, 0), the shore the ground paints and the server swims in) tinted by the pond's
// palette, each fish's shadow on the bottom, the fish themselves (bent as they turn, their tails
// beating: fish-shape.ts), the lily pads over them, the crumbs, the rings where crumbs were eaten
// and the predators' dark shadows. Painted in world units through the viewport's mapping, so a fish
// is its 6 units long at every zoom. Redrawn every animation frame while shown: the fish glide.
import type { Spark } from "../render/marks";
import { paintOwnDot } from "../render/marks";
import { clearedContext } from "../render/canvas-2d";
import type { Pond } from "../land/land-features";
import { css } from "../render/palettes";
import { paintLilyPads, paintWater, shorePath } from "../land/tile-painter";
import type { Viewport } from "../render/viewport";
import { fishOutline, fishSpine, spineSag, tailFin, type Points } from "./fish-shape";
import type { PondLook } from "./pond-looks";
import type { CrumbView } from "./pond-state";
import type { SwimmingFish } from "./school-motion";

/** A fish's length, world units (the source's 24 px at a quarter of a unit a pixel: pond_rules.hpp). */
export const FISH_LENGTH = 6;
/** How far the predator scatters the school, world units (pond_rules.hpp: 200 px). */
export const PREDATOR_REACH = 50;
/** A crumb's radius, world units, and the least it is on screen (CSS px). */
const CRUMB_RADIUS = 0.9;
const CRUMB_MIN_PX = 1.5;
/** Seconds a ring where a crumb was eaten lasts, and how wide it grows (world units). */
export const RIPPLE_S = 0.9;
const RIPPLE_REACH = 9;
/** A fish's shadow falls this far (world units) down and right of it: the moon is up and to the left. */
const SHADOW_OFFSET = 1.1;
/** A fish counts as drawn bent when its spine strays this share of its length off straight. */
const BENT_SAG = 0.03;

/** A predator's shadow: where, which way it moved last, and whether this viewer's. */
export interface PredatorShadow {
  readonly x: number;
  readonly y: number;
  readonly heading: number;
  readonly own: boolean;
}

export interface PondScene {
  readonly pond: Pond;
  readonly look: PondLook;
  readonly fish: readonly SwimmingFish[];
  readonly crumbs: readonly CrumbView[];
  readonly predators: readonly PredatorShadow[];
  readonly ripples: readonly Spark[];
  /** Seconds, the ripples' clock. */
  readonly timeS: number;
}

export interface PondDrawn {
  readonly fish: number;
  /** Fish drawn visibly bent (turning). */
  readonly bent: number;
  readonly crumbs: number;
}

export const NOTHING_DRAWN: PondDrawn = { fish: 0, bent: 0, crumbs: 0 };

export function paintPond(canvas: HTMLCanvasElement, viewport: Viewport, scene: PondScene): PondDrawn {
  const ctx = clearedContext(canvas, viewport);
  if (!ctx) return NOTHING_DRAWN;
  const d = viewport.dpr;
  const s = viewport.scale;
  // World units → device pixels.
  ctx.setTransform(d * s, 0, 0, d * s, d * (viewport.offsetX - viewport.view.x * s), d * (viewport.offsetY - viewport.view.y * s));
  const { pond, look } = scene;
  paintWater(ctx, pond, look.waterDeep, look.waterShallow, look.glint, look.glintAlpha);
  ctx.save();
  shorePath(ctx, pond, 1);
  ctx.clip();
  let bent = 0;
  if (look.shadow > 0) for (const f of scene.fish) paintFish(ctx, f, SHADOW_OFFSET, `rgba(0, 0, 0, ${look.shadow})`, 0);
  scene.fish.forEach((f, i) => {
    const colour = look.fish[i % look.fish.length] ?? [255, 255, 255];
    if (paintFish(ctx, f, 0, css(colour, look.fishAlpha), look.glow, colour) > BENT_SAG * FISH_LENGTH) bent += 1;
  });
  ctx.restore();
  paintLilyPads(ctx, pond.pads, css(look.pad), css(look.padFlower, 0.85));
  const crumbR = Math.max(CRUMB_RADIUS, CRUMB_MIN_PX / Math.max(s, 1e-6));
  for (const c of scene.crumbs) paintCrumb(ctx, c.x, c.y, crumbR, look);
  for (const r of scene.ripples) paintRipple(ctx, r, scene.timeS, look);
  for (const p of scene.predators) paintPredator(ctx, p, s);
  return { fish: scene.fish.length, bent, crumbs: scene.crumbs.length };
}

/** One fish (or its shadow, `offset` units away): its body and tail fin. Returns how bent its spine is (world units). */
function paintFish(ctx: CanvasRenderingContext2D, f: SwimmingFish, offset: number, fill: string, glow: number, colour?: readonly [number, number, number]): number {
  const spine = fishSpine(f.x + offset, f.y + offset, f.heading, f.bend, FISH_LENGTH);
  if (glow > 0 && colour) {
    // A soft halo, brightest on the fish and gone at its reach: light in dark water.
    const r = FISH_LENGTH * 0.75;
    const halo = ctx.createRadialGradient(f.x, f.y, 0, f.x, f.y, r);
    halo.addColorStop(0, css(colour, glow));
    halo.addColorStop(1, css(colour, 0));
    ctx.fillStyle = halo;
    ctx.beginPath();
    ctx.arc(f.x, f.y, r, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = fill;
  polygon(ctx, fishOutline(spine, FISH_LENGTH));
  polygon(ctx, tailFin(spine, f.flick, FISH_LENGTH));
  return spineSag(spine);
}

function polygon(ctx: CanvasRenderingContext2D, points: Points): void {
  ctx.beginPath();
  ctx.moveTo(points[0]!, points[1]!);
  for (let i = 2; i < points.length; i += 2) ctx.lineTo(points[i]!, points[i + 1]!);
  ctx.closePath();
  ctx.fill();
}

/** A crumb: a small pale dot with a faint halo. */
function paintCrumb(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, look: PondLook): void {
  ctx.fillStyle = css(look.crumb, 0.25);
  ctx.beginPath();
  ctx.arc(x, y, r * 2.2, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = css(look.crumb, 0.95);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

/** Where a crumb was eaten: a thin ring spreading on the water, fading. */
function paintRipple(ctx: CanvasRenderingContext2D, r: Spark, timeS: number, look: PondLook): void {
  const age = (timeS - r.atS) / RIPPLE_S;
  if (!(age >= 0 && age < 1)) return;
  ctx.strokeStyle = css(look.glint, 0.6 * (1 - age));
  ctx.lineWidth = 0.5;
  ctx.beginPath();
  ctx.arc(r.x, r.y, 1 + RIPPLE_REACH * age, 0, Math.PI * 2);
  ctx.stroke();
}

/** A predator: a long dark shadow over the water, soft at its edge, and the faint edge of the reach it scatters. */
function paintPredator(ctx: CanvasRenderingContext2D, p: PredatorShadow, scale: number): void {
  ctx.save();
  ctx.translate(p.x, p.y);
  ctx.rotate(p.heading);
  ctx.scale(1, 0.4);
  const r = 12;
  const shade = ctx.createRadialGradient(0, 0, 0, 0, 0, r);
  shade.addColorStop(0, "rgba(0, 0, 0, 0.62)");
  shade.addColorStop(0.6, "rgba(0, 0, 0, 0.45)");
  shade.addColorStop(1, "rgba(0, 0, 0, 0)");
  ctx.fillStyle = shade;
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  ctx.strokeStyle = "rgba(10, 14, 20, 0.35)";
  ctx.lineWidth = 1 / Math.max(scale, 1e-6);
  ctx.beginPath();
  ctx.arc(p.x, p.y, PREDATOR_REACH, 0, Math.PI * 2);
  ctx.stroke();
  if (p.own) {
    // One's own mark's bright centre, at its screen size.
    ctx.save();
    ctx.translate(p.x, p.y);
    ctx.scale(1 / scale, 1 / scale);
    paintOwnDot(ctx, 0, 0);
    ctx.restore();
  }
}
