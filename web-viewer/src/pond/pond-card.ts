// The pond's card (i): the idea and its source (docs/rules.md "The pond").
import type { WorldCard } from "../ui/world-card";

export const POND_CARD: WorldCard = {
  title: "The pond: the aquarium's school",
  lines: [
    "Each fish keeps apart from those too near, swims the way its neighbours swim and moves towards them: Reynolds's three rules (SIGGRAPH '87, doi:10.1145/37402.37406), as the aquarium writes them, in the meadow's pond.",
    "A tap on the water drops a crumb, and the nearest fish leave the school for it; f throws a handful. The predator scatters them: fear beats hunger.",
    "Why school at all? A predator facing many look-alike fish fails to single one out, and catches fewer: the confusion effect. An odd one out is the one caught.",
  ],
  source: "S. Landeau and J. Terborgh, “Oddity and the ‘confusion effect’ in predation”, Animal Behaviour 34(5):1372–1380, 1986",
  link: "https://doi.org/10.1016/S0003-3472(86)80208-1",
};
