// The swarm's light as screenshots show it, for the light's browser tests (its worker, its
// codecs): everything else hidden, then the lit pixels counted and their colour averaged. The
// light canvas itself cannot be read back (its control went to the worker), so the screen is.
import type { Page } from "playwright-core";

/** A pixel whose brightest channel is above this is lit: clearly above the page's near-black. */
const LIT_ABOVE = 40;
/** How long waitForLight polls, ms. */
const LIGHT_WAIT_MS = 15_000;
/** Between two polls, ms. */
const POLL_MS = 200;

/** Everything but the swarm's light hidden (or shown again), so screenshots hold the light alone. */
export async function lightAlone(page: Page, alone: boolean): Promise<void> {
  await page.evaluate((hide) => {
    const others = [...document.querySelectorAll<HTMLElement>("body > :not(#stage), #stage > :not(#light-layer)")];
    for (const el of others) el.style.visibility = hide ? "hidden" : "";
  }, alone);
}

export interface LitPixels {
  readonly total: number;
  /** Pixels clearly above the page's near-black, and their mean colour. */
  readonly lit: number;
  readonly mean: readonly [number, number, number];
  /** The mean grey level ((r + g + b) / 3) of every pixel, lit or not: the picture's brightness. */
  readonly meanGrey: number;
}

/** Counts a screenshot's pixels whose brightest channel is above `litAbove` (LIT_ABOVE: the light's). */
export function litPixels(page: Page, png: Buffer, litAbove = LIT_ABOVE): Promise<LitPixels> {
  return page.evaluate(
    async ([b64, litAbove]) => {
      const bmp = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: "image/png" }));
      const c = new OffscreenCanvas(bmp.width, bmp.height);
      const ctx = c.getContext("2d");
      if (!ctx) throw new Error("no 2d");
      ctx.drawImage(bmp, 0, 0);
      const d = ctx.getImageData(0, 0, bmp.width, bmp.height).data;
      let lit = 0;
      let grey = 0;
      const sum = [0, 0, 0];
      for (let i = 0; i < d.length; i += 4) {
        const r = d[i] ?? 0;
        const g = d[i + 1] ?? 0;
        const b = d[i + 2] ?? 0;
        grey += (r + g + b) / 3;
        if (Math.max(r, g, b) <= litAbove) continue;
        lit++;
        for (let k = 0; k < 3; k++) sum[k] = (sum[k] ?? 0) + (d[i + k] ?? 0);
      }
      const total = d.length / 4;
      return { total, lit, mean: sum.map((v) => (lit > 0 ? v / lit : 0)) as [number, number, number], meanGrey: grey / total };
    },
    [png.toString("base64"), litAbove] as const,
  );
}

/** Polls screenshots of the light alone until at least `share` of the pixels are lit. */
export async function waitForLight(page: Page, share: number, what: string): Promise<LitPixels> {
  const deadline = Date.now() + LIGHT_WAIT_MS;
  for (;;) {
    const shot = await litPixels(page, await page.screenshot());
    if (shot.lit > shot.total * share) return shot;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}: ${shot.lit} of ${shot.total} pixels lit`);
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}
