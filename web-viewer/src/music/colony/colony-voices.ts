// The colony's own voices (docs/rules.md "The music · The colony"): the handpan of its groove, the
// crickets and the rush of its bed, its flash notes, a sound for each of its events, its frogs.
// The shared voices (voices.ts) play its pad, wanderer and meals.
import { heldEnvelope, pluckEnvelope } from "../envelope";
import { midiToHz } from "../scales";
import { filter, gain, noise, osc, type VoiceKit, type VoiceTable } from "../voice-kit";

/** A sine pluck with an octave partial that fades faster: a struck steel tone. */
function steel(kit: VoiceKit, out: AudioNode, t: number, hz: number, peak: number, decayS: number): void {
  const g1 = gain(kit, out);
  const end = pluckEnvelope(g1.gain, t, peak, 0.004, decayS);
  osc(kit, "sine", hz, g1, t, end);
  const g2 = gain(kit, out);
  const end2 = pluckEnvelope(g2.gain, t, peak * 0.3, 0.004, decayS * 0.4);
  osc(kit, "sine", hz * 2, g2, t, end2);
}

/** One part of a frog's croak: a buzzing low sawtooth through its throat's resonance, sagging in pitch. */
function croakPart(kit: VoiceKit, out: AudioNode, t: number, hz: number, peak: number, lengthS: number): void {
  const g = gain(kit, out);
  const end = pluckEnvelope(g.gain, t, peak, 0.012, lengthS);
  const throat = filter(kit, "bandpass", 420, 2.5, g);
  const o = osc(kit, "sawtooth", hz, throat, t, end);
  o.frequency.exponentialRampToValueAtTime(hz * 0.85, end);
  // A second reed a few cents off: the buzz beats, as a frog's throat does.
  osc(kit, "square", hz * 2 ** (-9 / 1200), throat, t, end);
}

export const COLONY_VOICES: VoiceTable = {
  handpan: (k, out, t, n) => steel(k, out, t, midiToHz(n.midi), 0.2 * n.velocity, 1.1),
  flash: (k, out, t, n) => {
    const g = gain(k, out);
    osc(k, "sine", midiToHz(n.midi), g, t, pluckEnvelope(g.gain, t, 0.12 * n.velocity, 0.01, n.durationS));
  },
  cricket: (k, out, t, n) => {
    // Three pulses of a 4.3 … 5.0 kHz tone (by the cricket's kind, note.midi) 25 ms apart: one chirp.
    const g = gain(k, out);
    const peak = 0.025 * n.velocity;
    g.gain.setValueAtTime(0, t);
    for (let i = 0; i < 3; i++) {
      const p = t + i * 0.025;
      g.gain.linearRampToValueAtTime(peak, p + 0.006);
      g.gain.linearRampToValueAtTime(0, p + 0.014);
    }
    osc(k, "sine", 4300 + (n.midi % 3) * 350, g, t, t + 0.09);
  },
  rush: (k, out, t, n) => {
    const g = gain(k, out);
    const end = heldEnvelope(g.gain, t, 0.22 * n.velocity, n.durationS * 0.35, n.durationS * 0.4, n.durationS * 0.6);
    const f = filter(k, "bandpass", 300, 0.8, g);
    f.frequency.setValueAtTime(300, t);
    f.frequency.exponentialRampToValueAtTime(1400, t + n.durationS * 0.4);
    f.frequency.exponentialRampToValueAtTime(400, end);
    noise(k, f, t, end);
  },
  birth: (k, out, t, n) => {
    // A bell rising a fifth: two struck tones with an inharmonic partial (×2.76).
    const hz = midiToHz(n.midi);
    for (const [dt, f] of [
      [0, hz],
      [0.09, hz * 1.5],
    ] as const) {
      steel(k, out, t + dt, f, 0.1 * n.velocity, n.durationS);
      const g = gain(k, out);
      osc(k, "sine", f * 2.76, g, t + dt, pluckEnvelope(g.gain, t + dt, 0.03 * n.velocity, 0.003, 0.2));
    }
  },
  death: (k, out, t, n) => {
    const g = gain(k, out);
    const end = pluckEnvelope(g.gain, t, 0.3 * n.velocity, 0.05, n.durationS);
    const o = osc(k, "triangle", midiToHz(n.midi), g, t, end);
    o.frequency.exponentialRampToValueAtTime(midiToHz(n.midi - 12), end);
  },
  delivery: (k, out, t, n) => {
    const g = gain(k, out);
    osc(k, "triangle", midiToHz(n.midi), g, t, pluckEnvelope(g.gain, t, 0.2 * n.velocity, 0.003, n.durationS));
  },
  seed: (k, out, t, n) => {
    const g = gain(k, out);
    const end = pluckEnvelope(g.gain, t, 0.35 * n.velocity, 0.002, n.durationS);
    noise(k, filter(k, "bandpass", midiToHz(n.midi), 8, g), t, end);
  },
  rooted: (k, out, t, n) => {
    const g = gain(k, out);
    const end = pluckEnvelope(g.gain, t, 0.25 * n.velocity, 0.004, n.durationS);
    const o = osc(k, "sine", midiToHz(n.midi) / 2, g, t, end);
    o.frequency.exponentialRampToValueAtTime(midiToHz(n.midi), t + 0.08);
  },
  sprout: (k, out, t, n) => {
    const g = gain(k, out);
    const end = pluckEnvelope(g.gain, t, 0.18 * n.velocity, 0.03, n.durationS);
    const o = osc(k, "triangle", midiToHz(n.midi), g, t, end);
    o.frequency.linearRampToValueAtTime(midiToHz(n.midi + 5), t + n.durationS);
  },
  bloom: (k, out, t, n) => {
    // The major triad on the note, its tones 60 ms apart: an opening chime.
    [0, 4, 7].forEach((semi, i) => {
      const g = gain(k, out);
      const at = t + i * 0.06;
      osc(k, "sine", midiToHz(n.midi + semi), g, at, pluckEnvelope(g.gain, at, 0.12 * n.velocity, 0.005, n.durationS));
    });
  },
  croak: (k, out, t, n) => {
    // "Rib-bit": the note, then a fourth below a little longer, the two within the note's length.
    const hz = midiToHz(n.midi);
    const part = n.durationS * 0.3;
    croakPart(k, out, t, hz, 0.22 * n.velocity, part);
    croakPart(k, out, t + n.durationS * 0.45, hz * 2 ** (-5 / 12), 0.2 * n.velocity, part * 1.3);
  },
  plop: (k, out, t, n) => {
    // A drop into the grass: a round sine falling an octave at once, dull and short.
    const g = gain(k, out);
    const end = pluckEnvelope(g.gain, t, 0.16 * n.velocity, 0.003, n.durationS);
    const o = osc(k, "sine", midiToHz(n.midi) * 2, filter(k, "lowpass", 900, 0.7, g), t, end);
    o.frequency.exponentialRampToValueAtTime(midiToHz(n.midi), t + 0.05);
  },
  wilt: (k, out, t, n) => {
    const g = gain(k, out);
    const end = heldEnvelope(g.gain, t, 0.2 * n.velocity, 0.3, n.durationS * 0.3, n.durationS * 0.7);
    const o = osc(k, "sine", midiToHz(n.midi), g, t, end);
    o.frequency.exponentialRampToValueAtTime(midiToHz(n.midi - 4), end);
  },
};
