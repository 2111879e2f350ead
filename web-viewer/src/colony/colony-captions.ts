// The colony's moments on the wall (captions/), from its events and its store (docs/rules.md "The
// colony"): the colony dying out to a sleeping spark and the spark waking, a foraging group
// falling into flashing as one (how many fireflies), the store running nearly empty, a frog's
// catch, a birth, a seed taking root; the rarest first.
import type { Frame } from "../gen/meadow/v1/viewer_pb";
import { MomentLatch, type Caption, type CaptionRules } from "../captions/caption-rules";

/** The store is nearly empty below this share, and said again only after it has been above STORE_REFILLED. */
export const STORE_NEARLY_EMPTY = 0.1;
export const STORE_REFILLED = 0.2;

export class ColonyCaptions implements CaptionRules {
  private readonly hungry = new MomentLatch();

  read(frame: Frame): Caption[] {
    const out: Caption[] = [];
    const has = (kind: Frame["events"][number]["body"]["case"]): boolean => frame.events.some((e) => e.body.case === kind);
    for (const e of frame.events) {
      if (e.body.case === "colonySpark") out.push({ key: e.body.value.awake ? "colony.awake" : "colony.asleep" });
    }
    // The biggest group that fell into sync in this frame.
    let members = 0;
    for (const e of frame.events) {
      if (e.body.case === "colonyGroupSync" && e.body.value.inSync) members = Math.max(members, e.body.value.members);
    }
    if (members > 0) out.push({ key: "colony.sync", count: members });
    const store = frame.colony?.store;
    if (store !== undefined && Number.isFinite(store) && this.hungry.update(store < STORE_NEARLY_EMPTY, store > STORE_REFILLED)) out.push({ key: "colony.hungry" });
    if (has("frogCatch")) out.push({ key: "colony.frog" });
    if (has("colonyBirth")) out.push({ key: "colony.birth" });
    if (has("tookRoot")) out.push({ key: "colony.rooted" });
    return out;
  }

  forget(): void {
    this.hungry.reset();
  }
}
