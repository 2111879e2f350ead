// "Tonight so far" as this page knows it (docs/gallery.md; proto/meadow/v1/replay.proto), pure, on
// an explicit clock (ms). The page asks (START, SEEK, SPEED, STOP); the server answers with
// ReplayState: when the replay starts, about once a second while it plays, and when it ends. What
// matters most is WHEN the frames change source: from the ReplayState that says `playing` on, the
// frames (and rocks) are the replay's, numbered afresh, and from the one that says it stopped they
// are live again, numbered afresh too. Those two messages come in order with the frames, so the
// page forgets what it kept of the frames exactly there (ReplayChange.source), never on a click.
// A replay this page did not ask for (a late word after it chose another world) is not entered.
import type { ReplayState } from "../gen/meadow/v1/replay_pb";
import { spanMoment, spanPosition } from "./replay-span";

/**
 * off: the server keeps no night to replay (Welcome.replays); live; starting: START sent, no word
 * yet; playing; stopping: STOP sent, the frames are still the replay's until the server says so.
 */
export type ReplayPhase = "off" | "live" | "starting" | "playing" | "stopping";

/** The fastest the server replays, and what a speed of 0 means on the wire. */
export const MAX_SPEED = 60;
/** The speeds the bar offers. */
export const SPEEDS: readonly number[] = [1, 10, 60];
/** A START the server has not answered in this long is given up, ms (the server always answers). */
export const START_WAIT_MS = 8000;
/** A STOP unanswered this long: the page goes live by itself, ms. */
export const STOP_WAIT_MS = 5000;
/** A seek's moment stays on the bar until the server's word reaches it, at most this long, ms. */
export const SEEK_HOLD_MS = 4000;
/** The time on the bar runs on from the server's last word at most this long, ms (it speaks every second). */
const RUN_ON_MS = 2000;
/** Achieved below this share of the speed asked: the bar says so. */
const SLOW_SHARE = 0.75;

/** The server's word in plain numbers. */
export interface ReplayFigures {
  readonly startMs: number;
  readonly endMs: number;
  readonly atMs: number;
  /** As asked, 1 … 60. */
  readonly speed: number;
  /** Over the last second; 0 before one has passed. */
  readonly achievedSpeed: number;
  readonly seeking: boolean;
}

export function replayFigures(state: ReplayState): ReplayFigures {
  return {
    startMs: Number(state.startMs),
    endMs: Number(state.endMs),
    atMs: Number(state.atMs),
    speed: state.speed === 0 ? MAX_SPEED : state.speed,
    achievedSpeed: Number.isFinite(state.achievedSpeed) ? Math.max(0, state.achievedSpeed) : 0,
    seeking: state.seeking,
  };
}

/** What a step of the model means for the page. */
export interface ReplayChange {
  /** The frames change source here: the replay's from the next frame ("past"), or live again. */
  readonly source?: "past" | "live";
  /** The server's words for the person: why it ended the replay, or why it could not start one. */
  readonly reason?: string;
  /** A START went unanswered and was given up; a STOP went unanswered (send it again). */
  readonly gaveUp?: "start" | "stop";
}

/** What the bar shows now. */
export interface ReplayView {
  readonly phase: ReplayPhase;
  readonly startMs: number;
  readonly endMs: number;
  /** The moment shown: the server's, run on since its last word, or a seek's target. */
  readonly atMs: number;
  /** 0 … 1 along the bar. */
  readonly position: number;
  readonly speed: number;
  readonly achievedSpeed: number;
  /** Finding a moment (the server's word, or a seek it has not taken up yet). */
  readonly seeking: boolean;
  /** Achieved well below the speed asked (a busy machine). */
  readonly slow: boolean;
}

const NOTHING: ReplayChange = {};

export class ReplayModel {
  private offeredNow = false;
  private phaseNow: ReplayPhase = "off";
  private phaseAt = 0;
  /** The frames are the replay's (from its first `playing` word to its last). */
  private inPast = false;
  /** A START this page sent that has not ended yet: only such a replay is entered. */
  private asked = false;
  private figures: ReplayFigures | undefined;
  private figuresAt = 0;
  private seekTarget: { readonly atMs: number; readonly sinceMs: number; sawSeeking: boolean } | undefined;
  private speedAsked: number | undefined;

  get offered(): boolean {
    return this.offeredNow;
  }

  get phase(): ReplayPhase {
    return this.phaseNow;
  }

  /** Whether the frames are the replay's now. */
  get past(): boolean {
    return this.inPast;
  }

  /** A Welcome: a new session, live, that may replay the night or not. */
  welcome(offered: boolean): void {
    this.offeredNow = offered;
    this.toLive(0);
    this.phaseNow = offered ? "live" : "off";
  }

  /** START sent; false where none may start now (not offered, or one under way). */
  start(nowMs: number): boolean {
    if (this.phaseNow !== "live") return false;
    this.asked = true;
    this.enter("starting", nowMs);
    return true;
  }

  /** STOP; false where nothing is under way. */
  stop(nowMs: number): boolean {
    if (this.phaseNow !== "playing" && this.phaseNow !== "starting") return false;
    this.enter("stopping", nowMs);
    return true;
  }

