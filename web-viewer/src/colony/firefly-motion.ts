// Smooth fireflies at any refresh rate (docs/rules.md "The viewer · Smooth motion"): FrameMotion
// (frame-motion.ts) glides each from what was shown towards the newest frame; here is how one
// firefly is mixed: its place, heading (the short way round), energy, flash and fade. One missing
// from a frame is gone (its fade-out was in the frames before).
import type { FireflyView } from "./colony-snapshot";
import { FrameMotion, interpolateById, shortestTurn } from "../render/frame-motion";

export { MAX_GLIDE_UNITS, shortestTurn } from "../render/frame-motion";

function mixFirefly(a: FireflyView, b: FireflyView, k: number): FireflyView {
  return {
    ...b,
    x: a.x + (b.x - a.x) * k,
    y: a.y + (b.y - a.y) * k,
    heading: a.heading + shortestTurn(a.heading, b.heading) * k,
    energy: a.energy + (b.energy - a.energy) * k,
    flash: a.flash + (b.flash - a.flash) * k,
    fade: a.fade + (b.fade - a.fade) * k,
  };
}

/** The fireflies of `to`, each moved back towards its `from` self by 1 − t (0 = from, 1 = to). */
export function interpolateFireflies(from: readonly FireflyView[], to: readonly FireflyView[], t: number): FireflyView[] {
  return interpolateById(from, to, t, mixFirefly);
}

export class FireflyMotion extends FrameMotion<FireflyView> {
  constructor() {
    super(mixFirefly);
  }
}
