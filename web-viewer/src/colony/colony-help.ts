// What the colony says of itself in the help (h), the tool bar's hints and the phone's menu.
import type { WorldHelp } from "../worlds/world-help";

export const COLONY_HELP: WorldHelp = {
  tools: {
    flower: "a flower of nectar in the colony",
    frog: "in the colony, drop a frog, which hops about and eats fireflies that linger near it, or tap one to take it away",
  },
  hint: "The frog (5) lives in the colony: tap the meadow to drop one, tap a frog to take it away.",
};
