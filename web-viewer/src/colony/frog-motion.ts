// Smooth frogs between frames, as the fireflies are (frame-motion.ts): a frog glides along its
// hop and turns the short way round. Its hop and gulp are mixed only while they run on; a new
// hop, a landing or a new catch (hop or gulp starting afresh) shows at once rather than sliding
// back through the old one.
import type { FrogView } from "./colony-snapshot";
import { FrameMotion, shortestTurn } from "../render/frame-motion";

/** Mixes `a` (what was shown) towards `b` (the newest frame) by `k`. */
export function mixFrog(a: FrogView, b: FrogView, k: number): FrogView {
  return {
    ...b,
    x: a.x + (b.x - a.x) * k,
    y: a.y + (b.y - a.y) * k,
    heading: a.heading + shortestTurn(a.heading, b.heading) * k,
    hop: b.hop >= a.hop && a.hop > 0 ? a.hop + (b.hop - a.hop) * k : b.hop,
    gulp: b.gulp <= a.gulp ? a.gulp + (b.gulp - a.gulp) * k : b.gulp,
  };
}

export class FrogMotion extends FrameMotion<FrogView> {
  constructor() {
    super(mixFrog);
  }
}
