// The plate's card (i): the idea and its source (docs/rules.md "The plate").
import type { WorldCard } from "../ui/world-card";

export const PLATE_CARD: WorldCard = {
  title: "The plate: boids on a torus",
  lines: [
    "Each bird steers by three rules and nothing else: keep apart from those too near, fly the way the neighbours fly, and move towards them. Nobody leads.",
    "On this plate the birds fly at one speed round a torus: off one edge, back on the other. Each leaves a trail in the plate's warm colours.",
    "Alone, each rule makes a phase of its own: separation a gas (order near 0), alignment a stream (order near 1), cohesion a knot. The presets show each; the status line says the order.",
  ],
  source: "C. W. Reynolds, “Flocks, herds and schools: a distributed behavioral model”, SIGGRAPH '87",
  link: "https://doi.org/10.1145/37402.37406",
};
