// Whether this device keeps up with the meadow (docs/rules.md "The viewer · Status line": on a
// weak device, how many fireflies it keeps up with), from the viewer's own measurements over the
// last few seconds:
//   - the work of each of the page's animation frames (main thread: ground, a world's 2D layers, air,
//     marks, status, and the light when it is drawn there),
//   - the light's drawing in its worker, per frame drawn,
//   - the decoding of each light frame, on whichever thread it runs.
// Each thread needs (work per drawn frame × the display's refresh rate) + (work per received
// frame × the server's frame rate) milliseconds a second; its load is that share of a second,
// and the device's load is its busiest thread's. Past ENTER_LOAD the device falls behind (frames
// come late, motion stutters); it counts as keeping up again only under LEAVE_LOAD, so a load
// near a threshold does not make the status flicker. The estimate of the fireflies it keeps up
// with assumes the work grows in proportion to their number, which is all one count can tell:
// the count that would bring the load down to LEAVE_LOAD. Each mean leaves out the longest
// SPIKE_SHARE of its samples: one-off work (the first paint of the ground after a start, the
// light's shaders compiled, a garbage collection) makes a frame late once, which is not a device
// too slow for the meadow; one that is too slow is slow in most of its frames. Measured in
// headless Chromium here: the first animation frame after the Welcome took 281 ms and the next
// ones 2–7 ms, and that one frame alone put the plain mean's load at 1.74 at the first verdict.
// Pure: every time is handed in.

/** How far back the measurements reach, ms. */
export const WINDOW_MS = 5000;
/** No verdict before this much time of measurements (after a start or a reset), ms. */
const LEAST_SPAN_MS = 3000;
/** …nor from fewer animation frames than this. */
const LEAST_FRAMES = 5;
/** Load over which the device falls behind, and under which it keeps up again. */
export const ENTER_LOAD = 0.9;
export const LEAVE_LOAD = 0.7;
/**
 * The display's refresh rate is read from the shortest usual interval between animation frames
 * (its 10th percentile), but never taken as less than 60 Hz: animation frames that come slower
 * than that more likely mean a busy page than a slower display, and must not lower the bar.
 */
const DISPLAY_HZ_LEAST = 60;
const DISPLAY_HZ_MOST = 240;
/** A new estimate replaces the one shown only if it differs by more than this share. */
const ESTIMATE_HOLD = 0.15;
/** The share of each window's samples, the longest, that its mean leaves out (see above). */
export const SPIKE_SHARE = 0.1;

export type Thread = "main" | "worker";

export interface KeepUpInput {
  /** The fireflies of the world shown, if known. */
  readonly fireflies: number | undefined;
  /** Frames the server sends a second. */
  readonly serverFps: number;
}

export interface KeepUp {
  /** The device does not keep up (with hysteresis). */
  readonly behind: boolean;
  /** There were measurements enough for a verdict now (without them `behind` stays as it was: false after a start). */
  readonly judged: boolean;
  /** The busiest thread's share of a second needed for the work (1 = all of it). */
  readonly load: number;
  readonly displayHz: number;
  /** While behind: about how many fireflies it keeps up with (undefined without a count). */
  readonly fireflies: number | undefined;
}

/** Samples (time, value) over a sliding window of time. */
export class WindowedSamples {
  private readonly at: number[] = [];
  private readonly values: number[] = [];

  constructor(private readonly windowMs = WINDOW_MS) {}

  add(nowMs: number, value: number): void {
    if (!Number.isFinite(value) || value < 0) return;
    this.at.push(nowMs);
    this.values.push(value);
    this.trim(nowMs);
  }

  clear(): void {
    this.at.length = 0;
    this.values.length = 0;
  }

  count(nowMs: number): number {
    this.trim(nowMs);
    return this.values.length;
  }

  mean(nowMs: number): number {
    return this.trimmedMean(nowMs, 0);
  }

  /** The mean without the largest `share` (0 … 1) of the samples, rounded down to whole samples. */
  trimmedMean(nowMs: number, share: number): number {
    const sorted = this.sorted(nowMs);
    const kept = sorted.length - Math.floor(Math.min(1, Math.max(0, share)) * sorted.length);
    if (kept <= 0) return 0;
    let sum = 0;
    for (let i = 0; i < kept; i++) sum += sorted[i] ?? 0;
    return sum / kept;
  }

  /** The value below which a share `p` (0 … 1) of the samples lie; undefined without samples. */
  quantile(nowMs: number, p: number): number | undefined {
    const sorted = this.sorted(nowMs);
    if (sorted.length === 0) return undefined;
    return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  }

