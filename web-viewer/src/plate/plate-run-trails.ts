// The plate's run as this viewer has it (its trail's frames, docs/rules.md "The plate") as a
// recording of trails: each bird's path in plate units (the plate's side is 1) lifted at the seam,
// in its colour from the plate's ramp, so it saves as the same files as the server's recordings.
import { create } from "@bufbuild/protobuf";
import { TrailsSchema, World, type Trails } from "../gen/meadow/v1/viewer_pb";
import { birdHue, plateColour } from "./plate-ramp";
import type { PlateState } from "./plate-state";
import { birdTrail } from "./plate-trails";

export function runTrails(state: PlateState, tick: bigint): Trails {
  const birds = state.birds;
  const count = birds?.x.length ?? 0;
  const trails = [];
  for (let i = 0; i < count; i++) {
    const pieces = birdTrail(state.history, birds, i).map((xy) => ({ xy }));
    if (pieces.length === 0) continue;
    const [red, green, blue] = plateColour(birdHue(i, count));
    trails.push({ id: i, red, green, blue, pieces });
  }
  return create(TrailsSchema, {
    trails,
    world: { x: 0, y: 0, width: 1, height: 1 },
    tick,
    warmupSteps: 0,
    steps: state.history.length,
    count,
    source: World.PLATE,
    fresh: false,
  });
}
