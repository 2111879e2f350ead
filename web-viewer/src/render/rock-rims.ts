// The rocks' rim light (docs/rules.md, the light of a world that has it): every rock gathers the
// light of the fireflies around it and shows a rim of light on the side where they are. The server
// measures each rim (direction, strength, how one-sided) from their density every frame; the viewer eases
// towards the latest measure so the rim glides at any display rate, and draws it as an arc on the
// rock's edge, added onto the meadow like the light. `RimEaser` and `rimArcs` are pure and tested;
// `paintRims` only draws.
import type { RockView } from "./rocks";
import type { Rgb } from "./palette";
import { clearedContext } from "./canvas-2d";
import type { Viewport } from "./viewport";

export interface RimView {
  readonly rockId: number;
  /** Radians from the rock's centre towards the light: 0 = +x, π/2 = +y (down). */
  readonly angle: number;
  /** 0…1. */
  readonly strength: number;
  /** 0 (the same all round) … 1 (all from one side). */
  readonly focus: number;
}

/** Seconds for a rim to cover about two thirds of the way to a new measure. */
export const RIM_EASE_S = 0.15;
/** Below this strength a rim is not drawn (and forgotten once eased out). */
const RIM_FAINTEST = 0.01;
/** Half the arc's span, radians: a fully one-sided rim spans a third of the rock, an even one all of it. */
const NARROWEST_HALF_SPAN = Math.PI / 3;
/** The rim's width as a share of the rock's radius, and never thinner than this on screen (CSS px). */
const RIM_WIDTH = 0.22;
const RIM_MIN_PX = 1.2;

interface EasedRim {
  /** strength × (cos, sin) of the angle, so easing never swings the long way round. */
  x: number;
  y: number;
  strength: number;
  focus: number;
}

/** Eases each rock's rim towards the latest measure. */
export class RimEaser {
  private readonly rims = new Map<number, EasedRim>();
  private targets: readonly RimView[] = [];

  /** The rims of the latest frame; rocks missing from it fade out. */
  setTargets(rims: readonly RimView[]): void {
    this.targets = rims;
  }

  /** Advances by `dtS` seconds and returns the rims to draw now. */
  step(dtS: number): RimView[] {
    const k = 1 - Math.exp(-Math.max(0, dtS) / RIM_EASE_S);
    const seen = new Set<number>();
    for (const t of this.targets) {
      seen.add(t.rockId);
      const tx = t.strength * Math.cos(t.angle);
      const ty = t.strength * Math.sin(t.angle);
      const r = this.rims.get(t.rockId);
      if (!r) {
        // A rim that was not there fades in from nothing, in the direction it has.
        this.rims.set(t.rockId, { x: tx * k, y: ty * k, strength: t.strength * k, focus: t.focus });
        continue;
      }
      r.x += (tx - r.x) * k;
      r.y += (ty - r.y) * k;
      r.strength += (t.strength - r.strength) * k;
      r.focus += (t.focus - r.focus) * k;
    }
    const out: RimView[] = [];
    for (const [rockId, r] of this.rims) {
      if (!seen.has(rockId)) {
        r.x -= r.x * k;
        r.y -= r.y * k;
        r.strength -= r.strength * k;
      }
      if (r.strength < RIM_FAINTEST) {
        if (!seen.has(rockId)) this.rims.delete(rockId);
        continue;
      }
      out.push({ rockId, angle: Math.atan2(r.y, r.x), strength: r.strength, focus: r.focus });
    }
    return out;
  }

  clear(): void {
    this.rims.clear();
    this.targets = [];
  }
}

export interface RimArc {
  /** Centre and radius on the canvas, device pixels. */
  readonly x: number;
  readonly y: number;
  readonly radius: number;
  readonly start: number;
  readonly end: number;
  readonly width: number;
  readonly alpha: number;
}

/** The arcs to draw: one per lit rock that is on screen, on its edge, centred on the light's side. */
export function rimArcs(rims: readonly RimView[], rocks: readonly RockView[], viewport: Viewport): RimArc[] {
  const byId = new Map(rocks.map((r) => [r.id, r] as const));
  const d = viewport.dpr;
  const out: RimArc[] = [];
  for (const rim of rims) {
    const rock = byId.get(rim.rockId);
    if (!rock || !(rim.strength >= RIM_FAINTEST)) continue;
    const c = viewport.worldToScreen(rock.x, rock.y);
    const radius = rock.radius * viewport.scale * d;
    if (!(radius > 0.5)) continue;
    // Focus is 0…1 already (rimsFromProto clamps it, the easer only moves between such values).
    const halfSpan = Math.PI - (Math.PI - NARROWEST_HALF_SPAN) * rim.focus;
    out.push({
      x: c.x * d,
      y: c.y * d,
      radius,
      start: rim.angle - halfSpan,
      end: rim.angle + halfSpan,
      width: Math.max(RIM_MIN_PX * d, radius * RIM_WIDTH),
      alpha: Math.min(1, rim.strength),
    });
  }
  return out;
}

/** Draws the arcs in the light's colour: a soft wide band with a brighter edge inside it. */
export function paintRims(canvas: HTMLCanvasElement, viewport: Viewport, arcs: readonly RimArc[], color: Rgb): void {
  const ctx = clearedContext(canvas, viewport);
  if (!ctx) return;
  const [r, g, b] = color.map((c) => Math.round(Math.min(1, Math.max(0, c)) * 255));
  ctx.lineCap = "round";
  for (const arc of arcs) {
    ctx.beginPath();
    ctx.arc(arc.x, arc.y, arc.radius + arc.width * 0.5, arc.start, arc.end);
    ctx.strokeStyle = `rgba(${r}, ${g}, ${b}, ${(0.35 * arc.alpha).toFixed(3)})`;
    ctx.lineWidth = arc.width * 2;
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(arc.x, arc.y, arc.radius + arc.width * 0.25, arc.start, arc.end);
    ctx.strokeStyle = `rgba(${r}, ${g}, ${b}, ${(0.8 * arc.alpha).toFixed(3)})`;
    ctx.lineWidth = arc.width * 0.6;
    ctx.stroke();
  }
}
