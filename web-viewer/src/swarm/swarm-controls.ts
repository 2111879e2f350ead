// The swarm's own controls (docs/rules.md "The swarm · The aquarium's controls"), in the page's
// panel at the bottom right: its sliders (three rules and the speed), the food button, the record
// trails button; ↑/↓ for its count, f to throw a handful of crumbs where the viewer looks, t and r
// for its trails (trail-controls.ts). Out only while the swarm is watched; in another world its
// keys say where they work. On a phone the panel joins the ⋯ menu, as a world's settings panel does.
import { ToolAction_Phase, World, type Trails } from "../gen/meadow/v1/viewer_pb";
import { worldSettingsBytes } from "../net/messages";
import { TOOLS } from "../tools/tool-catalog";
import { CountStepper, type CountDirection } from "../ui/count-step";
import { FoodButton } from "../ui/food-button";
import type { KeyCommand } from "../ui/key-commands";
import type { LockView } from "../ui/more-menu";
import { placeByScreen } from "../ui/phone-placement";
import type { ControlPage, WorldCommandKind, WorldControls } from "../worlds/world-controls";
import type { WorldName } from "../worlds/world-view";
import { FoodThrow, HANDFUL, foodSpots } from "./food-throw";
import type { SwarmState } from "./swarm-state";
import { TrailControls } from "./trail-controls";
import { WeightSliders } from "./weight-sliders";

/** The flower tool: thrown food is its taps. */
const FLOWER = TOOLS[1];

const COMMANDS: ReadonlySet<WorldCommandKind> = new Set<WorldCommandKind>(["count", "food", "trails", "record"]);

/** What the swarm's keys say in another world. */
const ELSEWHERE: Readonly<Record<WorldCommandKind, string>> = {
  count: "↑ and ↓ set the swarm's count: press w to watch the swarm.",
  food: "Food is for the swarm's fireflies: press w to watch the swarm.",
  trails: "Trails are the swarm's: press w to watch the swarm.",
  record: "Trails are recorded in the swarm: press w to watch the swarm.",
};

export class SwarmControls implements WorldControls {
  readonly commands = COMMANDS;
  private readonly sliders: WeightSliders;
  private readonly foodButton: FoodButton;
  private readonly food = new FoodThrow();
  private readonly counts = new CountStepper();
  readonly trails: TrailControls;
  /** The last count asked for, for the debug hook. */
  requestedCount: number | undefined;

  constructor(
    private readonly page: ControlPage,
    private readonly state: SwarmState,
    showTrails: (on: boolean) => void,
  ) {
    const panel = page.panel;
    this.sliders = new WeightSliders(panel, (name, value) => {
      if (page.mayTouch(true) && !page.send(worldSettingsBytes(World.SWARM, { values: { [name]: value } }))) page.notConnected();
    });
    this.foodButton = new FoodButton(panel, () => page.run({ kind: "food" }));
    this.trails = new TrailControls(panel, { send: page.send, say: page.say, showTrails });
    // On a phone the sliders join the ⋯ menu, as a world's settings panel does: the meadow keeps the screen.
    placeByScreen(panel, panel.parentElement ?? document.body, page.menu);
  }

  run(command: KeyCommand): void {
    switch (command.kind) {
      case "count":
        this.stepCount(command.direction);
        break;
      case "food":
        this.throwFood();
        break;
      case "trails":
        this.trails.toggle();
        break;
      case "record":
        this.trails.record();
        break;
      default:
        break;
    }
  }

  elsewhere(command: KeyCommand): string {
    return COMMANDS.has(command.kind as WorldCommandKind) ? ELSEWHERE[command.kind as WorldCommandKind] : "";
  }

  show(visible: boolean): void {
    this.page.panel.hidden = !visible;
    if (!visible) this.food.stop();
  }

  /** Throttled values that waited, thrown crumbs due, the trails' button, and the sliders' view. */
  tick(nowMs: number): void {
    this.throwDueCrumb(nowMs);
    this.sliders.flush(nowMs);
    this.trails.tick(nowMs);
    const f = this.state.figures;
    if (f) this.sliders.reflect({ ...f.weights, speed: f.speed }, f.settingsLocked, nowMs);
  }

  /** The food button is dimmed with the flower tool (the sliders show their own lock). */
  showLocks(locks: LockView): void {
    this.foodButton.showLocked(locks.tools.has(FLOWER.name));
  }

  /** A throw under way stops there (it may be a refusal of its crumbs), or slows down for "too soon"; a refused recording ends. */
  noticeArrived(code: string): void {
    this.food.noticed(code, performance.now());
    this.trails.noticeArrived(code);
  }

  /** The server's recording of the swarm's trails. */
  trailsArrived(trails: Trails): void {
    this.trails.trailsArrived(trails);
  }

  frameShown(world: WorldName): void {
    this.trails.frameShown(world);
  }

  letGo(): void {
    this.food.stop();
  }

  /** A throw stops, a recording is lost. */
  linkLost(): void {
    this.food.stop();
    this.trails.linkLost();
  }

  private stepCount(direction: CountDirection): void {
    const f = this.state.figures;
    if (f?.settingsLocked) {
      this.page.say("The count is locked by the operator.", "info");
      return;
    }
    const next = this.counts.step(direction, f?.target, performance.now(), f?.viewerMaxCount);
    if (next === undefined) {
      if (f) {
        this.page.say(
          direction === "more" ? `That is as many fireflies as a viewer can ask for (${f.viewerMaxCount.toLocaleString("en")}).` : "That is as few as there can be.",
          "info",
        );
      }
      return;
    }
    if (!this.page.send(worldSettingsBytes(World.SWARM, { values: { count: Math.round(next) } }))) {
      this.page.notConnected();
      return;
    }
    this.requestedCount = next;
  }

  /** A handful of crumbs where this viewer looks, as the flower tool's taps. */
  private throwFood(): void {
    if (this.food.throwing) return;
    const spots = foodSpots(this.page.viewport().view, this.page.worldBounds(), this.page.rocks(), HANDFUL, Math.random);
    const now = performance.now();
    // The first crumb at once, as a tap would be; the rest with the animation frames.
    if (this.food.start(spots, now)) this.throwDueCrumb(now);
  }

  private throwDueCrumb(nowMs: number): void {
    const crumb = this.food.due(nowMs);
    if (crumb && !this.page.sendTool({ spec: FLOWER, phase: ToolAction_Phase.TAP, position: crumb })) {
      this.food.stop();
      this.page.notConnected("food");
    }
  }
}
