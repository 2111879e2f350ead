// Every voice of the music as Web Audio nodes: one function per Note.voice, each building a few
// short-lived nodes that start at the note's time and stop once their envelope is silent.
// Peaks are small (the loudest, the kick, 0.45): many voices add up, and the master's
// compressor and limiter (master-bus.ts) only have to catch what is left.
import { heldEnvelope, pluckEnvelope } from "./envelope";
import { midiToHz } from "./scales";
import type { Note, Voice } from "./sound-spec";

export interface VoiceKit {
  readonly ctx: BaseAudioContext;
  readonly white: AudioBuffer;
}

type Play = (kit: VoiceKit, out: AudioNode, t: number, note: Note) => void;

function osc(kit: VoiceKit, type: OscillatorType, hz: number, out: AudioNode, t: number, end: number): OscillatorNode {
  const o = kit.ctx.createOscillator();
  o.type = type;
  o.frequency.setValueAtTime(hz, t);
  o.connect(out);
  o.start(t);
  o.stop(end + 0.01);
  return o;
}

function gain(kit: VoiceKit, out: AudioNode): GainNode {
  const g = kit.ctx.createGain();
  g.gain.value = 0;
  g.connect(out);
  return g;
}

function noise(kit: VoiceKit, out: AudioNode, t: number, end: number): AudioBufferSourceNode {
  const s = kit.ctx.createBufferSource();
  s.buffer = kit.white;
  s.loop = true;
  s.connect(out);
  // Each burst reads another part of the buffer, so repeated hits do not sound identical.
  s.start(t, (t * 0.731) % 3);
  s.stop(end + 0.01);
  return s;
}

function filter(kit: VoiceKit, type: BiquadFilterType, hz: number, q: number, out: AudioNode): BiquadFilterNode {
  const f = kit.ctx.createBiquadFilter();
  f.type = type;
  f.frequency.value = hz;
  f.Q.value = q;
  f.connect(out);
  return f;
}

/** A sine pluck with an octave partial that fades faster: a struck steel tone. */
function steel(kit: VoiceKit, out: AudioNode, t: number, hz: number, peak: number, decayS: number): void {
  const g1 = gain(kit, out);
  const end = pluckEnvelope(g1.gain, t, peak, 0.004, decayS);
  osc(kit, "sine", hz, g1, t, end);
  const g2 = gain(kit, out);
  const end2 = pluckEnvelope(g2.gain, t, peak * 0.3, 0.004, decayS * 0.4);
  osc(kit, "sine", hz * 2, g2, t, end2);
}

const VOICES: Record<Voice, Play> = {
  handpan: (k, out, t, n) => steel(k, out, t, midiToHz(n.midi), 0.2 * n.velocity, 1.1),
  pad: (k, out, t, n) => {
    const g = gain(k, out);
    const end = heldEnvelope(g.gain, t, 0.12 * n.velocity, 0.25, n.durationS, 0.5);
    const hz = midiToHz(n.midi);
    osc(k, "sine", hz, g, t, end);
    // A slightly detuned twin (+4 cents): the pad breathes instead of standing still.
    osc(k, "sine", hz * 2 ** (4 / 1200), g, t, end);
  },
  flash: (k, out, t, n) => {
    const g = gain(k, out);
    osc(k, "sine", midiToHz(n.midi), g, t, pluckEnvelope(g.gain, t, 0.12 * n.velocity, 0.01, n.durationS));
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
    // Two triangles a few cents apart under a low-pass that opens with the velocity (the mold's
    // coverage) and breathes slowly: a bed, heard more than noticed.
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
    // A pad that takes half its length to arrive: the network spreading.
    const g = gain(k, out);
    const end = heldEnvelope(g.gain, t, 0.1 * n.velocity, n.durationS * 0.45, n.durationS * 0.55, n.durationS * 0.45);
    const hz = midiToHz(n.midi);
    osc(k, "sine", hz, g, t, end);
    osc(k, "sine", hz * 2 ** (5 / 1200), g, t, end);
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
  meal: (k, out, t, n) => {
    // A drop of water: a quick downward blip.
    const g = gain(k, out);
    const end = pluckEnvelope(g.gain, t, 0.25 * n.velocity, 0.003, n.durationS);
    const o = osc(k, "sine", midiToHz(n.midi) * 1.5, g, t, end);
    o.frequency.exponentialRampToValueAtTime(midiToHz(n.midi), t + 0.06);
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

export function playVoice(kit: VoiceKit, out: AudioNode, t: number, note: Note): void {
  VOICES[note.voice](kit, out, t, note);
}
