// What the swarm says of itself in the help (h), the tool bar's hints and the phone's menu.
import type { WorldHelp } from "../worlds/world-help";

export const SWARM_HELP: WorldHelp = {
  tools: {
    attract: "the swarm circles the spot (tap it again to let go)",
    flower: "food crumbs in the swarm",
    predator: "scatters the swarm",
  },
  keys: {
    food: "a handful of crumbs where you look (the swarm)",
    trails: "each firefly's path over the last seconds, a fading line in a colour of its own (the swarm)",
    record: "200 fireflies' paths for 2 s after a warm-up, saved as an SVG picture (the swarm)",
    count: "fireflies in the swarm (×1.5 / ÷1.5)",
  },
  rows: [
    { keys: "sliders", text: "Separation, alignment, cohesion: how the swarm flocks (0 … 3 × the usual); speed: how fast its fireflies fly (0.5 … 2 × the usual)" },
    { keys: "order", text: "The swarm's order, the last minute: 0 when its fireflies fly every way, 1 when all fly one way; its crossings are said on screen" },
  ],
};
