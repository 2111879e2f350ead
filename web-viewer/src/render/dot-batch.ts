// Many small discs of one colour filled as one path: the carriers' drops of nectar, the seeds
// stuck on fireflies. The coordinates live in a typed array that grows when needed and is
// reused frame after frame, so collecting the dots allocates nothing.

export class DotBatch {
  private xyr = new Float32Array(3 * 64);
  /** Dots collected since the last clear. */
  count = 0;

  clear(): void {
    this.count = 0;
  }

  add(x: number, y: number, r: number): void {
    if (3 * (this.count + 1) > this.xyr.length) {
      const grown = new Float32Array(this.xyr.length * 2);
      grown.set(this.xyr);
      this.xyr = grown;
    }
    const i = 3 * this.count++;
    this.xyr[i] = x;
    this.xyr[i + 1] = y;
    this.xyr[i + 2] = r;
  }

  /** Fills every dot collected, at once. */
  fill(ctx: CanvasRenderingContext2D, style: string): void {
    if (this.count === 0) return;
    ctx.fillStyle = style;
    ctx.beginPath();
    for (let i = 0; i < 3 * this.count; i += 3) {
      const x = this.xyr[i] ?? 0;
      const y = this.xyr[i + 1] ?? 0;
      const r = this.xyr[i + 2] ?? 0;
      ctx.moveTo(x + r, y);
      ctx.arc(x, y, r, 0, Math.PI * 2);
    }
    ctx.fill();
  }
}
