// The viewer's registration of music: one theme per world that has one (docs/rules.md "The
// music"). The conductor plays whichever a frame's world names; a world with none falls quiet. A
// list of its own, beside the views' (viewer-worlds.ts), because the music also renders offline
// from recorded frames, where there is no page to make views on.
import { ColonyTheme } from "../music/colony/colony-theme";
import { MoldTheme } from "../music/mold/mold-theme";
import { SwarmTheme } from "../music/swarm/swarm-theme";
import type { ThemeMaker } from "../music/theme";

export const WORLD_THEMES: readonly ThemeMaker[] = [
  (seed, log) => new SwarmTheme(seed, log),
  (seed, log) => new ColonyTheme(seed, log),
  (seed, log) => new MoldTheme(seed, log),
];
