// Pre-drawn glows, one small canvas per colour: a radial gradient with a hot pale core, the
// colour around it and a soft falloff. Drawing hundreds of fireflies is then one drawImage each
// (with globalAlpha for the strength) instead of a gradient built per firefly per frame.
// Colours are rounded to a few levels per channel, so a handful of sprites serve every energy.
import type { Rgb } from "../render/palette";

/** Device pixels across a sprite; drawn scaled, so this is only its detail. */
const SPRITE_PX = 64;
/** Levels per colour channel the sprites are rounded to. */
const LEVELS = 24;
/** More sprites than this and the cache starts afresh (colours drift with the palette only). */
const MAX_SPRITES = 400;

export class GlowSprites {
  private readonly cache = new Map<number, HTMLCanvasElement>();

  constructor(private readonly doc: Document) {}

  /** The sprite for a colour (channels 0 … 1); its glow fills the whole square. */
  get(color: Rgb): HTMLCanvasElement {
    const q = color.map((c) => Math.round(Math.min(Math.max(c, 0), 1) * LEVELS)) as [number, number, number];
    const key = (q[0] * (LEVELS + 1) + q[1]) * (LEVELS + 1) + q[2];
    const hit = this.cache.get(key);
    if (hit) return hit;
    if (this.cache.size >= MAX_SPRITES) this.cache.clear();
    const sprite = this.draw(q.map((c) => Math.round((c / LEVELS) * 255)) as [number, number, number]);
    this.cache.set(key, sprite);
    return sprite;
  }

  private draw([r, g, b]: readonly [number, number, number]): HTMLCanvasElement {
    const c = this.doc.createElement("canvas");
    c.width = c.height = SPRITE_PX;
    const ctx = c.getContext("2d");
    if (!ctx) return c;
    const h = SPRITE_PX / 2;
    const grad = ctx.createRadialGradient(h, h, 0, h, h, h);
    // A pale core where the firefly is, its colour around it, then a long soft tail: the glow
    // of one small light in the dark grass.
    grad.addColorStop(0, "rgba(255, 255, 235, 1)");
    grad.addColorStop(0.05, `rgba(${r}, ${g}, ${b}, 1)`);
    grad.addColorStop(0.12, `rgba(${r}, ${g}, ${b}, 0.6)`);
    grad.addColorStop(0.25, `rgba(${r}, ${g}, ${b}, 0.26)`);
    grad.addColorStop(0.5, `rgba(${r}, ${g}, ${b}, 0.08)`);
    grad.addColorStop(1, `rgba(${r}, ${g}, ${b}, 0)`);
    ctx.fillStyle = grad;
    ctx.fillRect(0, 0, SPRITE_PX, SPRITE_PX);
    return c;
  }
}
