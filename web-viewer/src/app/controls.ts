// Everything a viewer does to the meadow: keys (docs/rules.md "The viewer · Keys"), the tool bar,
// pointer gestures on the meadow, f to throw food, w for the world, help and fullscreen. Actions
// become ClientMessages here and go out through `send`. Each world may bring controls of its own
// (WorldView.makeControls: its sliders and buttons in the panel at the bottom right, its keys
// such as a count or trails): they are out while it is watched, and in another world its keys say
// where they work. The world shown may bring a settings panel (built from the schema the server
// sends, settings/world-panels.ts), take some tools held (heldTools) and have some follow a
// hovering mouse (hoverTools), start the viewer on a tool of its own (firstTool, until the viewer
// picks one) and throw its food its own way (throwFood, or its controls' food). Every setting goes
// out as WorldSettings. Whatever the viewer does to the meadow is told to the page (acted), which rings
// what a visitor's first action made. While the past is on screen (the night replayed, n) nothing
// touches the meadow: tools, food, the count and the settings are refused here with a word.
import { ToolAction_Phase, type Trails } from "../gen/meadow/v1/viewer_pb";
import { toolActionBytes } from "../net/messages";
import type { RockView } from "../render/rocks";
import type { SchemaView } from "../settings/settings-schema";
import { WorldPanels } from "../settings/world-panels";
import type { Viewport, WorldRect } from "../render/viewport";
import type { ToolIntent } from "../tools/gesture-mapper";
import { DEFAULT_TOOL, TOOLS, heldIn, type ToolName, type ToolSpec } from "../tools/tool-catalog";
import { ToolInput, type ViewMover } from "../tools/tool-input";
import { toggleFullscreen } from "../ui/fullscreen";
import { HelpOverlay } from "../ui/help-overlay";
import { WorldCardOverlay } from "../ui/world-card";
import { commandForKey, type KeyCommand } from "../ui/key-commands";
import { MoreMenu, type LockView } from "../ui/more-menu";
import type { NoticeLevel } from "../ui/notice";
import { Toolbar } from "../ui/toolbar";
import type { ControlPage, WorldCommandKind, WorldControls } from "../worlds/world-controls";
import type { WorldName, WorldPanel, WorldView } from "../worlds/world-view";

export interface ControlElements {
  readonly stage: HTMLElement;
  readonly toolbar: HTMLElement;
  /** The panel at the bottom right where the worlds' own controls go (#sliders). */
  readonly sliders: HTMLElement;
  readonly help: HTMLElement;
  /** The phone's ⋯ button and the panel it opens. */
  readonly moreButton: HTMLButtonElement;
  readonly more: HTMLElement;
}

export interface ControlHooks {
  /** Returns whether the bytes went out (false while disconnected). */
  readonly send: (bytes: Uint8Array<ArrayBuffer>) => boolean;
  readonly say: (text: string, level: NoticeLevel) => void;
  /** The worlds' views, whose own controls are made here (WorldView.makeControls). */
  readonly views: readonly WorldView[];
  readonly viewport: () => Viewport;
  readonly worldBounds: () => WorldRect;
  /** The land's rocks (thrown food lands beside them). */
  readonly rocks: () => readonly RockView[];
  /** The view a phone's fingers pan and pinch. */
  readonly view?: ViewMover;
  /** w: watch the next world. */
  readonly switchWorld: () => void;
  /** space: start (the start card goes, the music may begin). */
  readonly start: () => void;
  /** m: sound on or off. */
  readonly toggleSound: () => void;
  /** p: the next palette. */
  readonly nextPalette: () => void;
  /** The viewer did something to the meadow (a tool's action or food went out). */
  readonly acted?: () => void;
  /** n: the night replayed (from its start, at 60×), or back to live. */
  readonly toggleReplay: () => void;
  /**
   * Why the meadow cannot be touched now (the past on screen): the words to say, or "" to refuse
   * quietly; undefined: it can.
   */
  readonly untouchable: () => string | undefined;
}

/** One action sent, for the debug hook. */
export interface SentAction {
  readonly tool: ToolName;
  readonly phase: "tap" | "down" | "move" | "up";
  readonly x: number;
  readonly y: number;
}

