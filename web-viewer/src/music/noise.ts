// Noise buffers made once per audio context: white (hats, snares, seeds) and brown (the breeze:
// integrated white noise, its energy falling 6 dB an octave, the sound of moving air).
import { SeededRandom } from "./random";

/** s: length of the looped noise buffers; long enough that the loop is not heard. */
const NOISE_S = 4;
/** Leak of the brown-noise integrator per sample: keeps it centred (a DC-free random walk). */
const BROWN_LEAK = 0.02;
/** Brings the brown noise's peak back to about ±1. */
const BROWN_GAIN = 3.5;

export function whiteNoise(ctx: BaseAudioContext, seed = 1): AudioBuffer {
  const buf = ctx.createBuffer(1, Math.round(NOISE_S * ctx.sampleRate), ctx.sampleRate);
  const d = buf.getChannelData(0);
  const r = new SeededRandom(seed);
  for (let i = 0; i < d.length; i++) d[i] = r.next() * 2 - 1;
  return buf;
}

export function brownNoise(ctx: BaseAudioContext, seed = 2): AudioBuffer {
  const buf = ctx.createBuffer(1, Math.round(NOISE_S * ctx.sampleRate), ctx.sampleRate);
  const d = buf.getChannelData(0);
  const r = new SeededRandom(seed);
  let last = 0;
  let peak = 0;
  for (let i = 0; i < d.length; i++) {
    last = (last + 0.02 * (r.next() * 2 - 1)) / (1 + BROWN_LEAK);
    d[i] = last * BROWN_GAIN;
    peak = Math.max(peak, Math.abs(d[i] ?? 0));
  }
  // Normalised to a peak of 1, and faded to 0 at both ends so the loop joins without a step.
  const fade = Math.round(0.05 * ctx.sampleRate);
  for (let i = 0; i < d.length; i++) {
    const edge = Math.min(1, i / fade, (d.length - 1 - i) / fade);
    d[i] = ((d[i] ?? 0) / (peak || 1)) * edge;
  }
  return buf;
}
