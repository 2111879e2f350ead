// The building blocks of the music's voices (voices.ts has the shared ones, each world's theme
// may bring its own: Theme.voices): a voice turns one Note into a few short-lived Web Audio nodes
// that start at the note's time and stop once their envelope is silent. Peaks are small (the
// loudest voice peaks at 0.45): many voices add up, and the master's compressor and limiter
// (master-bus.ts) only have to catch what is left.
import type { Note } from "./sound-spec";

export interface VoiceKit {
  readonly ctx: BaseAudioContext;
  readonly white: AudioBuffer;
}

/** Plays one note on `out` at `t` (audio clock). */
export type VoicePlay = (kit: VoiceKit, out: AudioNode, t: number, note: Note) => void;

/** Voices by their name (Note.voice). */
export type VoiceTable = Readonly<Record<string, VoicePlay>>;

/** An oscillator at `hz` into `out`, sounding from `t` to just after `end`. */
export function osc(kit: VoiceKit, type: OscillatorType, hz: number, out: AudioNode, t: number, end: number): OscillatorNode {
  const o = kit.ctx.createOscillator();
  o.type = type;
  o.frequency.setValueAtTime(hz, t);
  o.connect(out);
  o.start(t);
  o.stop(end + 0.01);
  return o;
}

/** A gain into `out`, silent until a voice's envelope opens it. */
export function gain(kit: VoiceKit, out: AudioNode): GainNode {
  const g = kit.ctx.createGain();
  g.gain.value = 0;
  g.connect(out);
  return g;
}

/** The kit's white noise, looping into `out` from `t` to just after `end`. */
export function noise(kit: VoiceKit, out: AudioNode, t: number, end: number): AudioBufferSourceNode {
  const s = kit.ctx.createBufferSource();
  s.buffer = kit.white;
  s.loop = true;
  s.connect(out);
  // Each burst reads another part of the buffer, so repeated hits do not sound identical.
  s.start(t, (t * 0.731) % 3);
  s.stop(end + 0.01);
  return s;
}

/** A biquad filter of `type` at `hz` into `out`. */
export function filter(kit: VoiceKit, type: BiquadFilterType, hz: number, q: number, out: AudioNode): BiquadFilterNode {
  const f = kit.ctx.createBiquadFilter();
  f.type = type;
  f.frequency.value = hz;
  f.Q.value = q;
  f.connect(out);
  return f;
}
