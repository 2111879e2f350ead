// The gallery's part of the page (docs/rules.md "The gallery"), wired to the viewer: the captions
// of the shown world's moments (every page), the rings round a visitor's own things after joining
// and after its first action (every page), the resting meadow's veil (every page), and on a kiosk
// wall the join card (QR code, address, how many are here), the idle tour of cards and captions
// and, where the address asks, the worlds in turn and the night replayed by itself. While the
// meadow rests the wall keeps still: no turning, no tour card, no new caption, no replay; while
// the night is replayed no world turns (a turn would end it). ViewerApp hands it the Welcome,
// each frame shown, the server's notices, the visitor's first action, and calls tick once per
// animation frame.
import type { Frame, Welcome } from "../gen/meadow/v1/viewer_pb";
import { Captions } from "../captions/captions";
import { wallLanguage } from "../captions/caption-strings";
import { clearCanvas } from "../render/canvas-2d";
import type { Viewport } from "../render/viewport";
import type { WorldCardOverlay } from "../ui/world-card";
import { stageLayer } from "../worlds/stage-layer";
import type { WorldName, WorldView } from "../worlds/world-view";
import { IdleTour } from "./idle-tour";
import { joinAddress, type PageAddress } from "./join-address";
import { JoinCard } from "./join-card";
import { OwnHighlight } from "./own-highlight";
import { ownRingShapes, paintOwnRings } from "./own-rings";
import type { TurnAsk } from "./turn-schedule";
import { WallRest, type RestDebug } from "./wall-rest";
import { WallReplay, type WallReplayDebug, type WallReplayHooks } from "./wall-replay";
import { WallTurn, type TurnDebug } from "./wall-turn";

export interface GalleryHooks {
  readonly stage: HTMLElement;
  /** The world card (i), which the idle tour shows. */
  readonly card: WorldCardOverlay;
  /** A kiosk wall: the join card and the idle tour. */
  readonly kiosk: boolean;
  readonly page: PageAddress;
  /** The browser's languages, preferred first (navigator.languages). */
  readonly languages: readonly string[];
  /** A kiosk wall's worlds in turn (`?kiosk&turn=`), or undefined. */
  readonly turn: TurnAsk | undefined;
  /** Asks the server for a world by name, as w does. */
  readonly chooseWorld: (world: WorldName) => void;
  /** A kiosk wall's night replayed by itself, every so many ms (`?kiosk&replay-every=`), or undefined. */
  readonly replayEvery: number | undefined;
  /** The night replayed (replay/replay-control.ts). */
  readonly replay: WallReplayHooks;
}

/** What the gallery shows now, for the debug hook. */
export interface GalleryDebug {
  /** The kiosk's join card: the address in its code, the short one written, how many are here. */
  readonly join: { readonly url: string | undefined; readonly address: string; readonly here: string } | undefined;
  /** The caption on the wall now, and those said since the page loaded. */
  readonly caption: string | undefined;
  readonly captions: readonly string[];
  /** The visitor's own things ringed now, and how many times they were since the page loaded. */
  readonly ownRings: number;
  readonly ownHighlights: number;
  /** The kiosk wall is untouched long enough to tour, and has the card up. */
  readonly idle: boolean;
  readonly tourCard: boolean;
  /** The worlds in turn, on a wall that asks for them. */
  readonly turn: TurnDebug | undefined;
  /** The meadow at rest (frames `paused`), its veil and words. */
  readonly rest: RestDebug;
  /** The night replayed by itself, on a wall that asks for it. */
  readonly replay: WallReplayDebug | undefined;
}

export class Gallery {
  readonly captions: Captions;
  readonly own = new OwnHighlight();
  private readonly rings: HTMLCanvasElement;
  private readonly join: JoinCard | undefined;
  private readonly tour: IdleTour | undefined;
  private readonly turn: WallTurn | undefined;
  private readonly replay: WallReplay | undefined;
  private readonly rest: WallRest;
  private shown: WorldView | undefined;
  private ringsDrawn = 0;
  private idleNow = false;

