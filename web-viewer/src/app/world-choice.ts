// The world this viewer watches (SPEC §1, §7: key w, per viewer): swarm ⇄ colony. The choice
// is the viewer's, kept for the page's life and asked for again after every Welcome (a new
// session starts in the server's default world). What is drawn follows the frames, not the
// choice — except that for a moment after asking, frames of the other world are passed over:
// after a reconnect the server sends a frame or two of its default world before it has
// switched, and drawing them would flash the swarm (and swing the camera) for nothing.
import { World } from "../gen/meadow/v1/viewer_pb";

export type WorldName = "swarm" | "colony";

/** The world a frame or Welcome names; anything but the colony is drawn as the swarm. */
export function worldName(world: World): WorldName {
  return world === World.COLONY ? "colony" : "swarm";
}

export function worldEnum(name: WorldName): World {
  return name === "colony" ? World.COLONY : World.SWARM;
}

/** How long after asking frames of the other world are passed over (ms). */
export const SWITCH_WAIT_MS = 1500;

export class WorldChoice {
  private current: WorldName = "swarm";
  /** When the chosen world was asked for and no frame of it has come yet. */
  private askedAt: number | undefined;

  get chosen(): WorldName {
    return this.current;
  }

  /** w: the other world; returns the one to ask for. */
  toggle(nowMs: number): WorldName {
    this.current = this.current === "swarm" ? "colony" : "swarm";
    this.askedAt = nowMs;
    return this.current;
  }

  /** A Welcome put the session in `welcomed`: the world to ask for, when it is not the chosen one. */
  afterWelcome(welcomed: World, nowMs: number): WorldName | undefined {
    if (worldName(welcomed) === this.current) {
      this.askedAt = undefined;
      return undefined;
    }
    this.askedAt = nowMs;
    return this.current;
  }

  /** Whether a frame of `world` arriving at `nowMs` is one to pass over (the switch is on its way). */
  passOver(world: WorldName, nowMs: number): boolean {
    if (world === this.current) {
      this.askedAt = undefined;
      return false;
    }
    return this.askedAt !== undefined && nowMs - this.askedAt < SWITCH_WAIT_MS;
  }

  /** The server cannot show the chosen world: the choice falls back to the one shown. */
  refused(shown: WorldName): void {
    this.current = shown;
    this.askedAt = undefined;
  }
}
