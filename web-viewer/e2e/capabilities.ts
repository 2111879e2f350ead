// What the server under test can do, found out once before the browser tests by a harmless
// probe: a viewer holds the predator down for a moment and lets go. A server without the swarm's
// tools refuses with a "tool_unavailable" notice; one with them shows the predator in its frames.
// Tests that need a capability are skipped (and say so) when the server lacks it.
import type { Browser } from "playwright-core";
import { launchChromium, openViewer, waitConnected } from "./browser";

export interface Capabilities {
  /** attract, flower crumbs and predator work in the swarm (marks in frames). */
  readonly swarmTools: boolean;
  /** Frames carry the world's bounds (the world grows and shrinks with the count). */
  readonly growingWorld: boolean;
  /** What the probe saw, for the log. */
  readonly note: string;
}

export async function probeCapabilities(baseUrl: string): Promise<Capabilities> {
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const { page } = await openViewer(browser, baseUrl);
    await waitConnected(page);
    await page.keyboard.press("4");
    const at = await page.evaluate(() => {
      const m = window.__meadow;
      if (!m) throw new Error("no debug hook");
      const w = m.worldBounds;
      return m.worldToScreen(w.x + w.width / 2, w.y + w.height / 2);
    });
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    const seen = await page
      .waitForFunction(
        () => {
          const m = window.__meadow;
          if (!m) return undefined;
          if (m.marks.some((k) => k.tool === "predator" && k.own)) return "marks";
          if (m.notices.some((n) => n.code === "tool_unavailable")) return "tool_unavailable";
          return undefined;
        },
        undefined,
        { timeout: 5000 },
      )
      .then((h) => h.jsonValue())
      .catch(() => "nothing");
    await page.mouse.up();
    const growingWorld = await page.evaluate(() => window.__meadow?.boundsInFrames === true);
    return {
      swarmTools: seen === "marks",
      growingWorld,
      note: `predator probe: ${String(seen)}; world bounds in frames: ${growingWorld}`,
    };
  } catch (e) {
    return { swarmTools: false, growingWorld: false, note: `probe failed: ${e instanceof Error ? e.message : String(e)}` };
  } finally {
    await browser?.close();
  }
}
