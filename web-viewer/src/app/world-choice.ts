// The world this viewer watches (SPEC §1, §7: key w, per viewer): swarm ⇄ colony. The choice
// is the viewer's, kept for the page's life and asked for again after every Welcome (a new
// session starts in the server's default world). What is drawn follows the frames, not the
// choice: frames of the old world keep coming until the server has switched.
import { World } from "../gen/meadow/v1/viewer_pb";

export type WorldName = "swarm" | "colony";

/** The world a frame or Welcome names; anything but the colony is drawn as the swarm. */
export function worldName(world: World): WorldName {
  return world === World.COLONY ? "colony" : "swarm";
}

export function worldEnum(name: WorldName): World {
  return name === "colony" ? World.COLONY : World.SWARM;
}

export class WorldChoice {
  private current: WorldName = "swarm";

  get chosen(): WorldName {
    return this.current;
  }

  /** w: the other world; returns the one to ask for. */
  toggle(): WorldName {
    this.current = this.current === "swarm" ? "colony" : "swarm";
    return this.current;
  }

  /** A Welcome put the session in `welcomed`: the world to ask for, when it is not the chosen one. */
  afterWelcome(welcomed: World): WorldName | undefined {
    return worldName(welcomed) === this.current ? undefined : this.current;
  }

  /** The server cannot show the chosen world: the choice falls back to the one shown. */
  refused(shown: WorldName): void {
    this.current = shown;
  }
}
