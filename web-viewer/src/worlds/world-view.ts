// One shape for every world the viewer draws (each in its own folder, and whatever comes next):
// a WorldView takes its world's frames, draws its layers, and gives its status-line text and its
// figures to the music. ViewerApp only wires them: it hands each frame to the view of the world
// the frame names, draws the view shown, and asks it for its part of the status line. A new
// world is a new view and one line in its registration (viewer-worlds.ts).
import { World, type Frame, type ServerMessage, type Trails, type Welcome } from "../gen/meadow/v1/viewer_pb";
import type { MusicFrame } from "../music/music-frame";
import type { ThemeMaker } from "../music/theme";
import type { Palette } from "../render/palettes";
import type { WorldCard } from "../ui/world-card";
import type { RockView } from "../render/rocks";
import type { Point, Viewport, WorldRect } from "../render/viewport";
import type { ToolName } from "../tools/tool-catalog";
import type { SettingsSource } from "../settings/settings-panel-model";
import type { BreezeView } from "../wind/breeze";
import type { CaptionRules } from "../captions/caption-rules";
import type { DebugPage, WorldDebugParts } from "../debug/hook";
import type { ControlPage, WorldControls } from "./world-controls";
import type { WorldHelp } from "./world-help";
import { WORLD_NAMED_BY_NONE } from "./older-servers";

/** Live trails' points (WatchTrails), which the server sends after each frame of a world that keeps them. */
export type TrailPointsMessage = Extract<ServerMessage["body"], { case: "trailPoints" }>["value"];

/** A world's name as the server spells it (world_name), lower case: its folder's name. */
export type WorldName = string;

/** What every world is given to draw one animation frame. */
export interface Scene {
  readonly viewport: Viewport;
  readonly nowMs: number;
  /** Seconds since the previous animation frame (0 for the first). */
  readonly dt: number;
  /** The view moved or the page changed size: what follows world positions is redrawn. */
  readonly moved: boolean;
  /** The land's rocks (every world's). */
  readonly rocks: readonly RockView[];
  /** The breeze of the latest frame, blowing over every world. */
  readonly breeze: BreezeView | undefined;
  /** The tool chosen now: a world may show where it reaches (the frogs' reach with the frog tool). */
  readonly tool?: ToolName;
}

/** A world's settings panel (built from its schema): put out only while that world is watched. */
export interface WorldPanel {
  show(visible: boolean): void;
  /** Once per animation frame while shown: changes that waited for the throttle go out, the server's values show. */
  tick(nowMs: number): void;
}

export interface WorldView {
  /** Its number on the wire (Welcome.worlds, Frame.world, ChooseWorld). */
  readonly world: World;
  readonly name: WorldName;
  /** Said when a viewer switches to it (w). */
  readonly greeting: string;
  /** What it is and where the idea comes from (i); undefined: no card. */
  readonly card?: WorldCard;
  /** Settles when it can draw (its light has its canvas); the render loop waits a while for it. */
  readonly ready?: Promise<unknown>;
  /**
   * Tools that this world takes held (DOWN, MOVE…, UP) although elsewhere they are a tap, such
   * as an attract that feeds what lies under a held pointer. Undefined: every tool as
   * its catalog says (tool-catalog.ts).
   */
  readonly heldTools?: ReadonlySet<ToolName>;
  /**
   * Tools that follow a mouse hovering over the meadow, no button needed (the predator on a
   * desktop, docs/rules.md "The tools · Pointing"); a finger still holds them. Undefined: none (the
   * world that refuses the predator would earn a refusal at every pass of a hovering mouse).
   */
  readonly hoverTools?: ReadonlySet<ToolName>;
  /**
   * The tool a viewer starts with in this world, until it picks one itself (a tap on the water
   * that feeds fish, rather than a rock). Undefined: the viewer's default tool (tool-catalog.ts).
   */
  readonly firstTool?: ToolName;
  /**
   * Throws food its own way (f, the food buttons, the ⋯ menu's): returns whether it went out (false
   * while disconnected). Undefined: its controls' food, if they have any (makeControls), or another
   * world's says where food is thrown.
   */
  throwFood?(): boolean;
  /**
   * What its settings panel needs besides the schema the server sends (the values now, the
   * sliders' shapes), shown while it is watched; undefined: no panel (its controls may have sliders).
   */
  readonly settings?: SettingsSource;
  /** Its own buttons, shown beside its settings while it is watched (exports of its trails); undefined: none. */
  readonly actions?: WorldPanel;
  /** The server's answer to a recording of its trails this viewer asked for (Trails.source names it). */
  trailsArrived?(trails: Trails): void;
  /** A notice came from the server while it is shown (a refusal of what it asked). */
  noticeArrived?(code: string): void;
  /**
   * Where the things `sessionId` made lie now (its marks, crumbs, predators, frogs; world units),
   * for the rings that show a visitor which are theirs (gallery/own-highlight.ts); undefined: nothing
   * in this world is anyone's.
   */
  ownPlaces?(sessionId: bigint): readonly Point[];
  /** Its moments worth a caption on the wall, read from its frames (captions/); undefined: none. */
  readonly captions?: CaptionRules;

