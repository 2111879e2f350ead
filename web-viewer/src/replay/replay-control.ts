// "Tonight so far" wired (docs/gallery.md): n (and the ⋯ menu's button) starts the night replayed
// from the oldest moment kept at 60×, or goes back to live; the page's bar (replay-page.ts) scrubs,
// sets the speed and goes back to live through it; the server's ReplayState moves the model
// (replay-model.ts), which says when the frames change source, handed on (`sourceChanged`) for the
// page to forget what it kept of them. Seeks go out at most SEEK_EVERY_MS apart (the server takes
// about 4 replay requests a second), the last one always. While the past is on screen the page
// says so (ReplayUi.marked) and the meadow cannot be touched (`untouchable`, which the controls
// ask). No DOM here: the page's part is ReplayUi.
import { ReplayRequest_Action, type ReplayState } from "../gen/meadow/v1/replay_pb";
import { wallText } from "../captions/caption-strings";
import { replayRequestBytes } from "../net/messages";
import type { NoticeLevel } from "../ui/notice";
import { Throttle } from "../util/throttle";
import { MAX_SPEED, ReplayModel, type ReplayChange, type ReplayView } from "./replay-model";

/** Seeks go out at most this often while a person scrubs by keys or clicks fast, ms (≈ 3 a second). */
export const SEEK_EVERY_MS = 350;

/** The replay on the page: its bar, and the mark of the past (replay-page.ts). */
export interface ReplayUi {
  /** Once per animation frame: the replay as it stands. */
  show(view: ReplayView): void;
  /** The frames are the replay's (true) or live. */
  marked(past: boolean): void;
  /** The words the time on the bar shows now. */
  readonly timeText: string;
}

export interface ReplayHooks {
  readonly ui: ReplayUi;
  /** Returns whether the bytes went out (false while disconnected). */
  readonly send: (bytes: Uint8Array<ArrayBuffer>) => boolean;
  readonly say: (text: string, level: NoticeLevel) => void;
  /**
   * The frames come from elsewhere from the next one on (the replay's, or live again), numbered
   * afresh: what the page kept of the frames no longer holds.
   */
  readonly sourceChanged: (source: "past" | "live") => void;
  /** Before the past is asked for: what this viewer holds on the meadow is let go while it is live (a held predator). */
  readonly leaveLive: () => void;
  /** The page's language (captions/caption-strings.ts). */
  readonly language: string;
}

/** One of the server's words while the replay played, as the debug hook keeps it. */
export interface HeardWord {
  readonly atMs: number;
  readonly speed: number;
  readonly seeking: boolean;
}

/** The replay as the debug hook shows it: what the bar shows (ReplayView), and more. */
export interface ReplayDebug extends Omit<ReplayView, "slow"> {
  readonly offered: boolean;
  /** The frames are the replay's. */
  readonly past: boolean;
  /** The server's words received while it played (the moment and the speed each said), the latest 50. */
  readonly heard: readonly HeardWord[];
  /** Requests sent since the page loaded, by action. */
  readonly sent: { readonly start: number; readonly seek: number; readonly speed: number; readonly stop: number };
  /** The words the time on the bar shows now. */
  readonly time: string;
  /** The moment the latest seek asked for (Unix ms); undefined: none yet. */
  readonly sought: number | undefined;
}

const HEARD_KEPT = 50;

type SentName = keyof ReplayDebug["sent"];
const SENT_AS: Partial<Record<ReplayRequest_Action, SentName>> = {
  [ReplayRequest_Action.START]: "start",
  [ReplayRequest_Action.SEEK]: "seek",
  [ReplayRequest_Action.SPEED]: "speed",
  [ReplayRequest_Action.STOP]: "stop",
};

export class ReplayControl {
  readonly model = new ReplayModel();
  private readonly seeks = new Throttle<number>(SEEK_EVERY_MS);
  private readonly heard: HeardWord[] = [];
  private sought: number | undefined;
  private readonly sent: Record<SentName, number> = { start: 0, seek: 0, speed: 0, stop: 0 };

  constructor(private readonly hooks: ReplayHooks) {}

  /** Whether anything of a replay is under way (asked for, playing, on its way back). */
  get busy(): boolean {
    const p = this.model.phase;
    return p === "starting" || p === "playing" || p === "stopping";
  }

