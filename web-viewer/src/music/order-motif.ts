// A flock's order crossings heard (any flock's theme; docs/rules.md "The music": the sharp,
// unscripted change between disorder and order is the point, so it is heard too): a short motif
// on the next beat, rising when the flock falls into order, falling when it falls into disorder.
// In D mixolydian; the fall leans on its lowered seventh (C), which the rise leaves out.
import { D3_MIDI, MIXOLYDIAN, scaleNote } from "./scales";
import type { Note } from "./sound-spec";

const OCT = 7;
/** Degrees above D5: D F♯ A D, up to the octave. */
export const RISING_MOTIF: readonly number[] = [0, 2, 4, 7];
/** Degrees above D5: D C A F♯ D, down from the octave. */
export const FALLING_MOTIF: readonly number[] = [7, 6, 4, 2, 0];
/** Sixteenths between two of its notes (an eighth). */
export const MOTIF_STEP = 2;

/** The motif's notes in order, each an eighth long (the last rings on). */
export function orderMotif(rising: boolean, eighthS: number): Note[] {
  const degrees = rising ? RISING_MOTIF : FALLING_MOTIF;
  return degrees.map((degree, i) => ({
    voice: "motif",
    midi: scaleNote(D3_MIDI, MIXOLYDIAN, 2 * OCT + degree),
    // A rise grows louder as it climbs, a fall fades as it sinks.
    velocity: rising ? 0.55 + 0.1 * i : 0.85 - 0.08 * i,
    durationS: i === degrees.length - 1 ? eighthS * 4 : eighthS * 1.5,
  }));
}
