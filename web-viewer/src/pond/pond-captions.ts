// The pond's moments on the wall (captions/), from its frames (docs/rules.md "The pond"): crumbs
// eaten (its CrumbEaten events: how many in the frame), and a predator's shadow coming over the
// water, which scatters the school (its predators: none, then one).
import type { Frame } from "../gen/meadow/v1/viewer_pb";
import type { Caption, CaptionRules } from "../captions/caption-rules";

export class PondCaptions implements CaptionRules {
  /** Predators in the latest pond frame (undefined: none seen yet). */
  private predators: number | undefined;

  read(frame: Frame): Caption[] {
    const out: Caption[] = [];
    const now = frame.pond?.predators.length;
    if (now !== undefined) {
      if (now > 0 && this.predators === 0) out.push({ key: "pond.predator" });
      this.predators = now;
    }
    const eaten = frame.events.filter((e) => e.body.case === "crumbEaten").length;
    if (eaten > 0) out.push({ key: "pond.crumb", count: eaten });
    return out;
  }

  forget(): void {
    this.predators = undefined;
  }
}
