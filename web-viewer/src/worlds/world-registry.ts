// The worlds this viewer can draw, one WorldView each, and which of them a server offers: the
// worlds its Welcome lists that this viewer knows, in the server's order (the order w goes
// through them). A world the viewer has no view for is not offered; its frames are passed over.
// A view of a world the protocol's enum does not list names its number (learnWorldName), so its
// Welcome's listing, its frames and its schema find it by that name like any other.
import type { World } from "../gen/meadow/v1/viewer_pb";
import { WORLDS_OF_AN_OLDER_SERVER } from "./older-servers";
import { learnWorldName, worldName, type WorldName, type WorldView } from "./world-view";

export class WorldRegistry {
  private readonly byName = new Map<WorldName, WorldView>();

  constructor(readonly views: readonly WorldView[]) {
    for (const v of views) {
      if (this.byName.has(v.name)) throw new Error(`two views of the ${v.name}`);
      learnWorldName(v.world, v.name);
      this.byName.set(v.name, v);
    }
  }

  /** The view of the world named, or undefined when this viewer cannot draw it. */
  view(name: WorldName): WorldView | undefined {
    return this.byName.get(name);
  }

  /** The worlds a Welcome lists that this viewer can show, in the server's order. */
  offered(listed: readonly World[]): WorldName[] {
    const names = listed.length > 0 ? listed.map(worldName) : WORLDS_OF_AN_OLDER_SERVER;
    return [...new Set(names)].filter((n) => this.byName.has(n));
  }
}
