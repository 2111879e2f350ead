import { describe, expect, it } from "vitest";
import { largestStep, onsetEnvelope, peakAbs, rms, tempoFromOnsets, tonePower, ONSET_HOP_S } from "../../src/music/audio-analysis";
import { LIMIT_CEILING, LIMIT_KNEE, limit, limiterCurve } from "../../src/music/limiter-curve";
import { LinearRamps } from "../../src/music/linear-ramps";
import { volumeGain } from "../../src/music/master-bus";

const SR = 8000;

/** A click track: decaying 150 Hz blips at `bpm`, with quieter off-beats. */
function clickTrack(bpm: number, seconds: number, offbeats = 0): Float32Array {
  const x = new Float32Array(seconds * SR);
  const beat = 60 / bpm;
  for (let t = 0, k = 0; t < seconds; t += beat / 2, k++) {
    const amp = k % 2 === 0 ? 0.8 : offbeats;
    const start = Math.round(t * SR);
    for (let i = 0; i < 0.2 * SR && start + i < x.length; i++) x[start + i] = (x[start + i] ?? 0) + amp * Math.exp(-i / (0.05 * SR)) * Math.sin((2 * Math.PI * 150 * i) / SR);
  }
  return x;
}

describe("audio analysis", () => {
  it("reads the tempo of a click track within 0.5 %, off-beats or not", () => {
    for (const bpm of [60, 75.3, 100, 107, 130]) {
      for (const off of [0, 0.35]) {
        const env = onsetEnvelope(clickTrack(bpm, 20, off), SR);
        const got = tempoFromOnsets(env, ONSET_HOP_S, 56, 140);
        expect(Math.abs(got - bpm) / bpm).toBeLessThan(0.005);
      }
    }
  });

  it("finds a tone's power and not a neighbour's", () => {
    const x = new Float32Array(SR);
    for (let i = 0; i < x.length; i++) x[i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / SR);
    expect(tonePower(x, SR, 440)).toBeCloseTo(0.25 / 4, 3);
    expect(tonePower(x, SR, 554)).toBeLessThan(1e-5);
  });

  it("measures peak, RMS and the largest step", () => {
    const x = Float32Array.from([0, 0.5, -0.25, 0.25]);
    expect(peakAbs(x)).toBe(0.5);
    expect(rms(x)).toBeCloseTo(Math.sqrt((0.25 + 0.0625 + 0.0625) / 4), 9);
    expect(largestStep(x)).toBe(0.75);
    // Fractional bounds (times × sample rate) read whole samples.
    expect(rms(x, 0.5, 2.5)).toBeCloseTo(Math.sqrt((0 + 0.25) / 2), 9);
  });
});

describe("the master's safety", () => {
  it("the limiter passes quiet music untouched and never reaches full scale", () => {
    expect(limit(0.3)).toBe(0.3);
    expect(limit(-LIMIT_KNEE)).toBe(-LIMIT_KNEE);
    expect(limit(1)).toBeLessThan(LIMIT_CEILING);
    expect(limit(100)).toBeLessThan(1);
    const c = limiterCurve();
    expect(peakAbs(c)).toBeLessThan(1);
    for (let i = 1; i < c.length; i++) expect(c[i] ?? 0).toBeGreaterThanOrEqual(c[i - 1] ?? 0);
  });

  it("fades start from where an earlier fade has got to (no step)", () => {
    const r = new LinearRamps(0);
    r.ramp(1, 1, 3);
    expect(r.valueAt(2)).toBeCloseTo(0.5, 12);
    expect(r.ramp(2, 0, 4)).toBeCloseTo(0.5, 12);
    expect(r.valueAt(3)).toBeCloseTo(0.25, 12);
    expect(r.valueAt(9)).toBe(0);
  });

  it("volume is squared and mute is silence", () => {
    expect(volumeGain(0.5, false)).toBe(0.25);
    expect(volumeGain(1, true)).toBe(0);
    expect(volumeGain(2, false)).toBe(1);
  });
});
