// A ring gauge, for how full something is (the stump's store, a flower's nectar): a faint
// track all round, filled clockwise from the top as far as it is full.

/** Device pixels; `fill` 0 … 1; `color` as "r, g, b" for rgba(). */
export function paintGauge(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, width: number, fill: number, color: string): void {
  ctx.lineWidth = width;
  ctx.lineCap = "round";
  ctx.strokeStyle = "rgba(255, 255, 255, 0.12)";
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
  if (!(fill > 0)) return;
  const start = -Math.PI / 2;
  ctx.strokeStyle = `rgba(${color}, 0.9)`;
  ctx.beginPath();
  ctx.arc(x, y, r, start, start + Math.min(fill, 1) * Math.PI * 2);
  ctx.stroke();
}
