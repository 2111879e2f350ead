// The voices every theme may play (a pad, the wanderer's note, a crossing's motif, a drone, glassy
// bells, a swell, a drop of water), and the playing of a note by its voice's name: a theme's own
// voices first (Theme.voices, src/music/<world>/), else these.
import { heldEnvelope, pluckEnvelope } from "./envelope";
import { midiToHz } from "./scales";
import type { Note } from "./sound-spec";
import { filter, gain, osc, type VoiceKit, type VoiceTable } from "./voice-kit";

export const SHARED_VOICES: VoiceTable = {
  pad: (k, out, t, n) => {
    const g = gain(k, out);
    const end = heldEnvelope(g.gain, t, 0.12 * n.velocity, 0.25, n.durationS, 0.5);
    const hz = midiToHz(n.midi);
    osc(k, "sine", hz, g, t, end);
    // A slightly detuned twin (+4 cents): the pad breathes instead of standing still.
    osc(k, "sine", hz * 2 ** (4 / 1200), g, t, end);
  },
  wanderer: (k, out, t, n) => {
    const g = gain(k, out);
    const end = heldEnvelope(g.gain, t, 0.25 * n.velocity, 0.4, n.durationS * 0.5, n.durationS * 0.6);
    const o = osc(k, "sine", midiToHz(n.midi), g, t, end);
    // A slow vibrato of ±6 cents: a lone, wavering voice.
    const lfo = k.ctx.createOscillator();
    lfo.frequency.value = 5;
    const depth = k.ctx.createGain();
    depth.gain.value = 6;
    lfo.connect(depth).connect(o.detune);
    lfo.start(t);
    lfo.stop(end + 0.01);
  },
  motif: (k, out, t, n) => {
    // A bright struck bell over the drums: the tone and a softer octave that fades first, so the
    // few notes of a crossing's motif stand out from the groove without a sound of their own kind.
    const hz = midiToHz(n.midi);
    const g1 = gain(k, out);
    osc(k, "sine", hz, g1, t, pluckEnvelope(g1.gain, t, 0.16 * n.velocity, 0.006, n.durationS));
    const g2 = gain(k, out);
    osc(k, "triangle", hz * 2, g2, t, pluckEnvelope(g2.gain, t, 0.05 * n.velocity, 0.006, n.durationS * 0.4));
  },
  drone: (k, out, t, n) => {
    // Two triangles a few cents apart under a low-pass that opens with the velocity (how full its
    // theme plays) and breathes slowly: a bed, heard more than noticed.
    const g = gain(k, out);
    const attack = Math.min(2, n.durationS * 0.3);
    const end = heldEnvelope(g.gain, t, 0.09 * n.velocity, attack, n.durationS * 0.7, n.durationS * 0.4);
    const cutoff = 160 + 700 * n.velocity;
    const f = filter(k, "lowpass", cutoff, 0.7, g);
    const hz = midiToHz(n.midi);
    osc(k, "triangle", hz, f, t, end);
    osc(k, "triangle", hz * 2 ** (-5 / 1200), f, t, end);
    const lfo = k.ctx.createOscillator();
    lfo.frequency.value = 0.12;
    const depth = k.ctx.createGain();
    depth.gain.value = cutoff * 0.25;
    lfo.connect(depth).connect(f.frequency);
    lfo.start(t);
    lfo.stop(end + 0.01);
  },
  glass: (k, out, t, n) => {
    // A soft glassy bell: the tone and a quiet twelfth that fades first.
    const hz = midiToHz(n.midi);
    const g1 = gain(k, out);
    osc(k, "sine", hz, g1, t, pluckEnvelope(g1.gain, t, 0.07 * n.velocity, 0.01, n.durationS));
    const g2 = gain(k, out);
    osc(k, "sine", hz * 3, g2, t, pluckEnvelope(g2.gain, t, 0.012 * n.velocity, 0.01, n.durationS * 0.3));
  },
  swell: (k, out, t, n) => {
    // A pad that takes half its length to arrive: something spreading.
    const g = gain(k, out);
    const end = heldEnvelope(g.gain, t, 0.1 * n.velocity, n.durationS * 0.45, n.durationS * 0.55, n.durationS * 0.45);
    const hz = midiToHz(n.midi);
    osc(k, "sine", hz, g, t, end);
    osc(k, "sine", hz * 2 ** (5 / 1200), g, t, end);
  },
  meal: (k, out, t, n) => {
    // A drop of water: a quick downward blip.
    const g = gain(k, out);
    const end = pluckEnvelope(g.gain, t, 0.25 * n.velocity, 0.003, n.durationS);
    const o = osc(k, "sine", midiToHz(n.midi) * 1.5, g, t, end);
    o.frequency.exponentialRampToValueAtTime(midiToHz(n.midi), t + 0.06);
  },
};

/** Plays `note` with its theme's own voice of that name (`own`), else the shared one. */
export function playVoice(kit: VoiceKit, out: AudioNode, t: number, note: Note, own?: VoiceTable): void {
  const play = own?.[note.voice] ?? SHARED_VOICES[note.voice];
  if (!play) throw new Error(`no voice "${note.voice}"`);
  play(kit, out, t, note);
}
