// The modes the themes play in (docs/rules.md "The music"): each theme picks its own, all on the
// tonic D, so a crossfade between worlds never clashes. Notes are MIDI numbers; degrees count
// steps of the scale from the tonic and may run past an octave or below it.

/** Semitones of each degree above the tonic. Lydian: the major scale with a raised fourth. */
export const LYDIAN: readonly number[] = [0, 2, 4, 6, 7, 9, 11];
/** Mixolydian: the major scale with a lowered seventh. */
export const MIXOLYDIAN: readonly number[] = [0, 2, 4, 5, 7, 9, 10];

/** Major pentatonic: no half steps, so any notes of it may sound together (drifting bells). */
export const PENTATONIC: readonly number[] = [0, 2, 4, 7, 9];

/** D3 as a MIDI note: the tonic every theme plays on. */
export const D3_MIDI = 50;
/** Semitones in an octave. */
const OCTAVE_SEMITONES = 12;
/** A4 = MIDI 69 = 440 Hz, the tuning reference. */
const A4_MIDI = 69;
const A4_HZ = 440;

/** The MIDI note of `degree` (0 = tonic) of `mode` above the tonic `rootMidi`. */
export function scaleNote(rootMidi: number, mode: readonly number[], degree: number): number {
  const n = mode.length;
  const octave = Math.floor(degree / n);
  const step = degree - octave * n;
  return rootMidi + octave * OCTAVE_SEMITONES + (mode[step] ?? 0);
}

export function midiToHz(midi: number): number {
  return A4_HZ * 2 ** ((midi - A4_MIDI) / OCTAVE_SEMITONES);
}

/** Whether a MIDI note is one of the scale's pitch classes. */
export function inScale(midi: number, rootMidi: number, mode: readonly number[]): boolean {
  const pc = (((midi - rootMidi) % OCTAVE_SEMITONES) + OCTAVE_SEMITONES) % OCTAVE_SEMITONES;
  return mode.includes(pc);
}

/** A triad on `degree`: the degree, a third and a fifth above, in the scale. */
export function triad(rootMidi: number, mode: readonly number[], degree: number): readonly number[] {
  return [0, 2, 4].map((k) => scaleNote(rootMidi, mode, degree + k));
}
