import { describe, expect, it } from "vitest";
import { CrossFade } from "../../src/render/crossfade";
import { paletteColor, paletteTexels } from "../../src/render/palette";
import { RateMeter } from "../../src/util/rate-meter";

describe("palette", () => {
  it("adds nothing where there is no light", () => {
    expect(Array.from(paletteTexels().slice(0, 4))).toEqual([0, 0, 0, 0]);
  });

  it("gets brighter with intensity and ends pale yellow-white", () => {
    let last = -1;
    for (let i = 0; i <= 255; i++) {
      const [r, g, b] = paletteColor(i / 255);
      const luma = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      expect(luma).toBeGreaterThanOrEqual(last);
      last = luma;
    }
    const [r, g, b] = paletteColor(1);
    expect(r).toBeGreaterThan(0.95);
    expect(g).toBeGreaterThan(0.95);
    expect(b).toBeGreaterThan(0.7);
  });

  it("glows green-yellow in the middle", () => {
    const [r, g, b] = paletteColor(0.5);
    expect(g).toBeGreaterThan(r);
    expect(r).toBeGreaterThan(b);
  });

  it("is valid premultiplied colour (no channel above alpha)", () => {
    const t = paletteTexels();
    for (let i = 0; i < 256; i++) {
      const a = t[i * 4 + 3] ?? 0;
      for (let c = 0; c < 3; c++) expect(t[i * 4 + c] ?? 0).toBeLessThanOrEqual(a);
    }
  });
});

describe("CrossFade", () => {
  it("slides from the previous raster to the newest over one frame interval", () => {
    const fade = new CrossFade();
    fade.setFrameRate(20);
    fade.arrived(1000);
    expect(fade.mix(1000)).toBe(0);
    expect(fade.mix(1025)).toBeCloseTo(0.5);
    expect(fade.mix(1050)).toBe(1);
    expect(fade.mix(5000)).toBe(1);
    expect(fade.settled(1049)).toBe(false);
    expect(fade.settled(1050)).toBe(true);
  });

  it("shows the newest raster when nothing has arrived yet", () => {
    expect(new CrossFade().mix(0)).toBe(1);
  });
});

describe("RateMeter", () => {
  it("measures events per second over its window", () => {
    const meter = new RateMeter(2000);
    meter.reset(0);
    for (let i = 1; i <= 30; i++) meter.mark((i * 1000) / 30);
    expect(meter.rate(1000)).toBeCloseTo(30, 0);
    for (let i = 31; i <= 90; i++) meter.mark((i * 1000) / 30);
    expect(meter.rate(3000)).toBeCloseTo(30, 0);
    expect(meter.rate(10_000)).toBe(0);
  });

  it("does not read a burst of queued messages as a high rate", () => {
    const meter = new RateMeter(2000);
    meter.reset(0);
    for (let i = 0; i < 30; i++) meter.mark(1000); // a second's frames handled at once
    expect(meter.rate(1000)).toBeCloseTo(30, 0);
    expect(meter.rate(100)).toBe(0);
  });
});
