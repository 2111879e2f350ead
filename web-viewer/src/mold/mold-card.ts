// The mold's card (i): the idea and its source (docs/mold.md).
import type { WorldCard } from "../ui/world-card";

export const MOLD_CARD: WorldCard = {
  title: "The mold: a slime mould's network",
  lines: [
    "Thousands of tiny agents each sense the trail ahead, turn towards the strongest, step, and leave trail behind; the trail spreads and fades.",
    "From that alone a network grows like Physarum's, the slime mould that links food by its shortest tubes. Oat flakes feed it; the predator pushes it away.",
  ],
  source: "J. Jones, “Characteristics of pattern formation and evolution in approximations of Physarum transport networks”, Artificial Life 16(2), 2010",
  link: "https://doi.org/10.1162/artl.2010.16.2.16202",
};
