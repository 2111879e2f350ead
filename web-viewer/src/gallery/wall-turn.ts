// A wall's worlds in turn wired (turn-schedule.ts says when): the schedule's veil on the stage, and
// the world it asks for handed to the viewer, which asks the server as `w` does.
import type { WorldName } from "../worlds/world-view";
import { TurnSchedule, type TurnAsk, type WallNow } from "./turn-schedule";
import { Veil } from "./veil";

/** What the gallery shows of the turning, for the debug hook. */
export interface TurnDebug {
  readonly worlds: readonly WorldName[];
  readonly veil: boolean;
  readonly turns: number;
}

export class WallTurn {
  private readonly schedule: TurnSchedule;
  private readonly veil: Veil;

  constructor(
    stage: HTMLElement,
    ask: TurnAsk,
    private readonly choose: (world: WorldName) => void,
  ) {
    this.schedule = new TurnSchedule(ask);
    this.veil = new Veil(stage, "turn-veil");
  }

  /** The worlds the server offers (its Welcome). */
  offer(worlds: readonly WorldName[]): void {
    this.schedule.offer(worlds);
  }

  /** Whether a turn is under way (the veil down). */
  get veilDown(): boolean {
    return this.veil.down;
  }

  /** Once per animation frame. */
  tick(nowMs: number, wall: WallNow): void {
    const step = this.schedule.tick(nowMs, wall);
    this.veil.set(step.veil);
    if (step.choose !== undefined) this.choose(step.choose);
  }

  debug(): TurnDebug {
    return { worlds: this.schedule.worlds, veil: this.veil.down, turns: this.schedule.turns };
  }
}
