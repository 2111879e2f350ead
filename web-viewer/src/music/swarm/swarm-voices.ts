// The swarm's own voices (docs/rules.md "The music · The swarm"): the drums and the band of its
// piece. The shared voices (voices.ts) play its pad, wanderer and motif.
import { heldEnvelope, pluckEnvelope } from "../envelope";
import { midiToHz } from "../scales";
import { filter, gain, noise, osc, type VoiceTable } from "../voice-kit";

export const SWARM_VOICES: VoiceTable = {
  kick: (k, out, t, n) => {
    const g = gain(k, out);
    const end = pluckEnvelope(g.gain, t, 0.45 * n.velocity, 0.002, 0.35);
    const o = osc(k, "sine", 150, g, t, end);
    o.frequency.exponentialRampToValueAtTime(45, t + 0.12);
  },
  snare: (k, out, t, n) => {
    const g = gain(k, out);
    const end = pluckEnvelope(g.gain, t, 0.2 * n.velocity, 0.002, 0.16);
    noise(k, filter(k, "bandpass", 1800, 0.9, g), t, end);
    const body = gain(k, out);
    osc(k, "triangle", 190, body, t, pluckEnvelope(body.gain, t, 0.12 * n.velocity, 0.002, 0.08));
  },
  hat: (k, out, t, n) => {
    const g = gain(k, out);
    const end = pluckEnvelope(g.gain, t, 0.07 * n.velocity, 0.002, 0.05);
    noise(k, filter(k, "highpass", 7000, 0.7, g), t, end);
  },
  bass: (k, out, t, n) => {
    const g = gain(k, out);
    const end = heldEnvelope(g.gain, t, 0.16 * n.velocity, 0.006, n.durationS, 0.08);
    osc(k, "sawtooth", midiToHz(n.midi), filter(k, "lowpass", 600, 1, g), t, end);
  },
  stab: (k, out, t, n) => {
    const g = gain(k, out);
    osc(k, "triangle", midiToHz(n.midi), g, t, pluckEnvelope(g.gain, t, 0.07 * n.velocity, 0.005, 0.2));
  },
  lead: (k, out, t, n) => {
    const g = gain(k, out);
    const end = pluckEnvelope(g.gain, t, 0.08 * n.velocity, 0.008, n.durationS + 0.15);
    osc(k, "square", midiToHz(n.midi), filter(k, "lowpass", 1800, 0.7, g), t, end);
  },
};
