// What the mold's theme hears of a mold frame: the figures of its net (src/music/mold/
// mold-music-frame.ts).
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { FrameSchema, World } from "../../../src/gen/meadow/v1/viewer_pb";
import { moldMeasures, moldMusicFrame } from "../../../src/music/mold/mold-music-frame";

describe("mold frame → music inputs", () => {
  it("keeps the net's figures, coverage rounded, and when they were measured", () => {
    const frame = create(FrameSchema, {
      tick: 9n,
      world: World.MOLD,
      mold: { figures: { coverage: 0.123456, agents: 10240, holes: 7, junctions: 31, measuredStep: 600n } },
    });
    const heard = moldMusicFrame(frame);
    expect(heard.world).toBe("mold");
    expect(moldMeasures(heard.figures)).toEqual({ coverage: 0.123, agents: 10240, holes: 7, junctions: 31, measuredStep: 600 });
    expect(moldMusicFrame(create(FrameSchema, { world: World.MOLD })).figures).toBeUndefined();
  });
});
