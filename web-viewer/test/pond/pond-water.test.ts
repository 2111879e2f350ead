// The meadow's pond as the pond world ports it (server/sim/pond/pond_water.cpp grows the same water
// from the same seeded numbers): these figures are pinned on both sides. tests/sim/pond/
// pond_water_test.cpp asserts the very same numbers, so a change to land-features.ts's pond (its
// seed, radii, wobble or pads) fails here and there alike: the fish swim where the water is drawn.
import { describe, expect, it } from "vitest";
import { pondOf } from "../../src/land/land-features";

describe("the meadow's pond, as the server ports it", () => {
  it("lies, wobbles and carries its lily pads exactly as pinned", () => {
    const p = pondOf(0, 0, { x: 0, y: 0, width: 1600, height: 900 });
    expect(p).toBeDefined();
    expect(p!.x).toBe(1232);
    expect(p!.y).toBe(234);
    expect(p!.shore[0]).toBe(0.920492376247421);
    expect(p!.pads).toHaveLength(9);
    expect(p!.pads[0]!.x).toBe(1164.1362870569624);
    expect(p!.pads[0]!.y).toBe(219.37334960719735);
    expect(p!.pads[0]!.r).toBe(8.528176056686789);
  });
});
