import { describe, expect, it } from "vitest";
import { CARRIER_AMBER, energyColor, fireflyLook } from "../../src/colony/firefly-look";
import { fly } from "./colony-fixtures";


describe("fireflyLook", () => {
  it("glows as brightly as its energy (light is life)", () => {
    let last = -1;
    for (let e = 0; e <= 1.0001; e += 0.05) {
      const { strength } = fireflyLook(fly({ energy: e }), 0);
      expect(strength).toBeGreaterThan(last);
      last = strength;
    }
    expect(fireflyLook(fly({ energy: 0 }), 0).strength).toBeGreaterThan(0);
    expect(fireflyLook(fly({ energy: 1 }), 0).strength).toBeGreaterThan(3 * fireflyLook(fly({ energy: 0.1 }), 0).strength);
  });

  it("is bright green when full and shifts to ember colours as it tires", () => {
    const [r, g, b] = energyColor(1);
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
    const [er, eg, eb] = energyColor(0.1);
    expect(er).toBeGreaterThan(eg * 1.8);
    expect(eg).toBeGreaterThan(eb);
    // Red grows against green all the way down.
    let lastRatio = 0;
    for (let e = 1; e >= 0; e -= 0.1) {
      const [cr, cg] = energyColor(e);
      expect(cr / cg).toBeGreaterThan(lastRatio);
      lastRatio = cr / cg;
    }
  });

  it("flashes as a brighter, wider, paler pulse", () => {
    const calm = fireflyLook(fly({ energy: 0.5 }), 0);
    const flash = fireflyLook(fly({ energy: 0.5, flash: 1 }), 0);
    expect(flash.strength).toBeGreaterThan(calm.strength + 0.3);
    expect(flash.radius).toBeGreaterThan(calm.radius * 1.5);
    expect(flash.color[2]).toBeGreaterThan(calm.color[2]);
    expect(fireflyLook(fly({ flash: 1 }), 0).strength).toBeLessThanOrEqual(1);
  });

  it("glows amber with a pink drop at its head while carrying", () => {
    const look = fireflyLook(fly({ activity: "carrying", energy: 0.8, heading: Math.PI / 2 }), 0);
    expect(look.color).toEqual(CARRIER_AMBER);
    expect(look.drop).toBeDefined();
    expect(look.drop?.x).toBeCloseTo(100, 6);
    expect(look.drop?.y).toBeGreaterThan(100); // heading +y: the head is below the centre
    expect(fireflyLook(fly(), 0).drop).toBeUndefined();
  });

  it("fades with `fade` while dying; fade means nothing otherwise", () => {
    const full = fireflyLook(fly({ activity: "dying", energy: 0, fade: 1 }), 0).strength;
    expect(fireflyLook(fly({ activity: "dying", energy: 0, fade: 0.5 }), 0).strength).toBeCloseTo(full / 2, 10);
    expect(fireflyLook(fly({ activity: "dying", energy: 0, fade: 0 }), 0).strength).toBe(0);
    expect(fireflyLook(fly({ fade: 0 }), 0).strength).toBeGreaterThan(0.5);
  });

  it("keeps the dormant spark a faint, breathing ember", () => {
    const looks = [0, 1, 2, 3].map((t) => fireflyLook(fly({ activity: "dormant", energy: 1 }), t));
    for (const l of looks) {
      expect(l.strength).toBeGreaterThan(0.1);
      expect(l.strength).toBeLessThan(0.4);
      expect(l.color[0]).toBeGreaterThan(l.color[1] * 2);
    }
    expect(new Set(looks.map((l) => l.strength.toFixed(3))).size).toBeGreaterThan(1);
  });
});
