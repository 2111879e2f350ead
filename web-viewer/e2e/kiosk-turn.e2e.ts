// A wall that asks for it shows the worlds in turn (README.md "Kiosk mode"), against the
// suite's server: `?kiosk&turn=20&worlds=pond,plate` opens on the pond (no `world=` needed), and
// about 20 s after its first frame darkens the meadow under a black veil, asks for the plate and
// lifts the veil once the plate shows. The page's own record of the veil (a mutation observer
// installed at load) shows it went down before the plate came and up after.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, openViewer, saveArtifact, waitForState as waitFor } from "./browser";

/** How long the plate may take to follow the pond: its 20 s, then a slow machine's switch. */
const TURNED_WITHIN_MS = 90_000;

declare global {
  interface Window {
    /** The turn veil's moves (down or up) and the world shown then, by the page's clock. */
    __veilMoves?: { atMs: number; down: boolean; world: string | undefined }[];
  }
}

describe("a kiosk wall showing the worlds in turn", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("?kiosk&turn=20&worlds=pond,plate shows the pond, then the plate, under a veil that darkens and lifts", async () => {
    const started = Date.now();
    const wall = await openViewer(browser, `${baseUrl}/?kiosk&turn=20&worlds=pond,plate`);
    const page = wall.page;
    await page.waitForSelector("#turn-veil", { state: "attached" });
    await page.evaluate(() => {
      const veil = document.getElementById("turn-veil");
      if (!veil) throw new Error("no turn veil");
      const moves: NonNullable<Window["__veilMoves"]> = [];
      window.__veilMoves = moves;
      new MutationObserver(() => {
        const down = veil.classList.contains("down");
        if (moves.at(-1)?.down !== down) moves.push({ atMs: performance.now(), down, world: window.__meadow?.world });
      }).observe(veil, { attributes: true, attributeFilter: ["class"] });
    });

    const pond = await waitFor(page, (s) => s.world === "pond" && (s.pond?.fishDrawn ?? 0) > 0 && s, "the wall opens on the pond, its fish drawn", 60_000);
    const pondAt = Date.now();
    expect(pond.experience.kiosk).toBe(true);
    expect(pond.gallery.turn?.worlds).toEqual(["pond", "plate"]);
    expect(pond.gallery.turn?.turns).toBe(0);
    saveArtifact("kiosk-turn-pond.png", await page.screenshot());

    const plate = await waitFor(page, (s) => s.world === "plate" && (s.plate?.birdsDrawn ?? 0) > 0 && s, "the wall turns to the plate, its birds drawn", TURNED_WITHIN_MS);
    const plateAt = Date.now();
    expect(plate.chosenWorld).toBe("plate");
    expect(plate.gallery.turn?.turns).toBe(1);
    // The veil lifts once the plate shows.
    await waitFor(page, (s) => s.gallery.turn?.veil === false && s, "the veil lifts over the plate", 20_000);
    await page.waitForFunction(() => Number(getComputedStyle(document.getElementById("turn-veil")!).opacity) < 0.05, undefined, { timeout: 20_000 });
    const moves = (await page.evaluate(() => window.__veilMoves)) ?? [];
    expect(moves.map((m) => m.down), "down once, then up").toEqual([true, false]);
    expect(moves[0]?.world).toBe("pond");
    expect(moves[1]?.world).toBe("plate");
    saveArtifact("kiosk-turn-plate.png", await page.screenshot());
    const dark = (moves[1]?.atMs ?? 0) - (moves[0]?.atMs ?? 0);
    console.log(`[e2e] kiosk turn: the pond shown ${pondAt - started} ms after load, the plate ${plateAt - pondAt} ms later; the veil down ${Math.round(dark)} ms`);
    expect(wall.errors).toEqual([]);
    await page.context().close();
  }, 180_000);
});
