import { describe, expect, it } from "vitest";
import { MOLD_RAMPS, moldRamp } from "../../src/mold/mold-ramps";
import { paletteTexels, rampColor, type Rgb } from "../../src/render/palette";
import { PALETTES } from "../../src/render/palettes";

/** Hue in degrees (0 red, 30 orange, 60 yellow), saturation and lightness 0 … 1 of an RGB 0 … 1. */
function hsl([r, g, b]: Rgb): { hue: number; saturation: number; lightness: number } {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { hue: 0, saturation: 0, lightness };
  const saturation = d / (1 - Math.abs(2 * lightness - 1));
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { hue: (h * 60 + 360) % 360, saturation, lightness };
}

describe("the mold's ramps", () => {
  it("has one for every palette, chosen by the palette", () => {
    for (const p of PALETTES) {
      expect(moldRamp(p)).toBe(MOLD_RAMPS[p.name]);
      // Not the swarm's: the two worlds look apart.
      expect(moldRamp(p)).not.toEqual(p.light);
    }
  });

  it("night: dark → deep orange → yellow → pale cream", () => {
    const night = MOLD_RAMPS.night;
    const mid = hsl(rampColor(night, 0.5));
    expect(mid.hue, "a mid trail is orange").toBeGreaterThan(18);
    expect(mid.hue).toBeLessThan(45);
    expect(mid.saturation).toBeGreaterThan(0.6);
    const faint = hsl(rampColor(night, 0.15));
    expect(faint.lightness, "a faint trail is dark").toBeLessThan(0.12);
    expect(faint.hue).toBeLessThan(40);
    const strong = hsl(rampColor(night, 0.9));
    expect(strong.hue, "a strong trail is yellow").toBeGreaterThan(40);
    expect(strong.hue).toBeLessThan(62);
    const [r, g, b] = rampColor(night, 1);
    const full = hsl([r, g, b]);
    expect(Math.min(r, g, b), "full is pale").toBeGreaterThan(0.7);
    expect(full.lightness, "full is light").toBeGreaterThan(0.85);
    // Cream, not white: still warm, so a network at the clamp reads as the mold's colour.
    expect(full.hue).toBeGreaterThan(35);
    expect(full.hue).toBeLessThan(60);
    expect(b).toBeLessThan(0.85);
  });

  it("adds nothing where there is no trail, and only brightens along the way, in every palette", () => {
    for (const [name, ramp] of Object.entries(MOLD_RAMPS)) {
      expect(rampColor(ramp, 0), name).toEqual([0, 0, 0]);
      const texels = paletteTexels(ramp);
      expect(texels[3], `${name}: alpha of nothing`).toBe(0);
      let last = -1;
      for (let i = 0; i < 256; i++) {
        const alpha = texels[i * 4 + 3] ?? 0;
        expect(alpha, `${name} at ${i}`).toBeGreaterThanOrEqual(last);
        last = alpha;
      }
      const full = rampColor(ramp, 1);
      expect(Math.min(...full), `${name}: full is pale`).toBeGreaterThan(0.75);
      expect(Math.min(...full), `${name}: full is not white`).toBeLessThan(0.9);
    }
  });
});
