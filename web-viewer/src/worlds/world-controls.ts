// A world's own controls beside the shared ones (the tools, the keys every world has, its settings
// panel): its buttons and sliders in the page's panel at the bottom right, and the key commands
// that are its alone (a count, trails). The page's Controls loop over what the views give
// (WorldView.makeControls): a command goes to the shown world's controls where they answer it,
// and where only another world's do, that world says where it is done.
import type { Trails } from "../gen/meadow/v1/viewer_pb";
import type { RockView } from "../render/rocks";
import type { Viewport, WorldRect } from "../render/viewport";
import type { ToolIntent } from "../tools/gesture-mapper";
import type { KeyCommand } from "../ui/key-commands";
import type { LockView } from "../ui/more-menu";
import type { NoticeLevel } from "../ui/notice";
import type { WorldName } from "./world-view";

/** A key command a world's controls may answer. */
export type WorldCommandKind = Extract<KeyCommand["kind"], "count" | "food" | "trails" | "record">;

/** What a world's controls are given of the page (the page's Controls). */
export interface ControlPage {
  /** Returns whether the bytes went out (false while disconnected). */
  readonly send: (bytes: Uint8Array<ArrayBuffer>) => boolean;
  readonly say: (text: string, level: NoticeLevel) => void;
  /** Sends a tool's action as the meadow's pointer would (logged, told to the page); false when it did not go out. */
  readonly sendTool: (intent: ToolIntent) => boolean;
  /** Whether the meadow may be touched now (not while the past is on screen); says why when `loud`. */
  readonly mayTouch: (loud: boolean) => boolean;
  /** Says the link is not up: `what` was not used. */
  readonly notConnected: (what?: string) => void;
  readonly viewport: () => Viewport;
  readonly worldBounds: () => WorldRect;
  /** The land's rocks. */
  readonly rocks: () => readonly RockView[];
  /** The page's panel at the bottom right (#sliders), where a world's sliders and buttons go. */
  readonly panel: HTMLElement;
  /** The phone's ⋯ menu, which the panel joins on a phone. */
  readonly menu: HTMLElement;
  /** Runs a key command as its key would (a panel's button). */
  readonly run: (command: KeyCommand) => void;
}

export interface WorldControls {
  /** The key commands it answers while its world is shown. */
  readonly commands: ReadonlySet<WorldCommandKind>;
  /** Runs one of its commands (its world is shown; food: the flower tool is not locked). */
  run(command: KeyCommand): void;
  /** What one of its commands says while another world is shown ("press w to watch …"). */
  elsewhere(command: KeyCommand): string;
  /** Its world is shown (or another is): its panel comes out or goes, what it was doing stops. */
  show(visible: boolean): void;
  /** Once per animation frame: values that waited for the throttle, what is due. */
  tick(nowMs: number): void;
  /** The operator's locks (its world's settings, the tools). */
  showLocks(locks: LockView): void;
  /** A notice from the server (a refusal of what it asked). */
  noticeArrived(code: string): void;
  /** The server's answer to a recording of trails that names no world (an older server). */
  trailsArrived?(trails: Trails): void;
  /** A frame of `world` arrived and is shown. */
  frameShown(world: WorldName): void;
  /** Whatever it holds on the meadow is let go (the past is asked for). */
  letGo(): void;
  /** The link dropped. */
  linkLost(): void;
}
