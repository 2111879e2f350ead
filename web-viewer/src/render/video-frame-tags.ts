// What a video frame's light needs besides its pixels (its frame number, bounds, size,
// channels), kept by the timestamp its chunk was decoded with until the decoder hands out the
// picture. The decode is asynchronous: pictures come out later, in the order their chunks went
// in, and each must be drawn with its own frame's bounds, not those of the frame that arrived
// last (a world may grow and shrink).
import type { WorldRect } from "./viewport";

export interface VideoFrameTag {
  readonly frameNumber: bigint;
  readonly width: number;
  readonly height: number;
  readonly channels: number;
  readonly bounds: WorldRect;
}

export class VideoFrameTags {
  /** Oldest first; timestamps only ever grow. */
  private readonly waiting: { readonly timestamp: number; readonly tag: VideoFrameTag }[] = [];
  /**
   * Never restarts, not even on `clear`: a picture decoded before a reset that still comes out
   * then has a timestamp older than every tag and finds none.
   */
  private nextTimestamp = 0;

  /** Pictures being decoded (their chunks sent, their pictures not out yet). */
  get size(): number {
    return this.waiting.length;
  }

  /** Tags a chunk about to be decoded; returns the timestamp to decode it with. */
  add(tag: VideoFrameTag): number {
    const timestamp = this.nextTimestamp++;
    this.waiting.push({ timestamp, tag });
    return timestamp;
  }

  /**
   * The tag of the picture stamped `timestamp`, or undefined for a picture no tag waits for.
   * Older tags go with it: their chunks gave no picture (the decoder may skip one) and never will.
   */
  take(timestamp: number): VideoFrameTag | undefined {
    while (this.waiting.length > 0) {
      const first = this.waiting[0];
      if (!first || first.timestamp > timestamp) return undefined;
      this.waiting.shift();
      if (first.timestamp === timestamp) return first.tag;
    }
    return undefined;
  }

  clear(): void {
    this.waiting.length = 0;
  }
}
