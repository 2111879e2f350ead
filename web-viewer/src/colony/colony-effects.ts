// Brief flourishes for what happens in the colony (docs/rules.md "The colony"), from the events in
// its frames: a birth is a green ring widening out of the hollow, a delivery a warm pulse on the
// stump, a new flower (dropped, or a bud opening) a pale ring opening around it, a seed taking root
// a small green ring where its shoot pops up, the spark waking a bright pulse. Each lasts about a
// second at most. `effectsFromEvents` and `liveEffects` are pure and tested; colony-light.ts draws
// them.
import type { Event } from "../gen/meadow/v1/viewer_pb";

export type EffectKind = "birth" | "delivery" | "flower" | "wake" | "root";

export interface Effect {
  readonly kind: EffectKind;
  /** World units. */
  readonly x: number;
  readonly y: number;
  /** When it began, seconds on the clock `liveEffects` is given. */
  readonly atS: number;
}

export interface LiveEffect extends Effect {
  /** 0 at its start … 1 at its end. */
  readonly age: number;
}

/** Seconds each flourish lasts. */
export const EFFECT_S: Readonly<Record<EffectKind, number>> = { birth: 0.9, delivery: 0.5, flower: 0.9, wake: 1.2, root: 0.6 };
/** More than this many at once and the oldest go (a burst of events must not pile up). */
const MAX_EFFECTS = 64;

/** The flourishes a frame's events start at `nowS`; deliveries are drawn at the stump. */
export function effectsFromEvents(events: readonly Event[], stump: { readonly x: number; readonly y: number } | undefined, nowS: number): Effect[] {
  const out: Effect[] = [];
  const at = (kind: EffectKind, p: { x: number; y: number } | undefined): void => {
    if (p && Number.isFinite(p.x) && Number.isFinite(p.y)) out.push({ kind, x: p.x, y: p.y, atS: nowS });
  };
  for (const ev of events) {
    const b = ev.body;
    switch (b.case) {
      case "colonyBirth":
        at("birth", b.value.position ?? stump);
        break;
      case "colonyDelivery":
        at("delivery", stump);
        break;
      case "colonyFlowerDropped":
        at("flower", b.value.position);
        break;
      case "bloom":
        at("flower", b.value.position);
        break;
      case "tookRoot":
        at("root", b.value.position);
        break;
      case "colonySpark":
        if (b.value.awake) at("wake", b.value.position ?? stump);
        break;
      default:
        break;
    }
  }
  return out;
}

/** The effects still running at `nowS` with their age; the others are left out. */
export function liveEffects(effects: readonly Effect[], nowS: number): LiveEffect[] {
  const out: LiveEffect[] = [];
  for (const e of effects) {
    const age = (nowS - e.atS) / EFFECT_S[e.kind];
    if (age >= 0 && age < 1) out.push({ ...e, age });
  }
  return out.slice(-MAX_EFFECTS);
}
