// The swarm's moments on the wall (captions/): its order crossings as the server announces them
// (docs/rules.md "The swarm · Measures": into order through the upper threshold, into disorder
// through the lower; the crossings in between are on the way and not said), and a crumb eaten.
import type { Frame } from "../gen/meadow/v1/viewer_pb";
import type { Caption, CaptionRules } from "../captions/caption-rules";
import { crossingsFromEvents, phaseReached } from "./order-crossings";

export class SwarmCaptions implements CaptionRules {
  read(frame: Frame): Caption[] {
    const out: Caption[] = [];
    const phase = phaseReached(crossingsFromEvents(frame.events));
    if (phase) out.push({ key: phase === "order" ? "swarm.order" : "swarm.disorder" });
    if (frame.events.some((e) => e.body.case === "crumbEaten")) out.push({ key: "swarm.crumb" });
    return out;
  }

  forget(): void {}
}