const PHASES: Partial<Record<ToolAction_Phase, SentAction["phase"]>> = {
  [ToolAction_Phase.TAP]: "tap",
  [ToolAction_Phase.DOWN]: "down",
  [ToolAction_Phase.MOVE]: "move",
  [ToolAction_Phase.UP]: "up",
};
const ACTION_LOG = 200;
/** The flower tool: thrown food is its taps. */
const FLOWER = TOOLS[1];
/** Why the past cannot be touched is said at most this often, ms (a hovering predator tries at every pass). */
const PAST_WORD_EVERY_MS = 6000;

export class Controls {
  private active: ToolSpec = DEFAULT_TOOL;
  /** The viewer picked a tool itself (a key, the tool bar): a world's first tool no longer applies. */
  private toolPicked = false;
  private readonly toolbar: Toolbar;
  private readonly tools: ToolInput;
  private readonly help: HelpOverlay;
  /** The card of the world shown (i). */
  readonly card: WorldCardOverlay;
  private readonly more: MoreMenu;
  private readonly log: SentAction[] = [];
  /** The tools the world shown takes held (its WorldView's heldTools). */
  private heldTools: ReadonlySet<ToolName> | undefined;
  /** The tools that follow a hovering mouse in the world shown (its WorldView's hoverTools). */
  private hoverTools: ReadonlySet<ToolName> | undefined;
  /** Every world's own controls, and the shown world's (before any frame: the first world's, where a viewer starts). */
  private readonly worldControls = new Map<WorldView, WorldControls>();
  private shownControls: WorldControls | undefined;
  private lockedTools: ReadonlySet<ToolName> = new Set();
  /** Every world's settings panel, from the schemas. */
  private readonly panels: WorldPanels;
  /** The world shown's panel, if it has one, and its own buttons. */
  private panel: WorldPanel | undefined;
  private actions: WorldPanel | undefined;
  private shownView: WorldView | undefined;
  private pastWordAt = Number.NEGATIVE_INFINITY;

  constructor(
    el: ControlElements,
    private readonly hooks: ControlHooks,
  ) {
    const helps = hooks.views.flatMap((v) => (v.help ? [v.help] : []));
    this.toolbar = new Toolbar(el.toolbar, (spec) => this.pick(spec), helps);
    this.toolbar.show(this.active);
    this.help = new HelpOverlay(el.help, helps);
    this.card = new WorldCardOverlay(el.stage.ownerDocument);
    this.more = new MoreMenu(el.moreButton, el.more, (command) => this.run(command));
    // Until a Welcome says the server replays the night.
    this.offerReplay(false);
    // A refusal (the past on screen) counts as answered: the panel says nothing more.
    const settingsSend = (bytes: Uint8Array<ArrayBuffer>): boolean => !this.mayTouch(true) || hooks.send(bytes);
    this.panels = new WorldPanels(el.stage.ownerDocument, { send: settingsSend, say: hooks.say, menu: el.more });
    const page: ControlPage = {
      send: hooks.send,
      say: hooks.say,
      sendTool: (intent) => this.sendTool(intent),
      mayTouch: (loud) => this.mayTouch(loud),
      notConnected: (what) => this.notConnected(what),
      viewport: hooks.viewport,
      worldBounds: hooks.worldBounds,
      rocks: hooks.rocks,
      panel: el.sliders,
      menu: el.more,
      run: (command) => this.run(command),
    };
    for (const view of hooks.views) {
      const controls = view.makeControls?.(page);
      if (controls) this.worldControls.set(view, controls);
    }
    const first = hooks.views[0];
    this.shownControls = first && this.worldControls.get(first);
    this.tools = new ToolInput(el.stage, {
      viewport: hooks.viewport,
      worldBounds: hooks.worldBounds,
      activeTool: () => heldIn(this.active, this.heldTools),
      hovers: () => this.hoverTools?.has(this.active.name) ?? false,
      send: (intent) => this.sendTool(intent),
      onRefused: (intent) => {
        if (intent.phase !== ToolAction_Phase.MOVE) this.notConnected(intent.spec.name);
      },
      ...(hooks.view ? { view: hooks.view } : {}),
    });
    window.addEventListener("keydown", (ev) => this.onKey(ev));
  }

  get activeTool(): ToolSpec {
    return this.active;
  }

  get helpVisible(): boolean {
    return this.help.visible;
  }

  get sentActions(): readonly SentAction[] {
    return this.log;
  }

