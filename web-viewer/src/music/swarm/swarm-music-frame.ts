// What the swarm's theme hears of a swarm frame (docs/rules.md "The music · The swarm"): its
// measures (count, alignment, tightness, the lonely) as the frame's figures; of the events only
// the shared ones (its order crossings among them). The swarm's view gives the music these frames
// (SwarmView.music); the theme reads them back.
import type { Frame } from "../../gen/meadow/v1/viewer_pb";
import { musicFrame, musicRound } from "../frame-to-music";
import type { MusicFigures, MusicFrame } from "../music-frame";

export interface SwarmMeasures {
  readonly count: number;
  /** Mean cosine between a firefly's heading and the mean heading of those it sees, −1 … 1. */
  readonly meanAlignment: number;
  /** Mean neighbours seen ÷ what an even spread would give (1 = even). */
  readonly tightness: number;
  /** Fireflies that see nobody. */
  readonly lonely: number;
}

/** The measures as a frame's figures. */
export function swarmFigures(m: SwarmMeasures): MusicFigures {
  return { count: m.count, meanAlignment: m.meanAlignment, tightness: m.tightness, lonely: m.lonely };
}

/** The measures a frame's figures carry; undefined: the frame had none. */
export function swarmMeasures(figures: MusicFigures | undefined): SwarmMeasures | undefined {
  if (!figures) return undefined;
  return {
    count: figures.count ?? 0,
    meanAlignment: figures.meanAlignment ?? 0,
    tightness: figures.tightness ?? 0,
    lonely: figures.lonely ?? 0,
  };
}

/** A swarm frame as its theme hears it. */
export function swarmMusicFrame(frame: Frame): MusicFrame {
  const s = frame.swarm;
  const figures = s ? swarmFigures({ count: s.count, meanAlignment: musicRound(s.meanAlignment), tightness: musicRound(s.tightness), lonely: s.lonely }) : undefined;
  return musicFrame(frame, figures);
}
