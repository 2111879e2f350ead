// What the music asks the audio graph to play: a voice, a pitch, how hard, how long. Pure data;
// src/music/voices.ts turns each into Web Audio nodes.
import type { MusicWorld } from "./music-frame";

export type Voice =
  // The colony's groove and bed.
  | "handpan"
  | "cricket"
  | "rush"
  // Both themes.
  | "pad"
  | "flash"
  | "wanderer"
  // The swarm's layers.
  | "kick"
  | "hat"
  | "snare"
  | "bass"
  | "stab"
  | "lead"
  // The swarm's motif when it falls into order or disorder.
  | "motif"
  // The mold's theme: a low drone, glassy bells, a slow swell.
  | "drone"
  | "glass"
  | "swell"
  // The colony's events.
  | "birth"
  | "death"
  | "delivery"
  | "meal"
  | "seed"
  | "rooted"
  | "sprout"
  | "bloom"
  | "wilt"
  // The colony's frogs.
  | "croak"
  | "plop";

export interface Note {
  readonly voice: Voice;
  /** MIDI note; unpitched voices (hat, snare, rush, seed) use it to colour the sound. */
  readonly midi: number;
  /** 0 … 1. */
  readonly velocity: number;
  /** s: how long the note is held (its release follows). */
  readonly durationS: number;
}

/** Where the music's notes and controls go: the Web Audio graph, or a recorder in unit tests. */
export interface SoundSink {
  play(theme: MusicWorld, note: Note, atS: number): void;
  /** The theme's bus ramps linearly from what it is at `fromS` to `gain` at `toS`. */
  fadeTheme(theme: MusicWorld, gain: number, fromS: number, toS: number): void;
  /**
   * The breeze's noise, on the bus of the theme that hears the wind, follows the wind's strength
   * 0 … 1 (louder, brighter) from `atS`.
   */
  breeze(theme: MusicWorld, strength: number, atS: number): void;
}
