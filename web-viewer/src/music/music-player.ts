// The live music: an AudioContext (made on the first gesture, m or the sound button, as
// browsers require; or at once in kiosk mode when the browser lets it run), the master, the
// conductor, and a timer that only wakes the look-ahead scheduler: every note's time comes from
// the audio clock (ctx.currentTime), never from the timer.
import { Conductor } from "./conductor";
import { MasterBus } from "./master-bus";
import type { MusicFrame } from "./music-frame";
import type { ThemeMaker } from "./theme";
import { WebAudioSink } from "./web-audio-sink";

/** ms between wake-ups of the scheduler: well inside its look-ahead (LOOK_AHEAD_S = 150 ms). */
export const PUMP_INTERVAL_MS = 25;
/** The volume a first start plays at (0 … 1 of the slider). */
export const DEFAULT_VOLUME = 0.7;
/** ms after sound is switched off before the context is suspended: the master's fade has ended by then. */
const SUSPEND_AFTER_MS = 300;

export type SoundState = "off" | "on" | "blocked";

export class MusicPlayer {
  /** The worlds' themes (their views'), set before sound is first switched on. */
  themes: readonly ThemeMaker[] = [];
  private ctx: AudioContext | undefined;
  private master: MasterBus | undefined;
  private conductor: Conductor | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private suspendTimer: ReturnType<typeof setTimeout> | undefined;
  private wanted = false;
  private volumeNow = DEFAULT_VOLUME;
  private mutedNow = false;
  private readonly listeners: (() => void)[] = [];

  /** on: playing; off: not asked for (or switched off); blocked: asked for, but the browser holds the context (no gesture yet). */
  get state(): SoundState {
    if (!this.wanted) return "off";
    return this.ctx?.state === "running" ? "on" : "blocked";
  }

  get volume(): number {
    return this.volumeNow;
  }

  get muted(): boolean {
    return this.mutedNow;
  }

  get contextState(): AudioContextState | undefined {
    return this.ctx?.state;
  }

  get music(): Conductor | undefined {
    return this.conductor;
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  /** m or the sound button (a gesture): sound on ⇄ off. */
  toggle(): void {
    if (this.state === "on") this.stop();
    else this.start();
  }

  /** Sound on. In a gesture this always works; without one only where the browser allows autoplay. */
  start(): void {
    this.wanted = true;
    if (this.suspendTimer !== undefined) clearTimeout(this.suspendTimer);
    this.suspendTimer = undefined;
    const ctx = this.ensureContext();
    this.master?.setVolume(this.volumeNow, this.mutedNow);
    if (ctx.state !== "running") void ctx.resume().catch(() => undefined);
    this.timer ??= setInterval(() => this.pump(), PUMP_INTERVAL_MS);
    this.changed();
  }

  /** Sound off: the master fades out, then the context is suspended (its clock stops with it). */
  stop(): void {
    this.wanted = false;
    this.master?.setVolume(0, true);
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.suspendTimer = setTimeout(() => void this.ctx?.suspend().catch(() => undefined), SUSPEND_AFTER_MS);
    this.changed();
  }

  setVolume(volume: number): void {
    this.volumeNow = Math.min(1, Math.max(0, volume));
    if (this.wanted) this.master?.setVolume(this.volumeNow, this.mutedNow);
    this.changed();
  }

  setMuted(muted: boolean): void {
    this.mutedNow = muted;
    if (this.wanted) this.master?.setVolume(this.volumeNow, this.mutedNow);
    this.changed();
  }

  /** Every frame of the world shown (as its view gives it to the music); heard only while sound is on. */
  onFrame(frame: MusicFrame): void {
    const ctx = this.ctx;
    if (!this.conductor || !ctx || ctx.state !== "running" || !this.wanted) return;
    this.conductor.onFrame(frame, ctx.currentTime);
    this.conductor.pump(ctx.currentTime);
  }

  /** The link dropped, or the world shown has no theme: the music fades out until frames of one come again. */
  silence(): void {
    const ctx = this.ctx;
    if (ctx && this.conductor) this.conductor.silence(ctx.currentTime);
  }

  private pump(): void {
    const ctx = this.ctx;
    if (ctx && ctx.state === "running") this.conductor?.pump(ctx.currentTime);
  }

  private ensureContext(): AudioContext {
    if (this.ctx) return this.ctx;
    const ctx = new AudioContext({ latencyHint: "playback" });
    this.ctx = ctx;
    this.master = new MasterBus(ctx, 0, true);
    this.conductor = new Conductor(new WebAudioSink(ctx, this.master.input), this.themes);
    ctx.addEventListener("statechange", () => {
      if (ctx.state === "running" && this.wanted) this.master?.setVolume(this.volumeNow, this.mutedNow);
      this.changed();
    });
    return ctx;
  }
}
