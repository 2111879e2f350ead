// A TrailPoints message (the fireflies the live trails follow, after each swarm frame) → plain
// world positions: each xy packs x in its high 16 bits and y in its low 16, each 0 … 65535
// across the message's bounds.
import type { TrailPoints } from "../gen/meadow/v1/swarm/swarm_frame_pb";
import { rectFromProto } from "../net/proto-mapping";
import type { WorldRect } from "../render/viewport";

/** The top of a quantised coordinate. */
const QUANTA = 65535;

export interface TrailSample {
  /** The Frame.number these positions go with. */
  readonly frame: number;
  readonly tick: number;
  readonly bounds: WorldRect;
  /** Ascending; one position each, world units. */
  readonly ids: readonly number[];
  readonly xs: Float64Array;
  readonly ys: Float64Array;
}

/** Undefined when the message has no usable bounds (every position would be wrong). */
export function trailSampleFromProto(tp: TrailPoints): TrailSample | undefined {
  const bounds = rectFromProto(tp.bounds);
  if (!bounds) return undefined;
  const n = Math.min(tp.ids.length, tp.xy.length);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = tp.xy[i] ?? 0;
    xs[i] = bounds.x + ((v >>> 16) / QUANTA) * bounds.width;
    ys[i] = bounds.y + ((v & 0xffff) / QUANTA) * bounds.height;
  }
  return { frame: Number(tp.frame), tick: Number(tp.tick), bounds, ids: tp.ids.slice(0, n), xs, ys };
}

/** The inverse, for tests and test servers: world positions → one packed xy. */
export function packTrailPoint(x: number, y: number, bounds: WorldRect): number {
  const q = (v: number): number => Math.min(QUANTA, Math.max(0, Math.round(v * QUANTA)));
  return ((q((x - bounds.x) / bounds.width) << 16) | q((y - bounds.y) / bounds.height)) >>> 0;
}
