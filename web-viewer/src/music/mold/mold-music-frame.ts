// What the mold's theme hears of a mold frame (docs/rules.md "The music · The mold"): the figures
// of its net (coverage above all) and when they were measured; of the events only the shared ones.
// The mold's view gives the music these frames (MoldView.music); the theme reads them back.
import type { Frame } from "../../gen/meadow/v1/viewer_pb";
import { musicFrame, musicRound } from "../frame-to-music";
import type { MusicFigures, MusicFrame } from "../music-frame";

export interface MoldMeasures {
  /** Share of the trail map's cells above the map's mean, 0 … 1: how much of it the network covers. */
  readonly coverage: number;
  readonly agents: number;
  readonly holes: number;
  readonly junctions: number;
  /** The mold step the figures were measured at (about once a second): a new value is a new measurement. */
  readonly measuredStep: number;
}

/** The measures as a frame's figures. */
export function moldFigures(m: MoldMeasures): MusicFigures {
  return { coverage: m.coverage, agents: m.agents, holes: m.holes, junctions: m.junctions, measuredStep: m.measuredStep };
}

/** The measures a frame's figures carry; undefined: the frame had none. */
export function moldMeasures(figures: MusicFigures | undefined): MoldMeasures | undefined {
  if (!figures) return undefined;
  return {
    coverage: figures.coverage ?? 0,
    agents: figures.agents ?? 0,
    holes: figures.holes ?? 0,
    junctions: figures.junctions ?? 0,
    measuredStep: figures.measuredStep ?? 0,
  };
}

/** A mold frame as its theme hears it. */
export function moldMusicFrame(frame: Frame): MusicFrame {
  const m = frame.mold?.figures;
  const figures = m
    ? moldFigures({ coverage: musicRound(m.coverage), agents: m.agents, holes: m.holes, junctions: m.junctions, measuredStep: Number(m.measuredStep) })
    : undefined;
  return musicFrame(frame, figures);
}