  /** The samples in the window, smallest first (a copy). */
  private sorted(nowMs: number): number[] {
    this.trim(nowMs);
    return [...this.values].sort((a, b) => a - b);
  }

  private trim(nowMs: number): void {
    let drop = 0;
    while (drop < this.at.length && (this.at[drop] ?? 0) <= nowMs - this.windowMs) drop++;
    if (drop === 0) return;
    this.at.splice(0, drop);
    this.values.splice(0, drop);
  }
}

export class KeepUpMeter {
  private readonly pageWork = new WindowedSamples();
  private readonly frameIntervals = new WindowedSamples();
  private readonly workerDraws = new WindowedSamples();
  private readonly decodeWork: Record<Thread, WindowedSamples> = { main: new WindowedSamples(), worker: new WindowedSamples() };
  private since = Number.NEGATIVE_INFINITY;
  private lastFrameAt: number | undefined;
  private behind = false;
  private shownEstimate: number | undefined;

  /** Start afresh (another world, a new session): what was measured belongs to the old one. */
  reset(nowMs: number): void {
    for (const s of [this.pageWork, this.frameIntervals, this.workerDraws, this.decodeWork.main, this.decodeWork.worker]) s.clear();
    this.since = nowMs;
    this.lastFrameAt = undefined;
    this.behind = false;
    this.shownEstimate = undefined;
  }

  /** The page's animation frame that began at `nowMs` took `workMs` of the main thread. */
  pageFrame(nowMs: number, workMs: number): void {
    if (this.lastFrameAt !== undefined) this.frameIntervals.add(nowMs, nowMs - this.lastFrameAt);
    this.lastFrameAt = nowMs;
    this.pageWork.add(nowMs, workMs);
  }

  /** The light worker drew a frame in `workMs` (on the main thread that is part of the page's frame). */
  workerFrame(nowMs: number, workMs: number): void {
    this.workerDraws.add(nowMs, workMs);
  }

  /** A light frame decoded in `workMs` on `thread`. */
  decoded(nowMs: number, thread: Thread, workMs: number): void {
    this.decodeWork[thread].add(nowMs, workMs);
  }

  /** The display's refresh rate as the animation frames show it (see DISPLAY_HZ_LEAST). */
  displayHz(nowMs: number): number {
    const shortest = this.frameIntervals.count(nowMs) >= LEAST_FRAMES ? this.frameIntervals.quantile(nowMs, 0.1) : undefined;
    const measured = shortest !== undefined && shortest > 0 ? 1000 / shortest : 0;
    return Math.min(DISPLAY_HZ_MOST, Math.max(DISPLAY_HZ_LEAST, measured));
  }

  /** The busiest thread's load: share of a second its work needs at the display's and the server's rates. */
  load(nowMs: number, serverFps: number): number {
    const hz = this.displayHz(nowMs);
    const fps = Math.max(0, serverFps);
    const usual = (s: WindowedSamples): number => s.trimmedMean(nowMs, SPIKE_SHARE);
    const main = usual(this.pageWork) * hz + usual(this.decodeWork.main) * fps;
    const worker = usual(this.workerDraws) * hz + usual(this.decodeWork.worker) * fps;
    return Math.max(main, worker) / 1000;
  }

  judge(nowMs: number, input: KeepUpInput): KeepUp {
    const load = this.load(nowMs, input.serverFps);
    const displayHz = this.displayHz(nowMs);
    const enough = nowMs - this.since >= LEAST_SPAN_MS && this.pageWork.count(nowMs) >= LEAST_FRAMES;
    if (enough) {
      if (!this.behind && load > ENTER_LOAD) this.behind = true;
      else if (this.behind && load < LEAVE_LOAD) this.behind = false;
    }
    if (!this.behind) {
      this.shownEstimate = undefined;
      return { behind: false, judged: enough, load, displayHz, fireflies: undefined };
    }
    const estimate = input.fireflies === undefined ? undefined : firefliesKeptUpWith(input.fireflies, load);
    const shown = this.shownEstimate;
    if (estimate === undefined || shown === undefined || Math.abs(estimate - shown) > ESTIMATE_HOLD * shown) this.shownEstimate = estimate;
    return { behind: true, judged: enough, load, displayHz, fireflies: this.shownEstimate };
  }
}

/**
 * About how many fireflies bring `load` down to LEAVE_LOAD if the work grows in proportion to
 * their number, rounded down to two significant digits (a figure to read, not a measurement).
 */
export function firefliesKeptUpWith(fireflies: number, load: number): number {
  if (!(load > 0)) return fireflies;
  const raw = (fireflies * LEAVE_LOAD) / load;
  if (raw < 1) return 0;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(raw)) - 1);
  return Math.floor(raw / step) * step;
}
