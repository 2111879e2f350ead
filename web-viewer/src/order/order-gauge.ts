// A flock's order parameter on screen, live (docs/rules.md, each world's measures;
// any world's that has one): a small trace of the last minute above the status line, with the
// number now and the thresholds whose crossings are announced (dashed). It is out only while its
// world is shown, and repainted a few times a second at most: the trace moves by a pixel every half
// second.
import "./order-gauge.css";
import { tracePoints, type OrderHistory } from "./order-history";

/** The trace's size, CSS px. */
const WIDTH = 120;
const HEIGHT = 26;
/** Least time between two paintings, ms. */
const PAINT_EVERY_MS = 250;

export class OrderGauge {
  readonly element: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly value: HTMLOutputElement;
  private paintedAt = Number.NEGATIVE_INFINITY;

  /** `id`: its element's, one a world; `title`: what it says on hover. */
  constructor(doc: Document, id: string, title: string) {
    this.element = doc.createElement("div");
    this.element.id = id;
    this.element.className = "order-gauge";
    this.element.title = title;
    const label = doc.createElement("span");
    label.className = "label";
    label.textContent = "order";
    this.canvas = doc.createElement("canvas");
    this.canvas.style.width = `${WIDTH}px`;
    this.canvas.style.height = `${HEIGHT}px`;
    this.canvas.setAttribute("aria-hidden", "true");
    this.value = doc.createElement("output");
    this.value.textContent = "–";
    this.element.append(label, this.canvas, this.value);
    this.element.hidden = true;
    doc.body.append(this.element);
  }

  show(visible: boolean): void {
    this.element.hidden = !visible;
    if (visible) this.paintedAt = Number.NEGATIVE_INFINITY;
  }

  /** Repaints from the history when due (or at once with `force`: a crossing, a new world). */
  paint(history: OrderHistory, nowMs: number, force = false): void {
    if (this.element.hidden || (!force && nowMs - this.paintedAt < PAINT_EVERY_MS)) return;
    this.paintedAt = nowMs;
    const latest = history.latest;
    const text = latest === undefined ? "–" : latest.toFixed(2);
    if (this.value.textContent !== text) this.value.textContent = text;
    const dpr = this.element.ownerDocument.defaultView?.devicePixelRatio ?? 1;
    const w = Math.round(WIDTH * dpr);
    const h = Math.round(HEIGHT * dpr);
    if (this.canvas.width !== w) this.canvas.width = w;
    if (this.canvas.height !== h) this.canvas.height = h;
    const ctx = this.canvas.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, WIDTH, HEIGHT);
    ctx.lineWidth = 1;
    ctx.strokeStyle = "rgba(230, 240, 200, 0.35)";
    ctx.setLineDash([2, 3]);
    for (const t of history.thresholds) {
      const y = Math.round(HEIGHT * (1 - t)) + 0.5;
      ctx.beginPath();
      ctx.moveTo(0, y);
      ctx.lineTo(WIDTH, y);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    const points = tracePoints(history.samples, nowMs, WIDTH, HEIGHT);
    if (points.length === 0) return;
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = "rgb(200, 240, 150)";
    ctx.beginPath();
    points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
    ctx.stroke();
  }
}
