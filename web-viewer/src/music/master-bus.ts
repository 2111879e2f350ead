// The master: volume and mute (ramped, never stepped) → a compressor → the soft limiter
// (limiter-curve.ts) → the speakers. Everything the music plays goes through it.
import { limiterCurve } from "./limiter-curve";

/** The compressor's settings: catches the sum of many voices before the limiter has to. */
const COMPRESSOR = {
  /** dBFS where it starts to act. */
  threshold: -14,
  /** dB of soft knee around the threshold. */
  knee: 6,
  /** Input dB per output dB above it. */
  ratio: 8,
  /** s: fast enough for a kick's attack. */
  attack: 0.003,
  /** s: slow enough not to pump on every beat. */
  release: 0.25,
} as const;

/** s: time constant of a volume or mute change: quick, but a ramp (a step would click). */
export const VOLUME_FOLLOW_S = 0.04;

/** Slider 0 … 1 → gain: squared, so equal slider steps sound like roughly equal loudness steps. */
export function volumeGain(volume: number, muted: boolean): number {
  if (muted || !(volume > 0)) return 0;
  const v = Math.min(1, volume);
  return v * v;
}

export class MasterBus {
  readonly input: GainNode;
  readonly compressor: DynamicsCompressorNode;
  private readonly limiter: WaveShaperNode;

  constructor(
    private readonly ctx: BaseAudioContext,
    volume: number,
    muted: boolean,
    destination: AudioNode = ctx.destination,
  ) {
    this.input = ctx.createGain();
    this.input.gain.setValueAtTime(volumeGain(volume, muted), 0);
    this.compressor = ctx.createDynamicsCompressor();
    this.compressor.threshold.value = COMPRESSOR.threshold;
    this.compressor.knee.value = COMPRESSOR.knee;
    this.compressor.ratio.value = COMPRESSOR.ratio;
    this.compressor.attack.value = COMPRESSOR.attack;
    this.compressor.release.value = COMPRESSOR.release;
    this.limiter = ctx.createWaveShaper();
    this.limiter.curve = limiterCurve();
    this.limiter.oversample = "none";
    this.input.connect(this.compressor).connect(this.limiter).connect(destination);
  }

  setVolume(volume: number, muted: boolean): void {
    this.input.gain.setTargetAtTime(volumeGain(volume, muted), this.ctx.currentTime, VOLUME_FOLLOW_S);
  }
}
