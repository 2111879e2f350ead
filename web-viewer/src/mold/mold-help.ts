// What the mold says of itself in the help (h), the tool bar's hints and the phone's menu.
import type { WorldHelp } from "../worlds/world-help";

export const MOLD_HELP: WorldHelp = {
  tools: {
    attract: "in the mold, hold to feed it",
    flower: "an oat flake in the mold",
  },
};
