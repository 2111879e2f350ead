// The rock tool: a tap on the meadow asks the server to place a rock there, or to remove the
// rock that was tapped. The server decides which and tells every viewer (a Rocks message), so
// nothing changes locally until it answers.
import { Tool } from "../gen/meadow/v1/viewer_pb";
import { toolTapBytes } from "../net/messages";
import type { Point } from "../render/viewport";

export interface MeadowTool {
  readonly tool: Tool;
  readonly name: string;
  /** Key that selects the tool (SPEC §6: keys 1–4). */
  readonly key: string;
  /** Returns whether the action was sent (false while disconnected). */
  tap(world: Point): boolean;
}

export class RockTool implements MeadowTool {
  readonly tool = Tool.ROCK;
  readonly name = "rock";
  readonly key = "3";

  constructor(private readonly send: (bytes: Uint8Array<ArrayBuffer>) => boolean) {}

  tap(world: Point): boolean {
    return this.send(toolTapBytes(this.tool, world.x, world.y));
  }
}
