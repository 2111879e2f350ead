// What a server older than the world lists means, in one place: the worlds it runs when its
// Welcome lists none, and the world its frames and Welcome are of when they name none (the wire's
// UNSPECIFIED). Protocol history, not a world's code: the worlds that were there first.
import type { WorldName } from "./world-view";

/** What a server that lists no worlds (one older than the list) runs. */
export const WORLDS_OF_AN_OLDER_SERVER: readonly WorldName[] = ["swarm", "colony"];

/** The world of a frame or Welcome that names none (an older server's), where a viewer starts. */
export const WORLD_NAMED_BY_NONE: WorldName = "swarm";
