import { describe, expect, it } from "vitest";
import { PALETTE_KEY, PaletteChoice, initialPalette } from "../../src/app/palette-choice";
import { paletteColor, paletteTexels } from "../../src/render/palette";
import { DEFAULT_PALETTE, PALETTES, nextPalette, paletteByName } from "../../src/render/palettes";

const luma = ([r, g, b]: readonly [number, number, number]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

describe("palettes", () => {
  it("has the night meadow by default, and Tropical, Arctic and Deep", () => {
    expect(DEFAULT_PALETTE.name).toBe("night");
    expect(PALETTES.map((p) => p.name)).toEqual(["night", "tropical", "arctic", "deep"]);
  });

  for (const p of PALETTES) {
    it(`${p.name}: the tone ramp adds nothing at zero, brightens monotonically, ends near white, is premultiplied`, () => {
      const t = paletteTexels(p.light);
      expect(Array.from(t.slice(0, 4))).toEqual([0, 0, 0, 0]);
      let last = -1;
      for (let i = 0; i <= 255; i++) {
        const y = luma(paletteColor(i / 255, p.light));
        expect(y).toBeGreaterThanOrEqual(last);
        last = y;
        const a = t[i * 4 + 3] ?? 0;
        for (let c = 0; c < 3; c++) expect(t[i * 4 + c] ?? 0).toBeLessThanOrEqual(a);
      }
      expect(luma(paletteColor(1, p.light))).toBeGreaterThan(0.9);
    });
  }

  it("gives each palette its own ground and light", () => {
    const bases = new Set(PALETTES.map((p) => p.ground.base.join()));
    const mids = new Set(PALETTES.map((p) => paletteColor(0.5, p.light).map((c) => c.toFixed(2)).join()));
    expect(bases.size).toBe(PALETTES.length);
    expect(mids.size).toBe(PALETTES.length);
  });

  it("steps round all four and back", () => {
    let p = DEFAULT_PALETTE;
    const seen = [p.name];
    for (let i = 0; i < 4; i++) seen.push((p = nextPalette(p)).name);
    expect(seen).toEqual(["night", "tropical", "arctic", "deep", "night"]);
    expect(paletteByName(" Arctic ")?.name).toBe("arctic");
    expect(paletteByName("sunset")).toBeUndefined();
  });
});

describe("palette choice", () => {
  const memory = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
  };

  it("takes the address first, then what was stored, then the night meadow", () => {
    expect(initialPalette("?palette=deep", "arctic").name).toBe("deep");
    expect(initialPalette("?kiosk=1", "arctic").name).toBe("arctic");
    expect(initialPalette("?palette=nonsense", null).name).toBe("night");
    expect(initialPalette("", "garbage").name).toBe("night");
  });

  it("remembers the palette asked for and each step", () => {
    const store = memory();
    const choice = new PaletteChoice("?palette=tropical", store);
    expect(store.m.get(PALETTE_KEY)).toBe("tropical");
    expect(choice.step().name).toBe("arctic");
    expect(store.m.get(PALETTE_KEY)).toBe("arctic");
    expect(new PaletteChoice("", store).palette.name).toBe("arctic");
  });

  it("carries on when storage refuses", () => {
    const refusing = { getItem: () => { throw new Error("no"); }, setItem: () => { throw new Error("no"); } };
    const choice = new PaletteChoice("", refusing);
    expect(choice.palette.name).toBe("night");
    expect(choice.step().name).toBe("tropical");
  });
});
