// The colony's card (i): the ideas and their sources (docs/rules.md "The colony").
import type { WorldCard } from "../ui/world-card";

export const COLONY_CARD: WorldCard = {
  title: "The colony: fireflies living off a stump",
  lines: [
    "The fireflies go hungry, fly out for nectar, carry it home to the stump's store and bring others to a good flower, as foraging insects recruit their nestmates.",
    "Each firefly's flash runs on its own clock and is nudged by the flashes it sees, until the fireflies of a flower flash together: coupled oscillators falling into sync.",
    "Seeds they carry take root where there is room; frogs eat those that linger; the breeze sways it all.",
  ],
  source: "Y. Kuramoto, “Self-entrainment of a population of coupled non-linear oscillators”, 1975; S. H. Strogatz, Sync, 2003",
  link: "https://doi.org/10.1007/BFb0013365",
};