  /** Once per animation frame: throttled values that waited, and what the worlds' own controls have due. */
  tick(nowMs: number): void {
    this.tools.flush(nowMs);
    for (const c of this.worldControls.values()) c.tick(nowMs);
    this.panel?.tick(nowMs);
    this.actions?.tick(nowMs);
  }

  get moreOpen(): boolean {
    return this.more.open;
  }

  /** The operator's locks, shown on the tool bar, the "more" menu and the food button (the sliders show their own). */
  showLocks(locks: LockView): void {
    this.lockedTools = locks.tools;
    this.toolbar.showLocks(locks.tools);
    this.more.showLocks(locks);
    for (const c of this.worldControls.values()) c.showLocks(locks);
  }

  /** A notice came from the server: a throw under way stops there (it may be a refusal of its crumbs), or slows down for "too soon". */
  noticeArrived(code: string): void {
    for (const c of this.worldControls.values()) c.noticeArrived(code);
  }

  /** The server's answer to this viewer's recording of trails: the world's it names (the first world's, from an older server that names none). */
  trailsArrived(trails: Trails, view: WorldView | undefined): void {
    view?.trailsArrived?.(trails);
  }

  /** A frame of a world arrived and is shown (what a world's controls need of it is asked for again). */
  frameShown(world: WorldName): void {
    for (const c of this.worldControls.values()) c.frameShown(world);
  }

  /** Whether a tool follows the mouse now (the predator on a desktop), for the debug hook. */
  get hovering(): boolean {
    return this.tools.hovering;
  }

  /** The link dropped: a held predator is let go (the server drops it with the session), a throw stops, a recording is lost. */
  linkLost(): void {
    this.tools.releaseAll();
    for (const c of this.worldControls.values()) c.linkLost();
  }

  /** Whatever this viewer holds on the meadow is let go and a throw stops (the link dropped, the past is asked for). */
  letGo(): void {
    this.tools.releaseAll();
    for (const c of this.worldControls.values()) c.letGo();
  }

  /** Whether the server replays the night (Welcome.replays): the ⋯ menu's button shows only then. */
  offerReplay(offered: boolean): void {
    this.more.showOffered("replay", offered);
  }

  /**
   * Whether the meadow may be touched now; where not (the past on screen), says why, now and then,
   * for a deliberate act (`loud`: a tap, a press, food, a setting; not a hovering move).
   */
  mayTouch(loud: boolean): boolean {
    const why = this.hooks.untouchable();
    if (why === undefined) return true;
    const now = performance.now();
    if (loud && why !== "" && now - this.pastWordAt >= PAST_WORD_EVERY_MS) {
      this.pastWordAt = now;
      this.hooks.say(why, "info");
    }
    return false;
  }

  /** A Welcome's settings schemas: the panels are built from them (again, where one changed). */
  takeSchemas(schemas: ReadonlyMap<WorldName, SchemaView>): void {
    this.panels.takeSchemas(schemas);
    if (this.shownView) this.showPanel(this.panels.panelFor(this.shownView));
  }

  /** The world now shown: its own controls and its settings panel come out, another world's go. */
  showWorld(view: WorldView): void {
    this.shownView = view;
    this.shownControls = this.worldControls.get(view);
    for (const c of this.worldControls.values()) c.show(c === this.shownControls);
    // A pointer held, or following the mouse, in one world is let go there, not carried into the next.
    const hoverChanged = view.hoverTools !== this.hoverTools;
    if (view.heldTools !== this.heldTools || hoverChanged) this.tools.releaseAll();
    this.heldTools = view.heldTools;
    this.hoverTools = view.hoverTools;
    if (hoverChanged) this.tools.followMouseNow();
    // Until the viewer picks a tool, each world starts it on its own first one (or the default).
    if (!this.toolPicked) this.select(TOOLS.find((t) => t.name === view.firstTool) ?? DEFAULT_TOOL);
    this.showPanel(this.panels.panelFor(view));
    if (view.actions !== this.actions) {
      this.actions?.show(false);
      this.actions = view.actions;
      this.actions?.show(true);
    }
  }

  private showPanel(panel: WorldPanel | undefined): void {
    if (panel === this.panel) return;
    this.panel?.show(false);
    this.panel = panel;
    this.panel?.show(true);
  }

