// The resting meadow on screen (meadow-rest.ts says when and in what words): a night's veil over
// every world with the caretaker's words in the middle, deep on a wall, light on a visitor's page.
import { wallText } from "../captions/caption-strings";
import { MeadowRest } from "./meadow-rest";
import { Veil } from "./veil";

/** What the gallery shows of the rest, for the debug hook. */
export interface RestDebug {
  readonly resting: boolean;
  readonly veil: boolean;
  readonly words: string | undefined;
}

export class WallRest {
  readonly state = new MeadowRest();
  private readonly veil: Veil;

  constructor(
    stage: HTMLElement,
    private readonly language: string,
  ) {
    this.veil = new Veil(stage, "rest-veil", true);
  }

  /** Once per animation frame; whether the meadow rests. */
  tick(): boolean {
    const resting = this.state.resting;
    this.veil.set(resting, this.state.words(wallText("rest.plain", this.language)));
    return resting;
  }

  debug(): RestDebug {
    return { resting: this.state.resting, veil: this.veil.down, words: this.veil.said };
  }
}
