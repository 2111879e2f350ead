// The air over the meadow, in its own canvas above both worlds' light and below the marks
// (added on, plus-lighter, like light catching the moon): drifting motes always, gust streaks
// while a gust blows. Redrawn every animation frame while frames bring a breeze; a frame
// without one (an older server) leaves the air clear. Nothing is allocated per frame: the motes
// and streaks are typed arrays, the mote is one small pre-drawn sprite, colours fixed strings.
import { clearCanvas, clearedContext } from "../render/canvas-2d";
import type { Viewport } from "../render/viewport";
import type { BreezeView } from "./breeze";
import { clampStep, MoteField, WOBBLE_UNITS } from "./motes";
import { StreakField, streakAlpha, streakCount, streakLength } from "./streaks";

/** CSS px: a mote's radius, smallest … largest. */
const MOTE_RADIUS_LOW = 0.9;
const MOTE_RADIUS_HIGH = 2.1;
/** A mote's alpha, faintest … brightest, and how much it twinkles (share, radians/s). */
const MOTE_ALPHA_LOW = 0.25;
const MOTE_ALPHA_HIGH = 0.7;
const TWINKLE = 0.35;
const TWINKLE_RATE = 2.3;
/** Device px across the mote sprite (drawn scaled). */
const SPRITE_PX = 16;
/** Pale, a little green: pollen in moonlight. */
const MOTE_RGB = "232, 240, 214";
const STREAK_STYLE = "rgb(214, 226, 236)";
/** CSS px: a streak's width; its bend across the wind (share of its length). */
const STREAK_WIDTH = 1.1;
const STREAK_BEND = 0.12;

export class AirLayer {
  private readonly motes = new MoteField();
  private readonly streaks = new StreakField();
  private readonly sprite: HTMLCanvasElement;
  private lastS: number | undefined;
  private shown = false;
  /** Motes and streaks drawn in the latest frame, for the debug hook. */
  drawnMotes = 0;
  drawnStreaks = 0;
  /** Seconds of breeze the motes have been carried along so far (long steps cut short). */
  carriedS = 0;

  constructor(private readonly canvas: HTMLCanvasElement) {
    this.sprite = moteSprite(canvas.ownerDocument);
  }

  /** `timeS`: seconds on a steady clock (the same every call). */
  draw(viewport: Viewport, breeze: BreezeView | undefined, timeS: number): void {
    const dt = this.lastS === undefined ? 0 : timeS - this.lastS;
    this.lastS = timeS;
    if (!breeze) {
      this.clear();
      return;
    }
    const w = viewport.cssWidth;
    const h = viewport.cssHeight;
    const s = viewport.scale;
    this.motes.advect(breeze, dt, s, w, h);
    this.carriedS += clampStep(dt);
    this.streaks.advect(breeze, dt, s, w, h);
    const ctx = clearedContext(this.canvas, viewport);
    if (!ctx) return;
    ctx.setTransform(viewport.dpr, 0, 0, viewport.dpr, 0, 0);
    const cos = Math.cos(breeze.direction);
    const sin = Math.sin(breeze.direction);
    this.drawnMotes = this.paintMotes(ctx, w, h, s, cos, sin, timeS);
    this.drawnStreaks = this.paintStreaks(ctx, w, h, s, cos, sin, breeze);
    ctx.globalAlpha = 1;
    this.shown = true;
  }

  clear(): void {
    this.drawnMotes = this.drawnStreaks = 0;
    if (!this.shown) return;
    clearCanvas(this.canvas);
    this.shown = false;
  }

  private paintMotes(ctx: CanvasRenderingContext2D, w: number, h: number, s: number, cos: number, sin: number, timeS: number): number {
    const m = this.motes;
    const wobble = WOBBLE_UNITS * s;
    for (let i = 0; i < m.count; i++) {
      const k = m.weight[i] ?? 0;
      const phase = m.phase[i] ?? 0;
      // Across the wind: (−sin, cos).
      const side = wobble * Math.sin(timeS * (m.rate[i] ?? 1) + phase);
      const x = (m.u[i] ?? 0) * w - sin * side;
      const y = (m.v[i] ?? 0) * h + cos * side;
      const r = MOTE_RADIUS_LOW + (MOTE_RADIUS_HIGH - MOTE_RADIUS_LOW) * k;
      const twinkle = 1 - TWINKLE * (0.5 + 0.5 * Math.sin(timeS * TWINKLE_RATE + phase * 3));
      ctx.globalAlpha = (MOTE_ALPHA_LOW + (MOTE_ALPHA_HIGH - MOTE_ALPHA_LOW) * k) * twinkle;
      ctx.drawImage(this.sprite, x - r, y - r, 2 * r, 2 * r);
    }
    return m.count;
  }

  private paintStreaks(ctx: CanvasRenderingContext2D, w: number, h: number, s: number, cos: number, sin: number, breeze: BreezeView): number {
    const n = streakCount(breeze.gust);
    if (n === 0) return 0;
    const st = this.streaks;
    const len = streakLength(breeze) * s;
    ctx.strokeStyle = STREAK_STYLE;
    ctx.lineWidth = STREAK_WIDTH;
    ctx.lineCap = "round";
    for (let i = 0; i < n; i++) {
      ctx.globalAlpha = streakAlpha(st.life[i] ?? 0, breeze.gust);
      // The head is where the streak is; its tail trails upwind, bowed a little across.
      const x = (st.u[i] ?? 0) * w;
      const y = (st.v[i] ?? 0) * h;
      const tx = x - cos * len;
      const ty = y - sin * len;
      const bow = (st.bend[i] ?? 0) * STREAK_BEND * len;
      ctx.beginPath();
      ctx.moveTo(tx, ty);
      ctx.quadraticCurveTo((x + tx) / 2 - sin * bow, (y + ty) / 2 + cos * bow, x, y);
      ctx.stroke();
    }
    return n;
  }
}

/** A soft round speck, drawn once. */
function moteSprite(doc: Document): HTMLCanvasElement {
  const c = doc.createElement("canvas");
  c.width = c.height = SPRITE_PX;
  const ctx = c.getContext("2d");
  if (!ctx) return c;
  const half = SPRITE_PX / 2;
  const g = ctx.createRadialGradient(half, half, 0, half, half, half);
  g.addColorStop(0, `rgba(${MOTE_RGB}, 1)`);
  g.addColorStop(0.45, `rgba(${MOTE_RGB}, 0.75)`);
  g.addColorStop(1, `rgba(${MOTE_RGB}, 0)`);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, SPRITE_PX, SPRITE_PX);
  return c;
}
