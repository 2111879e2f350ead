// Which light codecs this viewer offers the server in its Hello besides zstd (which every viewer
// decodes): VP9 video when the page wants it (not `?light=zstd`), every light renderer that has
// answered decodes it (each asks WebCodecs where it decodes: in its worker, or on this thread),
// and no video decoder has failed on this page. A failed decoder turns video off for good (until
// the page is loaded again): a decoder that broke once would likely break again, and the server
// then goes back to zstd frames. A change is news for the server: `onChange` says Hello again; so
// is a decoder that fell behind and waits for a key frame (the server restarts the video on it).
import { LightCodec } from "../gen/meadow/v1/viewer_pb";
import { lightOptions } from "../render/light-options";

/** What a world's light tells the offer: whether its renderer decodes video, and when it failed. */
export interface VideoLightAnswers {
  /** `light`'s renderer decodes VP9 (or not); a light that answers again replaces its answer. */
  answered(light: object, decodes: boolean): void;
  /** A renderer's video decoder failed (configure refused, a decode error): video off. */
  failed(reason: string): void;
  /** A renderer's video decoder waits for a key frame: say hello again (at most once a second). */
  needsKey(): void;
}

/** The least time between two Hellos that ask for a key frame, ms: the server grants keys at most every 0.4 s. */
export const KEY_ASK_INTERVAL_MS = 1000;

export class LightCodecOffer implements VideoLightAnswers {
  private readonly wanted: boolean;
  private readonly answers = new Map<object, boolean>();
  private failure: string | undefined;

  private lastKeyAsk = Number.NEGATIVE_INFINITY;

  constructor(
    search: string,
    private readonly onChange: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.wanted = lightOptions(search).video;
  }

  /** Whether the Hello offers VP9 now. */
  get video(): boolean {
    if (!this.wanted || this.failure !== undefined || this.answers.size === 0) return false;
    return [...this.answers.values()].every((decodes) => decodes);
  }

  /** Why video is off after a decoder failed; undefined while none has. */
  get problem(): string | undefined {
    return this.failure;
  }

  /** Hello.light_codecs. */
  get codecs(): LightCodec[] {
    return this.video ? [LightCodec.VP9] : [];
  }

  answered(light: object, decodes: boolean): void {
    this.changing(() => this.answers.set(light, decodes));
  }

  failed(reason: string): void {
    this.changing(() => {
      this.failure ??= reason;
    });
  }

  needsKey(): void {
    if (!this.video) return;
    const now = this.now();
    if (now - this.lastKeyAsk < KEY_ASK_INTERVAL_MS) return;
    this.lastKeyAsk = now;
    // The same offer again: the server restarts this viewer's video from its next key frame.
    this.onChange();
  }

  private changing(change: () => void): void {
    const before = this.video;
    change();
    if (this.video !== before) this.onChange();
  }
}