  /**
   * Why the meadow cannot be touched now: the words to say, or "" to refuse quietly (on the way
   * back to live already); undefined: it can.
   */
  get untouchable(): string | undefined {
    if (!this.model.past) return undefined;
    return this.model.phase === "stopping" ? "" : wallText("replay.past", this.hooks.language);
  }

  /** A Welcome: a new session is live; whether this server replays the night. */
  welcome(offered: boolean): void {
    this.model.welcome(offered);
    this.seeks.reset();
    this.hooks.ui.marked(false);
  }

  /** The link dropped: the replay was the session's, and went with it. */
  linkLost(): void {
    this.welcome(this.model.offered);
  }

  /** n: the night from its start at 60×, or back to live. */
  toggle(nowMs: number): void {
    if (this.busy) this.stop(nowMs);
    else if (!this.model.offered) this.hooks.say(wallText("replay.none", this.hooks.language), "info");
    else this.start(nowMs);
  }

  /** The night from the oldest moment kept, at `speed`; whether it was asked for. */
  start(nowMs: number, speed = MAX_SPEED): boolean {
    if (this.model.phase !== "live") return false;
    this.hooks.leaveLive();
    if (!this.request(ReplayRequest_Action.START, 0, speed)) return false;
    return this.model.start(nowMs);
  }

  stop(nowMs: number): void {
    if (this.model.stop(nowMs)) this.request(ReplayRequest_Action.STOP);
  }

  /** The server's word. */
  take(state: ReplayState, nowMs: number): void {
    if (state.playing) {
      this.heard.push({ atMs: Number(state.atMs), speed: state.speed, seeking: state.seeking });
      if (this.heard.length > HEARD_KEPT) this.heard.shift();
    }
    this.follow(this.model.take(state, nowMs));
  }

  /** Another world chosen: the server ends the replay there and shows that world live. */
  worldChosen(nowMs: number): void {
    this.follow(this.model.worldChosen(nowMs));
  }

  /** Once per animation frame: a seek that waited goes out, words that never came are given up, the bar. */
  tick(nowMs: number): void {
    const waiting = this.seeks.take(nowMs);
    if (waiting !== undefined) this.request(ReplayRequest_Action.SEEK, waiting);
    const change = this.model.tick(nowMs);
    if (change.gaveUp === "start") this.hooks.say(wallText("replay.unanswered", this.hooks.language), "info");
    // A STOP unanswered: asked again (it may have been refused as too many requests), live meanwhile.
    if (change.gaveUp === "stop") this.request(ReplayRequest_Action.STOP);
    this.follow(change);
    this.hooks.ui.show(this.model.view(nowMs));
  }

  debug(nowMs: number): ReplayDebug {
    const v = this.model.view(nowMs);
    return {
      offered: this.model.offered,
      phase: v.phase,
      past: this.model.past,
      startMs: v.startMs,
      endMs: v.endMs,
      atMs: v.atMs,
      position: v.position,
      speed: v.speed,
      achievedSpeed: v.achievedSpeed,
      seeking: v.seeking,
      heard: this.heard.slice(),
      sent: { ...this.sent },
      time: this.hooks.ui.timeText,
      sought: this.sought,
    };
  }

  /** The bar asks for the moment at `position` (0 … 1): a drag ended, a click, a key on it. */
  seek(position: number, nowMs: number): void {
    const atMs = this.model.seek(position, nowMs);
    if (atMs === undefined) return;
    this.sought = atMs;
    const now = this.seeks.push(atMs, nowMs);
    if (now !== undefined) this.request(ReplayRequest_Action.SEEK, now);
  }

  /** The bar asks for a speed (times real time). */
  speed(speed: number): void {
    if (this.model.askSpeed(speed)) this.request(ReplayRequest_Action.SPEED, 0, speed);
  }

  private request(action: ReplayRequest_Action, atMs = 0, speed = 0): boolean {
    const ok = this.hooks.send(replayRequestBytes(action, atMs, speed));
    const name = SENT_AS[action];
    if (ok && name) this.sent[name] += 1;
    return ok;
  }

  private follow(change: ReplayChange): void {
    if (change.source) {
      if (change.source === "live") this.seeks.reset();
      this.hooks.ui.marked(change.source === "past");
      this.hooks.sourceChanged(change.source);
    }
    if (change.reason) this.hooks.say(change.reason, "info");
  }
}
