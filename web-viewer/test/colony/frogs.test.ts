import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { FrameSchema, World } from "../../src/gen/meadow/v1/viewer_pb";
import { ColonyStateSchema } from "../../src/gen/meadow/v1/colony/colony_frame_pb";
import { ColonyFrames } from "../../src/colony/colony-frames";
import { colonyFromProto, type FrogView } from "../../src/colony/colony-snapshot";
import { colonyStatusParts } from "../../src/colony/colony-status";
import { FROG_BODY_RADIUS, frogLook } from "../../src/colony/frog-look";
import { mixFrog } from "../../src/colony/frog-motion";

const frog = (over: Partial<FrogView> = {}): FrogView => ({ id: 1, x: 500, y: 400, heading: 0, hop: 0, gulp: 0, owner: 0n, reach: 30, ...over });
const dist = (a: { x: number; y: number }, b: { x: number; y: number }): number => Math.hypot(a.x - b.x, a.y - b.y);

describe("a colony frame's frogs", () => {
  it("are read with their place, heading, hop, gulp, owner and reach; the limit too", () => {
    const c = colonyFromProto(
      create(ColonyStateSchema, {
        positionUnit: 0.25,
        maxFrogs: 3,
        frogs: [
          { id: 4, position: { x: 300, y: 200 }, heading: 1.5, hop: 0.25, gulp: 0.5, ownerSession: 9n, reach: 30 },
          { id: 5, position: { x: Number.NaN, y: 1 } },
          { id: 6, position: { x: 10, y: 20 }, hop: 3, gulp: -1, reach: Number.NaN },
        ],
      }),
    );
    expect(c.maxFrogs).toBe(3);
    expect(c.frogs).toEqual([
      { id: 4, x: 300, y: 200, heading: 1.5, hop: 0.25, gulp: 0.5, owner: 9n, reach: 30 },
      { id: 6, x: 10, y: 20, heading: 0, hop: 1, gulp: 0, owner: 0n, reach: 0 },
    ]);
  });

  it("are counted in the status line when there are any", () => {
    const base = { size: 50, store: 0.62, flowersInBloom: 2, dormant: false };
    expect(colonyStatusParts(base)).toEqual(["50 fireflies", "store 62 %", "2 flowers"]);
    expect(colonyStatusParts({ ...base, frogs: 0 })).toHaveLength(3);
    expect(colonyStatusParts({ ...base, frogs: 1 }).at(-1)).toBe("1 frog");
    expect(colonyStatusParts({ ...base, frogs: 3 }).at(-1)).toBe("3 frogs");
  });
});