  /** The bar asks for the moment at `position`: the moment (Unix ms) to SEEK to, or undefined while nothing plays. */
  seek(position: number, nowMs: number): number | undefined {
    const f = this.figures;
    if (this.phaseNow !== "playing" || !f) return undefined;
    const atMs = spanMoment(position, f.startMs, this.endAt(nowMs));
    this.seekTarget = { atMs, sinceMs: nowMs, sawSeeking: false };
    return atMs;
  }

  /**
   * The bar asks for a speed: lit at once, until the server's word says otherwise. Also while the
   * replay starts (the server has it by then): a short night at 60× could be over before it plays.
   */
  askSpeed(speed: number): boolean {
    if (this.phaseNow !== "playing" && this.phaseNow !== "starting") return false;
    this.speedAsked = speed;
    return true;
  }

  /** The server's word. */
  take(state: ReplayState, nowMs: number): ReplayChange {
    if (!state.playing) {
      const wasPast = this.inPast;
      const waited = this.phaseNow === "starting" || this.phaseNow === "stopping";
      // A late word about a replay already left (another world chosen) says nothing new.
      if (!wasPast && !waited) return NOTHING;
      this.toLive(nowMs);
      return { ...(wasPast ? { source: "live" as const } : {}), ...(state.reason ? { reason: state.reason } : {}) };
    }
    let change = NOTHING;
    if (!this.inPast) {
      if (!this.asked) return NOTHING;
      this.inPast = true;
      change = { source: "past" };
    }
    if (this.phaseNow !== "stopping" && this.phaseNow !== "playing") this.enter("playing", nowMs);
    const f = replayFigures(state);
    this.figures = f;
    this.figuresAt = nowMs;
    if (this.speedAsked === f.speed) this.speedAsked = undefined;
    this.followSeek(f);
    return change;
  }

  /** Another world chosen (w, a wall's turn): the server ends the replay and shows that world live. */
  worldChosen(nowMs: number): ReplayChange {
    if (this.phaseNow === "off" || this.phaseNow === "live") return NOTHING;
    const wasPast = this.inPast;
    this.toLive(nowMs);
    return wasPast ? { source: "live" } : NOTHING;
  }

  /** Once per animation frame: words that never came are given up. */
  tick(nowMs: number): ReplayChange {
    const waited = nowMs - this.phaseAt;
    if (this.phaseNow === "starting" && waited >= START_WAIT_MS) {
      const wasPast = this.inPast;
      this.toLive(nowMs);
      return { gaveUp: "start", ...(wasPast ? { source: "live" as const } : {}) };
    }
    if (this.phaseNow === "stopping" && waited >= STOP_WAIT_MS) {
      const wasPast = this.inPast;
      this.toLive(nowMs);
      return { gaveUp: "stop", ...(wasPast ? { source: "live" as const } : {}) };
    }
    return NOTHING;
  }

  view(nowMs: number): ReplayView {
    const f = this.figures;
    if (!f) {
      return { phase: this.phaseNow, startMs: 0, endMs: 0, atMs: 0, position: 0, speed: this.speedAsked ?? MAX_SPEED, achievedSpeed: 0, seeking: false, slow: false };
    }
    const target = this.seekTarget && nowMs - this.seekTarget.sinceMs < SEEK_HOLD_MS ? this.seekTarget : undefined;
    const endMs = this.endAt(nowMs);
    const seeking = f.seeking || target !== undefined;
    let atMs = target?.atMs ?? f.atMs;
    if (!seeking && this.phaseNow === "playing") {
      // Between the server's words (one a second) the time runs on at the speed it achieves.
      const rate = f.achievedSpeed > 0 ? f.achievedSpeed : f.speed;
      atMs = Math.min(f.atMs + Math.min(nowMs - this.figuresAt, RUN_ON_MS) * rate, endMs);
    }
    return {
      phase: this.phaseNow,
      startMs: f.startMs,
      endMs,
      atMs,
      position: spanPosition(atMs, f.startMs, endMs),
      speed: this.speedAsked ?? f.speed,
      achievedSpeed: f.achievedSpeed,
      seeking,
      slow: !seeking && f.achievedSpeed > 0 && f.achievedSpeed < SLOW_SHARE * f.speed,
    };
  }

  /** The journal's end is now: it grows in real time after the server's word. */
  private endAt(nowMs: number): number {
    const f = this.figures;
    return f ? f.endMs + Math.max(0, nowMs - this.figuresAt) : 0;
  }

  /**
   * A seek's moment stays on the bar until the server has taken it up: it said it seeks and then
   * that it found it, or its moment is near the target. A word sent before the seek reached the
   * server (its time still the old one) does not pull the bar back.
   */
  private followSeek(f: ReplayFigures): void {
    const t = this.seekTarget;
    if (!t) return;
    if (f.seeking) {
      t.sawSeeking = true;
      return;
    }
    const near = Math.max(5000, 2500 * f.speed);
    if (t.sawSeeking || Math.abs(f.atMs - t.atMs) <= near) this.seekTarget = undefined;
  }

  private enter(phase: ReplayPhase, nowMs: number): void {
    this.phaseNow = phase;
    this.phaseAt = nowMs;
  }

  private toLive(nowMs: number): void {
    this.inPast = false;
    this.asked = false;
    this.figures = undefined;
    this.seekTarget = undefined;
    this.speedAsked = undefined;
    this.enter(this.offeredNow ? "live" : "off", nowMs);
  }
}
