// The world this viewer watches (docs/rules.md "The land · Who watches what": key w, per viewer): w
// goes to the next world the server offers (world-registry.ts), round to the first. The choice is
// the viewer's, kept for the page's life and asked for again after every Welcome (a new session
// starts in the server's default world). What is drawn follows the frames, not the choice — except
// that for a moment after asking, frames of another world are passed over: after a reconnect the
// server sends a frame or two of its default world before it has switched, and drawing them would
// flash that world (and swing the camera) for nothing.
import { World } from "../gen/meadow/v1/viewer_pb";
import { WORLDS_OF_AN_OLDER_SERVER } from "./older-servers";
import { worldName, type WorldName } from "./world-view";

/** How long after asking frames of another world are passed over (ms). */
export const SWITCH_WAIT_MS = 1500;

/**
 * The world a page's address asks for (`?world=<name>`: a wall that opens on one world), or
 * undefined: the server's default. A name, lower case; anything else is ignored.
 */
export function worldFromSearch(search: string): WorldName | undefined {
  return asWorldName(new URLSearchParams(search).get("world") ?? "");
}

/** A world's name as an address writes it (any case, spaces round it), or undefined when it cannot be one. */
export function asWorldName(text: string): WorldName | undefined {
  const name = text.trim().toLowerCase();
  return /^[a-z][a-z_]{0,31}$/.test(name) ? name : undefined;
}

export class WorldChoice {
  private current: WorldName;

  /**
   * `asked`: the world to open on (the address's); the first Welcome asks for it if it is offered.
   * Without one, the world a frame that names none is of (worldName).
   */
  constructor(asked?: WorldName) {
    this.current = asked ?? worldName(World.UNSPECIFIED);
  }
  /** The worlds w goes through; until a Welcome says, those of a server that lists none. */
  private offeredNow: readonly WorldName[] = WORLDS_OF_AN_OLDER_SERVER;
  /** When the chosen world was asked for and no frame of it has come yet. */
  private askedAt: number | undefined;

  get chosen(): WorldName {
    return this.current;
  }

  get offered(): readonly WorldName[] {
    return this.offeredNow;
  }

  /** The worlds the server offers (its Welcome), in the order w goes through them. */
  offer(worlds: readonly WorldName[]): void {
    if (worlds.length > 0) this.offeredNow = worlds.slice();
  }

  /** The world after `world` in the offered order, round to the first; undefined when it is the only one. */
  after(world: WorldName): WorldName | undefined {
    const list = this.offeredNow;
    const next = list[(list.indexOf(world) + 1) % list.length];
    return next === world ? undefined : next;
  }

  /** w: the next world; returns the one to ask for, or undefined when there is no other. */
  next(nowMs: number): WorldName | undefined {
    const next = this.after(this.current);
    if (next === undefined) return undefined;
    this.choose(next, nowMs);
    return next;
  }

  /**
   * `world` chosen by name (a wall showing the worlds in turn): whether it is one to ask for
   * (offered, and not the one chosen already).
   */
  choose(world: WorldName, nowMs: number): boolean {
    if (world === this.current || !this.offeredNow.includes(world)) return false;
    this.current = world;
    this.askedAt = nowMs;
    return true;
  }

  /**
   * A Welcome put the session in `welcomed`: the world to ask for, when it is not the chosen one.
   * A chosen world this server does not offer gives way to the one it welcomed into.
   */
  afterWelcome(welcomed: World, nowMs: number): WorldName | undefined {
    const name = worldName(welcomed);
    if (name === this.current || !this.offeredNow.includes(this.current)) {
      this.current = name;
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
