// One world's light on its own canvas (a glow, a trail): the LightHost that
// decodes and draws it (in the light worker, or here), and how its frames fare: shown (by
// codec), dropped, skipped, undecodable, timings, for the debug hook and what this device keeps
// up with. A light that stays undecodable for a few seconds gets the link renewed, since only a
// fresh session is sure to start with a key frame. What its renderer says of video (whether it
// decodes VP9, and when its decoder failed) goes to the page's codec offer, which the Hello
// carries. Shared by every world whose frames carry a LightLayer.
import type { LightLayer as LightLayerMessage } from "../gen/meadow/v1/viewer_pb";
import type { VideoLightAnswers } from "../net/light-codec-offer";
import type { NoticeLevel } from "../ui/notice";
import { DurationStats } from "../util/duration-stats";
import type { KeepUpMeter } from "../util/keep-up";
import { LightHost, lightInWorkerWanted, type LightWhere } from "./light-host";
import type { LightCodecName, LightOutcome, LightReport } from "./light-messages";
import type { LightSettings } from "./light-renderer";
import type { LightRamp } from "./palette";
import type { Viewport } from "./viewport";

/** Light frames in a row that can't be decoded before the link is renewed to get a key frame, in seconds of frames. */
const RESYNC_AFTER_SECONDS = 3;

/** What a world's light needs of the page around it. */
export interface WorldLightHooks {
  /** The page's query (`?light=main` keeps the light on the main thread). */
  readonly search: string;
  /** How much this device keeps up with: the light's decoding and drawing count. */
  readonly keepUp: KeepUpMeter;
  readonly say: (text: string, level: NoticeLevel) => void;
  /** A problem worth a (rate-limited) notice. */
  readonly problem: (text: string) => void;
  /** The light cannot catch up: renew the link (a fresh session starts with a key frame). */
  readonly resync: (reason: string) => void;
  /** Whether the light's renderer decodes video, and when its decoder failed: the Hello's offer. */
  readonly videoAnswers: VideoLightAnswers;
}

export class WorldLight {
  readonly host: LightHost;
  /** Light frames decoded and shown, dropped, and undecodable, since it was made. */
  framesShown = 0;
  dropped = 0;
  decodeErrors = 0;
  /** Video frames of upper temporal layers left out while decoding was behind. */
  skipped = 0;
  /** Light frames shown since it was made, by the codec they came in. */
  readonly framesByCodec: Record<LightCodecName, number> = { zstd: 0, vp9: 0 };
  available = false;
  firstLightMs: number | undefined;
  readonly decodeTimes = new DurationStats();
  readonly drawTimes = new DurationStats();

  private lightProblem: string | undefined;
  private dropStreak = 0;
  private framesPerSecond: number;

  constructor(
    canvas: HTMLCanvasElement,
    settings: LightSettings,
    private readonly hooks: WorldLightHooks,
  ) {
    this.framesPerSecond = settings.framesPerSecond;
    this.host = new LightHost(canvas, settings, (r) => this.onReport(r), lightInWorkerWanted(hooks.search));
  }

  /** Settles with the renderer's first word on its canvas. */
  get ready(): Promise<void> {
    return this.host.ready;
  }

  get where(): LightWhere {
    return this.host.where;
  }

  /** "light hidden" while it cannot be drawn; undefined when all is well. */
  get problem(): string | undefined {
    return this.lightProblem;
  }

  /** A frame's light; its bytes are handed over (to the worker: transferred) and gone from the frame. */
  take(frameNumber: bigint, light: LightLayerMessage | undefined): void {
    this.host.take(frameNumber, light);
  }

  /** Its world's frames come now: the canvas out, and a fresh start (its next frame is a key frame). */
  show(viewport: Viewport): void {
    this.host.show(true);
    this.host.setViewport(viewport);
    this.host.reset();
    this.dropStreak = 0;
  }

  hide(): void {
    this.host.show(false);
    this.host.reset();
  }

  /** What its frames said no longer holds (a lost link, a new session). */
  forget(): void {
    this.host.reset();
  }

  /** Every animation frame while shown: the light draws itself (in its worker) or now (here). */
  tick(nowMs: number): void {
    this.host.tick(nowMs);
  }

  setViewport(viewport: Viewport): void {
    this.host.setViewport(viewport);
  }

  setFrameRate(framesPerSecond: number): void {
    this.framesPerSecond = framesPerSecond;
    this.host.setFrameRate(framesPerSecond);
  }

  setRamp(ramp: LightRamp): void {
    this.host.setRamp(ramp);
  }

  /** What the light's renderer says, from its worker or from this thread. */
  private onReport(r: LightReport): void {
    const now = performance.now();
    const keepUp = this.hooks.keepUp;
    switch (r.type) {
      case "state":
        this.available = r.available;
        this.lightProblem = r.available ? undefined : "light hidden";
        if (r.problem) this.hooks.say(r.problem, "error");
        break;
      case "decoded":
        this.decodeTimes.add(r.ms);
        keepUp.decoded(now, this.host.where === "worker" ? "worker" : "main", r.ms);
        if (r.outcome === "raster" && r.codec) this.framesByCodec[r.codec] += 1;
        this.onDecoded(r.outcome, r.reason);
        break;
      case "video":
        if (r.problem !== undefined) this.hooks.videoAnswers.failed(r.problem);
        else this.hooks.videoAnswers.answered(this, r.decodes);
        break;
      case "videoKey":
        this.hooks.videoAnswers.needsKey();
        break;
      case "firstLight":
        this.firstLightMs ??= r.epochMs - performance.timeOrigin;
        break;
      case "drawn":
        for (const ms of r.durationsMs) {
          this.drawTimes.add(ms);
          // Drawn on this thread, the light is part of the animation frame's work already.
          if (this.host.where === "worker") keepUp.workerFrame(now, ms);
        }
        break;
    }
  }

  private onDecoded(outcome: LightOutcome, reason: string): void {
    // Left out on purpose, the video's chain whole: neither shown nor a sign that it is stuck.
    if (outcome === "skipped") {
      this.skipped += 1;
      return;
    }
    if (outcome === "raster") {
      this.dropStreak = 0;
      this.framesShown += 1;
      return;
    }
    this.dropStreak += 1;
    if (outcome === "dropped") this.dropped += 1;
    else {
      this.decodeErrors += 1;
      this.hooks.problem(`A light frame could not be decoded (${reason}).`);
    }
    // The protocol has no "send me a key" message; a fresh session always starts with one.
    if (this.dropStreak > RESYNC_AFTER_SECONDS * this.framesPerSecond) {
      this.dropStreak = 0;
      this.hooks.resync("resynchronising light");
    }
  }
}
