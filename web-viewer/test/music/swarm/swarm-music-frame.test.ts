// What the swarm's theme hears of a swarm frame: its measures as figures (src/music/swarm/
// swarm-music-frame.ts).
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { FrameSchema, World } from "../../../src/gen/meadow/v1/viewer_pb";
import { swarmMeasures, swarmMusicFrame } from "../../../src/music/swarm/swarm-music-frame";

describe("swarm frame → music inputs", () => {
  it("keeps the swarm's measures in a swarm frame", () => {
    const frame = create(FrameSchema, { tick: 5n, world: World.SWARM, swarm: { count: 3000, meanAlignment: 0.9, tightness: 7.5, lonely: 12 } });
    expect(swarmMeasures(swarmMusicFrame(frame).figures)).toEqual({ count: 3000, meanAlignment: 0.9, tightness: 7.5, lonely: 12 });
    expect(swarmMusicFrame(frame).figures).toEqual({ count: 3000, meanAlignment: 0.9, tightness: 7.5, lonely: 12 });
  });

  it("plays the swarm for a frame of an older server that names no world", () => {
    const frame = create(FrameSchema, { tick: 5n, swarm: { count: 100 } });
    expect(swarmMusicFrame(frame).world).toBe("swarm");
    expect(swarmMusicFrame(create(FrameSchema, { world: World.SWARM })).figures).toBeUndefined();
  });
});
