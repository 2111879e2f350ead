// The colony's frogs on their own canvas (docs/rules.md "The frog"), redrawn every animation frame
// while there are any (they hop and gulp between frames): each frog's soft shadow, back legs,
// night-green body lit from the moon's side, pale eyes with dark pupils and, after a catch, its
// pink tongue; and, while the frog tool is chosen, a faint ring of each frog's reach. Drawn in
// world units through the viewport's transform; a frog is never smaller than MIN_BODY_PX on screen.
import { clearedContext, fillDisc, strokeCircle } from "../render/canvas-2d";
import type { Point, Viewport } from "../render/viewport";
import type { FrogView } from "./colony-snapshot";
import { FROG_BODY_RADIUS, frogLook, type FrogLook } from "./frog-look";

/** A frog's body is never smaller than this on screen (CSS px). */
const MIN_BODY_PX = 6;
const SKIN = "rgb(62, 104, 58)";
const SKIN_LIT = "rgb(112, 156, 92)";
const SKIN_DARK = "rgb(34, 62, 36)";
const LEG = "rgb(74, 116, 66)";
const EYE = "rgb(200, 206, 146)";
const PUPIL = "rgb(14, 18, 10)";
const TONGUE = "rgb(232, 118, 134)";
const REACH = "rgba(190, 235, 170, 0.28)";

/** Paints the frogs; returns how many were drawn (in view). */
export function paintFrogs(canvas: HTMLCanvasElement, viewport: Viewport, frogs: readonly FrogView[], catches: ReadonlyMap<number, Point>, showReach: boolean): number {
  const ctx = clearedContext(canvas, viewport);
  if (!ctx || frogs.length === 0) return 0;
  const d = viewport.dpr;
  const k = viewport.scale;
  ctx.setTransform(k * d, 0, 0, k * d, (viewport.offsetX - viewport.view.x * k) * d, (viewport.offsetY - viewport.view.y * k) * d);
  const grow = k > 0 ? Math.max(1, MIN_BODY_PX / (FROG_BODY_RADIUS * k)) : 1;
  let drawn = 0;
  for (const frog of frogs) {
    if (!viewport.inView({ x: frog.x, y: frog.y })) continue;
    if (showReach && frog.reach > 0) strokeCircle(ctx, frog.x, frog.y, frog.reach, 1.2 / k, REACH);
    paintFrog(ctx, frogLook(frog, catches.get(frog.id), grow));
    drawn += 1;
  }
  return drawn;
}

function paintFrog(ctx: CanvasRenderingContext2D, look: FrogLook): void {
  const r = look.radius;
  const shadow = ctx.createRadialGradient(look.shadow.x, look.shadow.y, 0, look.shadow.x, look.shadow.y, look.shadow.radius * 1.3);
  shadow.addColorStop(0, `rgba(0, 0, 0, ${look.shadow.alpha.toFixed(3)})`);
  shadow.addColorStop(0.6, `rgba(0, 0, 0, ${(look.shadow.alpha * 0.6).toFixed(3)})`);
  shadow.addColorStop(1, "rgba(0, 0, 0, 0)");
  fillDisc(ctx, look.shadow.x, look.shadow.y, look.shadow.radius * 1.3, shadow);

  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  ctx.strokeStyle = LEG;
  ctx.lineWidth = r * 0.32;
  for (const [hip, knee, foot] of look.legs) {
    ctx.beginPath();
    ctx.moveTo(hip.x, hip.y);
    ctx.lineTo(knee.x, knee.y);
    ctx.lineTo(foot.x, foot.y);
    ctx.stroke();
    fillDisc(ctx, foot.x, foot.y, r * 0.2, LEG);
  }

  if (look.tongue) {
    ctx.strokeStyle = TONGUE;
    ctx.lineWidth = look.tongue.width;
    ctx.beginPath();
    ctx.moveTo(look.tongue.from.x, look.tongue.from.y);
    ctx.lineTo(look.tongue.to.x, look.tongue.to.y);
    ctx.stroke();
    fillDisc(ctx, look.tongue.to.x, look.tongue.to.y, look.tongue.width, TONGUE);
  }

  // The body: longer than wide, lit from the top right (the moon), darker to the bottom left.
  const skin = ctx.createRadialGradient(look.x + r * 0.35, look.y - r * 0.35, r * 0.1, look.x, look.y, r * 1.1);
  skin.addColorStop(0, SKIN_LIT);
  skin.addColorStop(0.55, SKIN);
  skin.addColorStop(1, SKIN_DARK);
  ctx.fillStyle = skin;
  ctx.beginPath();
  ctx.ellipse(look.x, look.y, r, r * 0.82, look.heading, 0, Math.PI * 2);
  ctx.fill();

  for (const eye of look.eyes) {
    fillDisc(ctx, eye.x, eye.y, look.eyeRadius, EYE);
    fillDisc(ctx, eye.x + Math.cos(look.heading) * look.eyeRadius * 0.2, eye.y + Math.sin(look.heading) * look.eyeRadius * 0.2, look.eyeRadius * 0.5, PUPIL);
  }
}