describe("a frog's look from above", () => {
  it("sits: body of its radius, eyes at the front either side, legs folded beside it, shadow close", () => {
    const look = frogLook(frog({ heading: 0 }));
    expect(look.radius).toBe(FROG_BODY_RADIUS);
    expect(look.height).toBe(0);
    const [left, right] = look.eyes;
    // Heading +x: the eyes ahead of the middle, one each side of the axis.
    expect(left.x).toBeGreaterThan(500);
    expect(right.x).toBe(left.x);
    expect(Math.sign(left.y - 400)).toBe(-Math.sign(right.y - 400));
    // The feet of the back legs behind the middle, beside the body.
    for (const [, , foot] of look.legs) {
      expect(foot.x).toBeLessThan(500);
      expect(dist(foot, look)).toBeLessThan(1.4 * FROG_BODY_RADIUS);
    }
    expect(dist(look.shadow, look)).toBeLessThan(4);
    expect(look.tongue).toBeUndefined();
  });

  it("turns with its heading", () => {
    const down = frogLook(frog({ heading: Math.PI / 2 }));
    for (const eye of down.eyes) expect(eye.y).toBeGreaterThan(400);
    for (const [, , foot] of down.legs) expect(foot.y).toBeLessThan(400);
  });

  it("hops: height sin(π·hop), the body larger, the shadow further off to the bottom left, wider and fainter, legs stretched back", () => {
    const sitting = frogLook(frog());
    const rising = frogLook(frog({ hop: 0.25 }));
    const top = frogLook(frog({ hop: 0.5 }));
    const landing = frogLook(frog({ hop: 0.999 }));
    expect(rising.height).toBeCloseTo(Math.SQRT1_2, 9);
    expect(top.height).toBeCloseTo(1, 9);
    expect(landing.height).toBeLessThan(0.01);
    expect(top.radius).toBeGreaterThan(rising.radius);
    expect(rising.radius).toBeGreaterThan(sitting.radius);
    expect(dist(top.shadow, top)).toBeGreaterThan(3 * dist(sitting.shadow, sitting));
    expect(top.shadow.x).toBeLessThan(top.x);
    expect(top.shadow.y).toBeGreaterThan(top.y);
    expect(top.shadow.radius).toBeGreaterThan(sitting.shadow.radius);
    expect(top.shadow.alpha).toBeLessThan(sitting.shadow.alpha);
    const reachBack = (l: ReturnType<typeof frogLook>): number => Math.min(...l.legs.map(([, , foot]) => foot.x));
    expect(reachBack(top)).toBeLessThan(reachBack(sitting) - 5);
  });

  it("flicks its tongue at the catch while it gulps, or straight ahead without one, and draws it back", () => {
    const caught = { x: 520, y: 430 };
    const look = frogLook(frog({ gulp: 1 }), caught);
    expect(look.tongue).toBeDefined();
    expect(dist(look.tongue?.to ?? look, caught)).toBeLessThan(0.01);
    const blind = frogLook(frog({ gulp: 1, heading: Math.PI }));
    expect(blind.tongue?.to.x).toBeLessThan(500 - FROG_BODY_RADIUS);
    expect(blind.tongue?.to.y).toBeCloseTo(400, 6);
    const back = frogLook(frog({ gulp: 0.2 }), caught);
    const length = (l: ReturnType<typeof frogLook>): number => (l.tongue ? dist(l.tongue.from, l.tongue.to) : 0);
    expect(length(back)).toBeLessThan(length(look));
    expect(length(back)).toBeGreaterThan(0);
    // A catch far off (a stale one) is not reached for beyond the tongue's length.
    expect(length(frogLook(frog({ gulp: 1 }), { x: 2000, y: 400 }))).toBeLessThanOrEqual(1.6 * 30 + 1e-9);
  });

  it("grows as a whole when held at its least size on screen", () => {
    expect(frogLook(frog(), undefined, 2).radius).toBe(2 * FROG_BODY_RADIUS);
  });
});

describe("frogs between frames", () => {
  it("glide along a hop and through it, but never slide back through a new hop or a new gulp", () => {
    const mid = mixFrog(frog({ x: 500, hop: 0.2 }), frog({ x: 540, hop: 0.4 }), 0.5);
    expect(mid.x).toBe(520);
    expect(mid.hop).toBeCloseTo(0.3, 9);
    // Landed: shown on the ground at once (not sliding from 0.9 down through the hop).
    expect(mixFrog(frog({ hop: 0.9 }), frog({ hop: 0 }), 0.5).hop).toBe(0);
    // Taking off: the new hop as it is.
    expect(mixFrog(frog({ hop: 0 }), frog({ hop: 0.1 }), 0.5).hop).toBe(0.1);
    // A new catch shows at once; a gulp running out runs out smoothly.
    expect(mixFrog(frog({ gulp: 0 }), frog({ gulp: 1 }), 0.1).gulp).toBe(1);
    expect(mixFrog(frog({ gulp: 0.8 }), frog({ gulp: 0.6 }), 0.5).gulp).toBeCloseTo(0.7, 9);
    expect(mixFrog(frog({ heading: 3 }), frog({ heading: -3 }), 0.5).heading).toBeCloseTo(Math.PI, 9);
  });

  it("remember where a gulping frog caught its firefly, until the gulp is over", () => {
    const frames = new ColonyFrames();
    const colonyFrame = (gulp: number, caught: boolean) =>
      create(FrameSchema, {
        world: World.COLONY,
        colony: { positionUnit: 0.25, frogs: [{ id: 2, position: { x: 500, y: 400 }, gulp, reach: 30 }] },
        events: caught ? [{ tick: 1n, body: { case: "frogCatch", value: { frogId: 2, fireflyId: 77, position: { x: 515, y: 390 } } } }] : [],
      });
    frames.applyFrame(colonyFrame(1, true), 0);
    expect(frames.frogCatches.get(2)).toEqual({ x: 515, y: 390 });
    frames.applyFrame(colonyFrame(0.5, false), 33);
    expect(frames.frogCatches.get(2)).toEqual({ x: 515, y: 390 });
    expect(frames.frogs(33 + 1000)).toEqual([expect.objectContaining({ id: 2, gulp: 0.5 })]);
    frames.applyFrame(colonyFrame(0, false), 66);
    expect(frames.frogCatches.size).toBe(0);
  });
});