  /** The viewer picks a tool (a key, the tool bar, the ⋯ menu): it keeps it from world to world. */
  private pick(spec: ToolSpec): void {
    this.toolPicked = true;
    this.select(spec);
  }

  private select(spec: ToolSpec): void {
    if (spec.name === this.active.name) return;
    this.tools.releaseAll();
    this.active = spec;
    this.toolbar.show(spec);
    this.tools.followMouseNow();
  }

  private onKey(ev: KeyboardEvent): void {
    const target = ev.target instanceof HTMLElement ? ev.target.tagName : undefined;
    const command = commandForKey({
      key: ev.key,
      ctrlKey: ev.ctrlKey,
      altKey: ev.altKey,
      metaKey: ev.metaKey,
      repeat: ev.repeat,
      targetTag: target,
    });
    if (!command) return;
    ev.preventDefault();
    this.run(command);
  }

  /** Runs a key's command (keys, the "more" menu's buttons). */
  run(command: KeyCommand): void {
    switch (command.kind) {
      case "tool":
        this.pick(command.spec);
        break;
      case "count":
        if (this.mayTouch(true)) this.worldCommand(command, "count");
        break;
      case "food":
        this.throwFood();
        break;
      case "trails":
      case "record":
        this.worldCommand(command, command.kind);
        break;
      case "help":
        this.help.toggle();
        break;
      case "card":
        this.card.toggle(this.shownView?.card);
        if (!this.shownView?.card) this.hooks.say("No card for this world yet.", "info");
        break;
      case "world":
        this.hooks.switchWorld();
        break;
      case "replay":
        this.hooks.toggleReplay();
        // The meadow is the show now (and the bar at the bottom its controls): the ⋯ menu gives way.
        this.more.setOpen(false);
        break;
      case "fullscreen":
        toggleFullscreen(document, (text) => this.hooks.say(text, "warning"));
        break;
      case "start":
        this.hooks.start();
        break;
      case "sound":
        this.hooks.toggleSound();
        break;
      case "palette":
        this.hooks.nextPalette();
        break;
      case "close":
        this.help.hide();
        this.card.hide();
        this.more.setOpen(false);
        break;
    }
  }

  /** A command of the shown world's own controls; where another world's answer it, that world says where. */
  private worldCommand(command: KeyCommand, kind: WorldCommandKind): void {
    if (this.shownControls?.commands.has(kind)) {
      this.shownControls.run(command);
      return;
    }
    const owner = [...this.worldControls.values()].find((c) => c.commands.has(kind));
    this.hooks.say(owner?.elsewhere(command) || "That does nothing in this world.", "info");
  }

  /**
   * f, the food button, the menu's: the world shown throws its own food (WorldView.throwFood, or
   * its controls' food, such as a handful of crumbs where this viewer looks).
   */
  private throwFood(): void {
    if (!this.mayTouch(true)) return;
    const view = this.shownView;
    const command: KeyCommand = { kind: "food" };
    if (!view?.throwFood && !this.shownControls?.commands.has("food")) {
      this.worldCommand(command, "food");
      return;
    }
    if (this.lockedTools.has(FLOWER.name)) {
      this.hooks.say("The flower tool, and with it the food, is locked by the operator.", "info");
      return;
    }
    if (view?.throwFood) {
      if (view.throwFood()) this.hooks.acted?.();
      else this.notConnected("food");
      return;
    }
    this.shownControls?.run(command);
  }

  private sendTool(intent: ToolIntent): boolean {
    // Refused on purpose is answered: the gesture goes on quietly, and nothing is sent.
    if (!this.mayTouch(intent.phase === ToolAction_Phase.TAP || intent.phase === ToolAction_Phase.DOWN)) return true;
    const p = intent.position;
    const ok = this.hooks.send(toolActionBytes(intent.spec.tool, intent.phase, p.x, p.y));
    const phase = PHASES[intent.phase];
    if (ok) this.hooks.acted?.();
    if (ok && phase) {
      this.log.push({ tool: intent.spec.name, phase, x: p.x, y: p.y });
      if (this.log.length > ACTION_LOG) this.log.splice(0, this.log.length - ACTION_LOG);
    }
    return ok;
  }

  private notConnected(what?: string): void {
    this.hooks.say(`Not connected to the meadow yet${what ? `: the ${what} was not used` : ""}.`, "warning");
  }
}
