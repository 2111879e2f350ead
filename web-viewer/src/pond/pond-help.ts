// What the pond says of itself in the help (h), the tool bar's hints and the phone's menu.
import type { WorldHelp } from "../worlds/world-help";

export const POND_HELP: WorldHelp = {
  keys: {
    food: "over the water where fish swim (the pond)",
  },
};
