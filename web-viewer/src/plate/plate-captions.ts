// The plate's moments on the wall (captions/): its order crossings (docs/rules.md "The plate": the
// server announces 0.2 and 0.9): rising through the upper one the birds fall into a stream,
// falling through the lower one they scatter into a gas; coming out of either is not said.
import type { Frame } from "../gen/meadow/v1/viewer_pb";
import type { Caption, CaptionRules } from "../captions/caption-rules";
import { crossingsFromEvents, phaseReached } from "../order/order-phase";

export class PlateCaptions implements CaptionRules {
  read(frame: Frame): Caption[] {
    const phase = phaseReached(crossingsFromEvents(frame.events));
    return phase ? [{ key: phase === "order" ? "plate.stream" : "plate.gas" }] : [];
  }

  forget(): void {}
}
