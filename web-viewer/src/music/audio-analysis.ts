// Measuring rendered audio, for the music's tests: peak, loudness, the largest step between two
// samples (a click), the tempo heard in the onsets, and the power at given frequencies (is a
// chord there?). Pure functions on sample arrays; they run in Node (unit tests on synthetic
// signals) and in the browser (on OfflineAudioContext renders).

export function peakAbs(x: ArrayLike<number>): number {
  let p = 0;
  for (let i = 0; i < x.length; i++) p = Math.max(p, Math.abs(x[i] ?? 0));
  return p;
}

export function rms(x: ArrayLike<number>, from = 0, to = x.length): number {
  let s = 0;
  const a = Math.max(0, Math.floor(from));
  const b = Math.min(x.length, Math.floor(to));
  for (let i = a; i < b; i++) s += (x[i] ?? 0) ** 2;
  return b > a ? Math.sqrt(s / (b - a)) : 0;
}

/** The largest |x[n] − x[n−1]|: a click is a sudden step. */
export function largestStep(x: ArrayLike<number>): number {
  let m = 0;
  for (let i = 1; i < x.length; i++) m = Math.max(m, Math.abs((x[i] ?? 0) - (x[i - 1] ?? 0)));
  return m;
}

/** s: hop of the onset envelope; fine enough for a 2 % tempo reading after interpolation. */
export const ONSET_HOP_S = 0.005;
/** Hz: onsets are read below this (a one-pole low-pass): the beat's low notes, not the hats and crickets. */
export const ONSET_LOWPASS_HZ = 400;

/** How strongly something starts at each hop: the rise of the low-passed signal's RMS. */
export function onsetEnvelope(x: ArrayLike<number>, sampleRate: number, hopS = ONSET_HOP_S, lowpassHz = ONSET_LOWPASS_HZ): Float64Array {
  const hop = Math.max(1, Math.round(hopS * sampleRate));
  const n = Math.floor(x.length / hop);
  const a = 1 - Math.exp((-2 * Math.PI * lowpassHz) / sampleRate);
  const energy = new Float64Array(n);
  let y = 0;
  for (let h = 0; h < n; h++) {
    let s = 0;
    for (let i = h * hop; i < (h + 1) * hop; i++) {
      y += a * ((x[i] ?? 0) - y);
      s += y * y;
    }
    energy[h] = Math.sqrt(s / hop);
  }
  const onset = new Float64Array(n);
  for (let h = 1; h < n; h++) onset[h] = Math.max(0, (energy[h] ?? 0) - (energy[h - 1] ?? 0));
  return onset;
}

/**
 * The tempo (beats a minute) of an onset envelope: the lag, within minBpm … maxBpm, where its
 * autocorrelation peaks, refined by a parabola through the peak and its neighbours.
 */
export function tempoFromOnsets(onset: ArrayLike<number>, hopS: number, minBpm: number, maxBpm: number): number {
  const lagMin = Math.max(1, Math.floor(60 / maxBpm / hopS));
  const lagMax = Math.ceil(60 / minBpm / hopS);
  const n = onset.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += onset[i] ?? 0;
  mean /= n || 1;
  const ac = (lag: number): number => {
    let s = 0;
    for (let i = 0; i + lag < n; i++) s += ((onset[i] ?? 0) - mean) * ((onset[i + lag] ?? 0) - mean);
    return s / (n - lag);
  };
  let best = lagMin;
  let bestV = Number.NEGATIVE_INFINITY;
  for (let lag = lagMin; lag <= lagMax; lag++) {
    const v = ac(lag);
    if (v > bestV) {
      bestV = v;
      best = lag;
    }
  }
  const [l, c, r] = [ac(best - 1), bestV, ac(best + 1)];
  const den = l - 2 * c + r;
  const shift = den < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (l - r)) / den)) : 0;
  return 60 / ((best + shift) * hopS);
}

/** Power at `hz` in x[from, to) (Goertzel), normalised by the length: a sine of amplitude A gives about A²/4. */
export function tonePower(x: ArrayLike<number>, sampleRate: number, hz: number, from = 0, to = x.length): number {
  const a = Math.max(0, Math.floor(from));
  const b = Math.min(x.length, Math.floor(to));
  const w = (2 * Math.PI * hz) / sampleRate;
  const k = 2 * Math.cos(w);
  let s1 = 0;
  let s2 = 0;
  for (let i = a; i < b; i++) {
    const s0 = (x[i] ?? 0) + k * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  const len = b - a;
  return len > 0 ? (s1 * s1 + s2 * s2 - k * s1 * s2) / (len * len) : 0;
}
