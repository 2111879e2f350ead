// One slider's give and take with the server, free of the DOM and of what the slider sets: while
// it is dragged its values go out throttled (the last one always), and it shows the server's
// value only when nobody is dragging it and its own last change has had time to come back.
// A world's own sliders and each setting of a settings panel are each one of these.
import { Throttle } from "../util/throttle";

/** About ten changes a second while dragging. */
export const SLIDER_INTERVAL_MS = 100;
/** After the last local change, the server's figure is trusted again after this long. */
export const ECHO_MS = 1000;

export class SliderDrag {
  private readonly throttle = new Throttle<number>(SLIDER_INTERVAL_MS);
  private dragging = false;
  private lastInputAt = Number.NEGATIVE_INFINITY;

  grab(): void {
    this.dragging = true;
  }

  /** The slider moved to `value`; returns the value to send now, if any. */
  input(value: number, nowMs: number): number | undefined {
    this.lastInputAt = nowMs;
    return this.throttle.push(value, nowMs);
  }

  /** The drag ended; returns the last value if it still waits. */
  release(nowMs: number): number | undefined {
    this.dragging = false;
    this.lastInputAt = nowMs;
    return this.throttle.drain(nowMs);
  }

  /** A value that waited for the throttle, once due; call once per animation frame. */
  flush(nowMs: number): number | undefined {
    return this.throttle.take(nowMs);
  }

  /** Whether the server's value should be shown now. */
  reflects(nowMs: number): boolean {
    return !this.dragging && !this.throttle.hasWaiting && nowMs - this.lastInputAt >= ECHO_MS;
  }
}
