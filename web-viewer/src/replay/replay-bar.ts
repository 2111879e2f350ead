// The bar of "Tonight so far" (docs/gallery.md), along the bottom while the night is replayed: the
// "● Live" button, what it is ("Tonight so far") and the clock time shown, the scrub bar from the
// oldest moment kept to now, the speeds (1×, 10×, 60×) and a note ("seeking…", "only 23× here").
// On a phone it wraps to two rows (Live and the scrub bar across the screen below), every target a
// finger's size. The scrub bar is a range input: a drag only moves its thumb and the time it shows (a
// preview), and asks for the moment once, when the drag ends (`change`): the server takes a few
// replay requests a second, and a seek per pointer move would be refused. It only shows what it is
// told (ReplayView), touching the page only where something changed.
import "./replay.css";
import { wallText } from "../captions/caption-strings";
import { SPEEDS, type ReplayView } from "./replay-model";
import { clockText, spanMoment } from "./replay-span";

/** The range input's steps: fine enough for a minute in a long night on the widest screen. */
const SCRUB_STEPS = 1000;

export interface ReplayBarHooks {
  readonly live: () => void;
  readonly speed: (speed: number) => void;
  /** The moment at `position` (0 … 1) asked for: a drag ended, a click, a key on the focused bar. */
  readonly seek: (position: number) => void;
}

export class ReplayBar {
  readonly element: HTMLElement;
  private readonly time: HTMLOutputElement;
  private readonly scrub: HTMLInputElement;
  private readonly note: HTMLElement;
  private readonly speeds = new Map<number, HTMLButtonElement>();
  /** Where a finger or the mouse holds the thumb (0 … 1), undefined when nothing holds it. */
  private held: number | undefined;
  private shown: ReplayView | undefined;

  constructor(
    doc: Document,
    private readonly language: string,
    hooks: ReplayBarHooks,
  ) {
    const el = doc.createElement("div");
    el.id = "replay-bar";
    el.setAttribute("role", "group");
    el.setAttribute("aria-label", wallText("replay.title", language));
    el.hidden = true;

    const live = button(doc, wallText("replay.live", language), "replay-live");
    live.title = wallText("replay.liveTitle", language);
    live.addEventListener("click", () => hooks.live());

    const badge = doc.createElement("span");
    badge.className = "replay-badge";
    badge.textContent = wallText("replay.title", language);
    this.time = doc.createElement("output");
    this.time.className = "replay-time";

    this.scrub = doc.createElement("input");
    this.scrub.type = "range";
    this.scrub.className = "replay-scrub";
    this.scrub.min = "0";
    this.scrub.max = String(SCRUB_STEPS);
    this.scrub.step = "1";
    this.scrub.value = "0";
    this.scrub.setAttribute("aria-label", wallText("replay.scrub", language));
    this.wireScrub(hooks);

    const speeds = doc.createElement("span");
    speeds.className = "replay-speeds";
    for (const s of SPEEDS) {
      const b = button(doc, `${s}×`, "replay-speed");
      b.dataset.speed = String(s);
      b.title = wallText("replay.speed", language, s);
      b.setAttribute("aria-pressed", "false");
      b.addEventListener("click", () => hooks.speed(s));
      speeds.append(b);
      this.speeds.set(s, b);
    }
    this.note = doc.createElement("span");
    this.note.className = "replay-note";
    this.note.setAttribute("role", "status");

    // On a phone the bar wraps here: what it is, the time and the speeds above; Live and the scrub bar below.
    const wrap = doc.createElement("span");
    wrap.className = "replay-wrap";
    el.append(live, badge, this.time, this.scrub, speeds, this.note, wrap);
    doc.body.append(el);
    this.element = el;
  }

  /** The clock time the bar shows now. */
  get timeText(): string {
    return this.time.textContent ?? "";
  }

  /** Once per animation frame: the replay as it stands (hidden while live). */
  show(view: ReplayView): void {
    const visible = view.phase === "starting" || view.phase === "playing" || view.phase === "stopping";
    if (this.element.hidden === visible) {
      this.element.hidden = !visible;
      // What sits at the bottom of the page moves up over the bar (replay.css).
      this.element.ownerDocument.body.classList.toggle("replay-bar-shown", visible);
    }
    this.shown = view;
    if (!visible) return;
    // While held, the thumb stays under the finger and the time is the thumb's.
    const atMs = this.held === undefined ? view.atMs : spanMoment(this.held, view.startMs, view.endMs);
    setText(this.time, view.endMs > 0 ? clockText(atMs) : "");
    this.time.title = view.endMs > 0 ? `${clockText(view.startMs)} … ${clockText(view.endMs)}` : "";
    if (this.held === undefined) {
      const value = String(Math.round(view.position * SCRUB_STEPS));
      if (this.scrub.value !== value) this.scrub.value = value;
    }
    for (const [s, b] of this.speeds) {
      const on = String(s === view.speed && view.phase !== "stopping");
      if (b.getAttribute("aria-pressed") !== on) b.setAttribute("aria-pressed", on);
    }
    setText(this.note, this.noteFor(view));
  }

  private noteFor(view: ReplayView): string {
    if (view.phase === "starting") return wallText("replay.starting", this.language);
    if (view.phase === "stopping") return wallText("replay.returning", this.language);
    if (view.seeking) return wallText("replay.seeking", this.language);
    if (view.slow) return wallText("replay.slow", this.language, speedFigure(view.achievedSpeed));
    return "";
  }

  private wireScrub(hooks: ReplayBarHooks): void {
    const s = this.scrub;
    const position = (): number => Number(s.value) / SCRUB_STEPS;
    s.addEventListener("pointerdown", () => {
      this.held = position();
    });
    s.addEventListener("input", () => {
      // A drag (or a key): the thumb and its time move; nothing is asked for yet.
      this.held = position();
      if (this.shown) this.show(this.shown);
    });
    s.addEventListener("change", () => {
      this.held = undefined;
      hooks.seek(position());
    });
    const letGo = (): void => {
      this.held = undefined;
      // Keys go back to the meadow after a drag (arrows on a focused bar would scrub it).
      s.blur();
    };
    s.addEventListener("pointerup", letGo);
    s.addEventListener("pointercancel", letGo);
  }
}

function button(doc: Document, text: string, className: string): HTMLButtonElement {
  const b = doc.createElement("button");
  b.type = "button";
  b.className = className;
  b.textContent = text;
  // Buttons never keep focus, so keys keep going to the meadow.
  b.addEventListener("pointerdown", (ev) => ev.preventDefault());
  return b;
}

/** A speed as the note says it: tenths below 10× ("0.6×" when 1× was asked), whole ones above. */
function speedFigure(speed: number): number {
  return speed < 10 ? Math.round(speed * 10) / 10 : Math.round(speed);
}

function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}