  /** The land it shows before its frames say: the meadow, or a world of its own size. */
  landOf(welcome: Welcome): WorldRect | undefined;
  /** A frame of this world arrived (it is shown, or about to be). */
  takeFrame(frame: Frame, nowMs: number): void;
  /** Its bounds and the shared camera's aim, as its latest frame says. */
  readonly worldBounds: WorldRect | undefined;
  readonly cameraTarget: WorldRect | undefined;
  /** Viewers connected, as its latest frame says. */
  readonly viewers: number | undefined;
  /**
   * Fireflies it shows now, for how many this device keeps up with
   * (docs/rules.md "The viewer · Status line").
   */
  readonly fireflies: number | undefined;
  /** Its figures in the status line, in order (the link's, the rate and the viewers follow). */
  statusParts(): readonly string[];
  /** Something wrong with its drawing, for the end of the status line; undefined when all is well. */
  readonly problem: string | undefined;
  /** Its part of the debug hook (window.__meadow[name]) while it is shown; undefined: none. */
  debugState?(sessionId: bigint | undefined): unknown;
  /** Its entries at the top of the debug hook and its part of `experience`, whichever world is shown; undefined: none. */
  debugParts?(page: DebugPage): WorldDebugParts;
  /**
   * Its own controls (sliders and buttons in the panel at the bottom right, keys such as a count or
   * trails), made once by the page's Controls (worlds/world-controls.ts); undefined: none.
   */
  makeControls?(page: ControlPage): WorldControls;
  /** What it says of itself in the help, the tool bar's hints and the phone's menu; undefined: nothing. */
  readonly help?: WorldHelp;
  /** Live trails' points arrived while it is shown. */
  trailPointsArrived?(points: TrailPointsMessage): void;
  /** Its music theme (the conductor plays the theme of the world whose frames arrive); undefined: none. */
  readonly musicTheme?: ThemeMaker;
  /** What the music hears of one of its frames; undefined: it has no theme, the music falls quiet. */
  music(frame: Frame): MusicFrame | undefined;

  /** Its frames come now, after another world's (or the first): put its layers out. */
  show(viewport: Viewport): void;
  /** One animation frame, while it is shown. */
  draw(scene: Scene): void;
  /** Another world is shown: its layers go. */
  hide(): void;
  /** The link dropped, or a new session began: what its frames said no longer holds. */
  forget(): void;
  setFrameRate(framesPerSecond: number): void;
  setPalette(palette: Palette): void;
}

/**
 * Worlds the protocol's enum does not list, by the number and name their views give: a world
 * built for the tests alone, which the product's enum leaves out, is named as its view says
 * (WorldRegistry learns it from the views it is made with).
 */
const namedByViews = new Map<World, WorldName>();

/** `world` is called `name` although the protocol's enum does not list it; a second name for one number throws. */
export function learnWorldName(world: World, name: WorldName): void {
  const known = World[world] as string | undefined;
  const had = known?.toLowerCase() ?? namedByViews.get(world);
  if (had !== undefined && had !== name) throw new Error(`world ${world} is the ${had}, not the ${name}`);
  if (known === undefined) namedByViews.set(world, name);
}

/** The name of the world a frame or Welcome names; an older server leaves it unset (older-servers.ts). */
export function worldName(world: World): WorldName {
  if (world === World.UNSPECIFIED) return WORLD_NAMED_BY_NONE;
  const key = World[world] as string | undefined;
  return key ? key.toLowerCase() : (namedByViews.get(world) ?? `world ${world}`);
}

/** The wire number of a world's name (UNSPECIFIED for a name neither the protocol nor a view knows). */
export function worldEnum(name: WorldName): World {
  const number = (World as unknown as Record<string, World | undefined>)[name.toUpperCase()];
  if (typeof number === "number") return number;
  for (const [world, named] of namedByViews) if (named === name) return world;
  return World.UNSPECIFIED;
}
