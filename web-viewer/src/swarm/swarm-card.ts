// The swarm's card (i): the idea and its source (docs/rules.md "The swarm").
import type { WorldCard } from "../ui/world-card";

export const SWARM_CARD: WorldCard = {
  title: "The swarm: fireflies that flock",
  lines: [
    "Every firefly sees only its neighbours and follows three rules: don't crowd them, fly as they fly, stay near them. The swarm's shapes come from nothing more.",
    "Its order says how much they fly one way: near 0 a milling crowd, near 1 one stream. The sliders weigh the three rules; the tools attract, feed, block and scare it.",
  ],
  source: "C. W. Reynolds, “Flocks, herds and schools: a distributed behavioral model”, SIGGRAPH '87",
  link: "https://doi.org/10.1145/37402.37406",
};
