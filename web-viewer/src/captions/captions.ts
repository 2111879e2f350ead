// The wall's captions wired (docs/rules.md "The gallery"): the shown world's rules read each of its
// frames (WorldView.captions), the board picks what is said and when, the line shows it in the
// page's language. A world shown anew, or a dropped link, starts the rules and the board afresh.
import type { Frame } from "../gen/meadow/v1/viewer_pb";
import { CaptionBoard } from "./caption-board";
import { CaptionLine } from "./caption-line";
import type { CaptionRules } from "./caption-rules";
import { wallText } from "./caption-strings";

/** Captions said since the page loaded, kept for the debug hook. */
const SAID_KEPT = 20;

export class Captions {
  private readonly board = new CaptionBoard();
  private readonly line: CaptionLine;
  private rules: CaptionRules | undefined;
  private shownSince: number | undefined;
  /** The captions said since the page loaded (the latest SAID_KEPT), in its language. */
  readonly said: string[] = [];

  constructor(
    doc: Document,
    private readonly language: string,
  ) {
    this.line = new CaptionLine(doc);
  }

  /** The words on the wall now, or undefined. */
  get shown(): string | undefined {
    return this.line.shown;
  }

  /** Another world is shown: its rules read from now on. */
  worldShown(rules: CaptionRules | undefined): void {
    this.rules?.forget();
    this.rules = rules;
    this.board.clear();
  }

  /** A frame of the world shown. */
  frame(frame: Frame, nowMs: number): void {
    if (this.rules) this.board.offer(this.rules.read(frame), nowMs);
  }

  /** The link dropped: what the frames said no longer holds. */
  linkLost(): void {
    this.rules?.forget();
    this.board.clear();
  }

  /** Once per animation frame; `quiet`: nothing new starts (the world's card is up). */
  tick(nowMs: number, quiet: boolean): void {
    const now = this.board.tick(nowMs, quiet);
    const text = now && wallText(now.caption.key, this.language, now.caption.count);
    if (now && now.sinceMs !== this.shownSince && text !== undefined) {
      this.shownSince = now.sinceMs;
      this.said.push(text);
      if (this.said.length > SAID_KEPT) this.said.shift();
    }
    this.line.show(text, now?.fading ?? false);
  }
}
