// The rocks' rim light against the real server (docs/rules.md "The swarm · Light"): a rock placed
// beside an attract mark gathers the light of the fireflies streaming round the mark, and the
// viewer draws a rim on the side where they are.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { canvasGlow, debugState, launchChromium, openViewer, saveArtifact, waitConnected, waitForState, worldToScreen } from "./browser";

const ROCK = { x: 600, y: 450 };
// The mark east of the rock: the swarm circles it, so the rock's lit side is its east.
const MARK = { x: 680, y: 450 };

async function tap(page: Page, x: number, y: number): Promise<void> {
  const at = await worldToScreen(page, x, y);
  await page.mouse.click(at.x, at.y);
}

describe("rocks' rim light", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;
  let viewer: { page: Page; errors: string[] };

  beforeAll(async () => {
    browser = await launchChromium();
    viewer = await openViewer(browser, baseUrl);
    await waitConnected(viewer.page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("lights the side of a rock where the fireflies gather", async () => {
    const page = viewer.page;
    await page.keyboard.press("3");
    await tap(page, ROCK.x, ROCK.y);
    const rock = await waitForState(page, (s) => s.rocks.find((r) => Math.hypot(r.x - ROCK.x, r.y - ROCK.y) < 3), "the rock is placed");
    await page.keyboard.press("1");
    await tap(page, MARK.x, MARK.y);
    await waitForState(page, (s) => s.marks.some((m) => m.tool === "attract" && m.own), "the attract mark is placed");

    // The swarm streams to the mark within seconds; the rim follows the light it brings.
    const rim = await waitForState(
      page,
      (s) => s.rims.find((r) => r.rockId === rock.id && r.strength > 0.15 && Math.abs(Math.atan2(Math.sin(r.angle), Math.cos(r.angle))) < Math.PI / 2),
      "the rock has a bright rim facing the mark",
      45_000,
    );
    console.log(`[e2e] rim of rock ${rock.id}: angle ${rim.angle.toFixed(2)} rad, strength ${rim.strength.toFixed(2)}, focus ${rim.focus.toFixed(2)}`);

    // Drawn: light on the rims layer at the rock's edge on the lit side, more than on the far side.
    const edge = rock.radius + 3;
    const lit = await worldToScreen(page, rock.x + edge * Math.cos(rim.angle), rock.y + edge * Math.sin(rim.angle));
    const far = await worldToScreen(page, rock.x - edge * Math.cos(rim.angle), rock.y - edge * Math.sin(rim.angle));
    const litGlow = await canvasGlow(page, "rims-layer", lit.x, lit.y, 4, 10);
    const farGlow = await canvasGlow(page, "rims-layer", far.x, far.y, 4, 10);
    saveArtifact("rock-rim.png", await page.screenshot());
    expect(litGlow.lit, "lit pixels on the rim's side").toBeGreaterThan(0);
    expect(litGlow.lit + litGlow.green, "the lit side outshines the far side").toBeGreaterThan(farGlow.lit + farGlow.green);

    // Clean up for the other tests on this server: the mark and the rock go with a tap each.
    await tap(page, MARK.x, MARK.y);
    await waitForState(page, (s) => !s.marks.some((m) => m.tool === "attract" && m.own), "the attract mark is gone");
    await page.keyboard.press("3");
    await tap(page, rock.x, rock.y);
    await waitForState(page, (s) => !s.rocks.some((r) => r.id === rock.id), "the rock is gone");
    await waitForState(page, (s) => !s.rims.some((r) => r.rockId === rock.id), "its rim fades out");
    expect((await debugState(page)).decodeErrors).toBe(0);
    expect(viewer.errors).toEqual([]);
  });
});
