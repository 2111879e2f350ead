// What the tests' world says in the help: what its one tool does, and a row of its own for its sliders.
import type { WorldHelp } from "../../src/worlds/world-help";

export const TEST_WORLD_HELP: WorldHelp = {
  tools: { attract: "in the test world, the beacon moves there" },
  rows: [{ keys: "glow, size", text: "The test world's beacon: how bright, how large (or a preset: beacon, lantern)" }],
  hint: "In the test world, tap to move its beacon.",
};
