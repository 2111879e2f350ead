// The swarm's speed setting (docs/rules.md "The swarm · The aquarium's controls": a
// maximum-speed setting): a fourth slider beside the three rules, 0.5 … 2 × the usual speed band,
// sent as SwarmSettings.speed; the server's figure (SwarmFigures.speed) comes back in every swarm
// frame and another viewer's slider follows it; locked with the other settings; in the ⋯ menu on a
// phone. Own server: it changes the shared swarm.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { saveArtifact, waitConnected, waitForState as waitFor, DESKTOP_VIEWPORT, SHOWN_WITHIN_MS } from "./browser";
import { openPhone, ownMeadow } from "./own-meadow";
import { routeSwarmFrames } from "./swarm-frames-route";

/** Moves the speed slider to its end (Home: 0.5, End: 2) from the keyboard, as a person could. */
async function speedTo(page: Page, key: "Home" | "End"): Promise<void> {
  await page.focus("#swarm-speed");
  await page.keyboard.press(key);
  await page.locator("#swarm-speed").blur();
}

describe("the swarm's speed slider", () => {
  const meadow = ownMeadow(2);

  it("sits beside the rules' sliders with a range of its own, at the server's 1", async () => {
    const page = meadow.viewer(0).page;
    expect(await page.isVisible("#swarm-speed")).toBe(true);
    const range = await page.$eval("#swarm-speed", (el) => {
      const i = el as HTMLInputElement;
      return { min: i.min, max: i.max, step: i.step, label: i.getAttribute("aria-label") };
    });
    expect(range).toMatchObject({ min: "0.5", max: "2", step: "0.05" });
    expect(range.label).toMatch(/speed/);
    expect(await page.$eval("#weight-cohesion", (el) => (el as HTMLInputElement).max)).toBe("3");
    const speed = await waitFor(page, (s) => s.speed, "the frames say the speed");
    expect(speed).toBeCloseTo(1, 5);
    expect(Number(await page.inputValue("#swarm-speed"))).toBeCloseTo(1, 5);
  });

  it("changes the server's figure, and the other viewer's slider follows", async () => {
    const [a, b] = [meadow.viewer(0), meadow.viewer(1)];
    await speedTo(a.page, "End");
    expect(Number(await a.page.inputValue("#swarm-speed"))).toBe(2);
    await waitFor(a.page, (s) => s.speed !== undefined && Math.abs(s.speed - 2) < 1e-3, "the server flies its fireflies twice as fast");
    await waitFor(b.page, (s) => s.speed !== undefined && Math.abs(s.speed - 2) < 1e-3, "the other viewer hears of it");
    await b.page.waitForFunction(() => Number((document.getElementById("swarm-speed") as HTMLInputElement).value) === 2, undefined, { timeout: SHOWN_WITHIN_MS });
    await speedTo(a.page, "Home");
    await waitFor(a.page, (s) => s.speed !== undefined && Math.abs(s.speed - 0.5) < 1e-3, "the server slows them to half");
    // The rules were left as they were.
    const weights = await waitFor(a.page, (s) => s.weights, "the weights");
    expect(weights).toEqual({ separation: 1, alignment: 1, cohesion: 1 });
    saveArtifact("swarm-speed.png", await a.page.screenshot());
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  it("is locked with the other settings when the operator locks them", async () => {
    // The operator's lock, as frames carry it: set on every frame by a route between page and server.
    const context = await meadow.browser.newContext({ viewport: DESKTOP_VIEWPORT, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await routeSwarmFrames(page, (frame) => {
      frame.swarm.settingsLocked = true;
    });
    await page.goto(meadow.server.url);
    await waitConnected(page);
    await page.waitForFunction(() => (document.getElementById("swarm-speed") as HTMLInputElement).disabled, undefined, { timeout: 10_000 });
    expect(await page.getAttribute("#swarm-speed", "title")).toMatch(/locked/i);
    expect(await page.isDisabled("#weight-alignment")).toBe(true);
    await context.close();
  });

  it("is in the ⋯ menu on a phone", async () => {
    const { page, errors } = await openPhone(meadow.browser, meadow.server.url);
    expect(await page.isVisible("#swarm-speed")).toBe(false);
    await page.tap("#more-button");
    expect(await page.isVisible("#more #swarm-speed")).toBe(true);
    saveArtifact("swarm-speed-phone.png", await page.screenshot());
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
