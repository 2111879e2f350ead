// Renders the music of a recorded frame stream with an OfflineAudioContext (faster than real
// time, in a browser): every frame is handed to the conductor at its own time (its tick ÷ the
// tick rate, from the first frame) and the look-ahead scheduler is pumped there, exactly as the
// live player does on the audio clock; then the whole graph renders at once.
import { Conductor, DEFAULT_SEED } from "./conductor";
import { MasterBus } from "./master-bus";
import type { MusicFrame } from "./music-frame";
import type { MusicLog } from "./music-log";
import type { ThemeMaker } from "./theme";
import { WebAudioSink } from "./web-audio-sink";

export interface RenderRequest {
  readonly frames: readonly MusicFrame[];
  readonly tickRate: number;
  readonly seconds: number;
  readonly sampleRate: number;
  readonly seed?: number;
}

export interface Rendered {
  readonly samples: Float32Array;
  readonly sampleRate: number;
  readonly log: MusicLog;
  /** The tempo the conductor's theme ended on (bpm). */
  readonly bpm: number | undefined;
}

/** s: how often the scheduler is pumped between frames (the live player's timer runs as often). */
const PUMP_EVERY_S = 0.025;

/** `themes`: every world's theme the frames may name (the views' own, WorldView.musicTheme). */
export async function renderMusic(req: RenderRequest, themes: readonly ThemeMaker[]): Promise<Rendered> {
  const ctx = new OfflineAudioContext(1, Math.round(req.seconds * req.sampleRate), req.sampleRate);
  const master = new MasterBus(ctx, 1, false);
  const conductor = new Conductor(new WebAudioSink(ctx, master.input), themes, req.seed ?? DEFAULT_SEED);
  const first = req.frames[0]?.tick ?? 0;
  let pumpedS = 0;
  const pumpTo = (t: number): void => {
    for (; pumpedS < t; pumpedS += PUMP_EVERY_S) conductor.pump(pumpedS);
    conductor.pump(t);
  };
  for (const frame of req.frames) {
    const t = (frame.tick - first) / req.tickRate;
    if (t >= req.seconds) break;
    pumpTo(t);
    conductor.onFrame(frame, t);
    conductor.pump(t);
  }
  pumpTo(req.seconds);
  const buffer = await ctx.startRendering();
  return { samples: buffer.getChannelData(0), sampleRate: req.sampleRate, log: conductor.log, bpm: conductor.bpm };
}