  constructor(private readonly hooks: GalleryHooks) {
    const doc = hooks.stage.ownerDocument;
    const language = wallLanguage(hooks.languages);
    this.captions = new Captions(doc, language);
    this.rings = stageLayer(hooks.stage, "own-layer");
    this.rest = new WallRest(hooks.stage, language);
    if (hooks.kiosk) {
      this.join = new JoinCard(doc, language);
      // Until a Welcome says otherwise: the wall's own page.
      this.join.setAddress(joinAddress(undefined, hooks.page));
      this.tour = new IdleTour(doc.defaultView ?? window, hooks.card, performance.now());
      if (hooks.turn) this.turn = new WallTurn(hooks.stage, hooks.turn, hooks.chooseWorld);
      if (hooks.replayEvery !== undefined) this.replay = new WallReplay(hooks.stage, hooks.replayEvery, hooks.replay, performance.now());
    }
  }

  /**
   * A new session: the server's address for phones, the worlds it offers (`offered`, in its order)
   * to turn through, and the newcomer's things are ringed once they show.
   */
  welcome(w: Welcome, offered: readonly WorldName[], nowMs: number): void {
    this.join?.setAddress(joinAddress(w.publicUrl, this.hooks.page));
    this.turn?.offer(offered);
    this.own.joined(nowMs);
  }

  /** A notice from the server; whether the wall says it itself (a kiosk's rest veil: no toast then). */
  notice(code: string, text: string, nowMs: number): boolean {
    return this.rest.state.noticeArrived(code, text, nowMs) && this.hooks.kiosk;
  }

  /** A frame of the world shown (after its view took it). */
  frame(view: WorldView, frame: Frame, nowMs: number): void {
    if (view !== this.shown) {
      this.shown = view;
      this.captions.worldShown(view.captions);
    }
    this.captions.frame(frame, nowMs);
    this.rest.state.frame(frame.paused, nowMs);
  }

  /** The visitor did something to the meadow (a tool, food): the first time, its things are ringed. */
  acted(nowMs: number): void {
    this.own.acted(nowMs);
  }

  /** The link dropped, or the frames come from elsewhere now (the night replayed, or live again): what they said no longer holds. */
  forgetFrames(): void {
    this.captions.linkLost();
  }

  /** Once per animation frame. */
  tick(nowMs: number, viewport: Viewport, sessionId: bigint | undefined): void {
    const view = this.shown;
    const places = view?.ownPlaces && sessionId !== undefined ? view.ownPlaces(sessionId) : [];
    const rings = ownRingShapes(places, viewport, this.own.strength(nowMs, places.length > 0), nowMs / 1000);
    if (rings.length > 0) paintOwnRings(this.rings, viewport, rings);
    else if (this.ringsDrawn > 0) clearCanvas(this.rings);
    this.ringsDrawn = rings.length;
    const resting = this.rest.tick();
    const lastTouchMs = this.tour?.lastTouchMs;
    // The night replayed holds the turning as a rest does: a turn to another world would end it.
    this.turn?.tick(nowMs, { shown: view?.name, lastTouchMs, resting: resting || this.hooks.replay.busy() });
    this.replay?.tick(nowMs, { lastTouchMs, resting, turning: this.turn?.veilDown ?? false });
    // The rest's words have the middle of the wall to themselves.
    this.tour?.tick(nowMs, resting ? undefined : view?.card);
    this.idleNow = this.tour?.idle(nowMs) ?? false;
    this.captions.tick(nowMs, (this.tour?.cardUp ?? false) || resting);
    this.join?.setHere(view?.viewers);
  }

  debug(): GalleryDebug {
    const join = this.join;
    return {
      join: join && {
        url: join.url,
        address: join.element.querySelector("#join-address")?.textContent ?? "",
        here: join.element.querySelector("#join-here")?.textContent ?? "",
      },
      caption: this.captions.shown,
      captions: this.captions.said,
      ownRings: this.ringsDrawn,
      ownHighlights: this.own.shownCount,
      idle: this.idleNow,
      tourCard: this.tour?.cardUp ?? false,
      turn: this.turn?.debug(),
      rest: this.rest.debug(),
      replay: this.replay?.debug(),
    };
  }
}
