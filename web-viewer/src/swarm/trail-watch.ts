// Whether the server sends this viewer the live trails' points (t), kept in step with
// what the viewer wants: WatchTrails{on} goes out when t turns them on while the swarm is
// watched, again on the first swarm frame of a new session (after a reconnect) and of a return
// to the swarm (the server turns them off when a viewer leaves the swarm), and WatchTrails{off}
// when t turns them off. Free of the DOM and the socket: `send` does the sending.
import type { WorldName } from "../worlds/world-view";

export class TrailWatch {
  /** The viewer wants the trails (t). */
  wanted = false;
  /** The server was asked for the points in this session and this stay in the swarm. */
  private asked = false;
  private world: WorldName | undefined;

  /** `send(on)` returns whether it went out (false while disconnected). */
  constructor(private readonly send: (on: boolean) => boolean) {}

  /** t: on or off; returns whether they are wanted now. */
  toggle(): boolean {
    this.wanted = !this.wanted;
    if (this.wanted) this.ask();
    else if (this.asked) {
      this.send(false);
      this.asked = false;
    }
    return this.wanted;
  }

  /** A frame of `world` is shown: the points are asked for when wanted and not yet asked for here. */
  frameShown(world: WorldName): void {
    if (world !== this.world) {
      this.world = world;
      // Leaving the swarm turns the points off on the server's side.
      this.asked = false;
    }
    if (this.wanted && !this.asked) this.ask();
  }

  /** The link dropped: the next session starts without them. */
  linkLost(): void {
    this.asked = false;
    this.world = undefined;
  }

  private ask(): void {
    if (this.world === "swarm") this.asked = this.send(true);
  }
}
