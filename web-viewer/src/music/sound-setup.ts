// Sound in the viewer: the player, its panel, key m (a gesture, so the browser lets the audio
// start), kiosk mode (?kiosk=1: sound starts by itself where the browser allows audio without a
// gesture, e.g. Chromium with --autoplay-policy=no-user-gesture-required; otherwise m or the
// button starts it) and window.__meadowMusic, a read-only view for tests.
import { isKiosk } from "../app/kiosk";
import { setSoundToggle } from "../app/sound-hook";
import { MusicPlayer } from "./music-player";
import { SoundPanel } from "./sound-panel";

export interface MusicDebug {
  readonly state: string;
  readonly contextState: string | undefined;
  readonly volume: number;
  readonly muted: boolean;
  readonly world: string | undefined;
  readonly bpm: number | undefined;
  readonly harmonyBars: number;
  readonly bars: number;
  readonly notes: Readonly<Record<string, number>>;
  /** The order crossings' motifs begun (true: rising into order), oldest first. */
  readonly motifs: readonly boolean[];
}

declare global {
  interface Window {
    __meadowMusic?: MusicDebug;
  }
}

export function setUpSound(player: MusicPlayer, doc: Document, location: Location): void {
  new SoundPanel(doc, player);
  // m, and the phone's ⋯ menu button for it, reach the player through the viewer's sound hook.
  setSoundToggle(() => {
    player.toggle();
    return player.state !== "off";
  });
  if (isKiosk(location.search)) player.start();
  const view: MusicDebug = {
    get state() {
      return player.state;
    },
    get contextState() {
      return player.contextState;
    },
    get volume() {
      return player.volume;
    },
    get muted() {
      return player.muted;
    },
    get world() {
      return player.music?.world;
    },
    get bpm() {
      return player.music?.bpm;
    },
    get harmonyBars() {
      return player.music?.log.harmonyBars.length ?? 0;
    },
    get bars() {
      return player.music?.log.bars.length ?? 0;
    },
    get notes() {
      return { ...(player.music?.log.notes ?? {}) };
    },
    get motifs() {
      return (player.music?.log.motifs ?? []).map((m) => m.rising);
    },
  };
  if (doc.defaultView) doc.defaultView.__meadowMusic = view;
}
