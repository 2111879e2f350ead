// What the music asks the audio graph to play: a voice, a pitch, how hard, how long. Pure data;
// the voices (src/music/voices.ts, and a theme's own) turn each into Web Audio nodes.
import type { MusicWorld } from "./music-frame";
import type { VoiceTable } from "./voice-kit";

/**
 * A voice by its name: one of the shared voices (voices.ts: pad, wanderer, motif, drone, glass,
 * swell, meal) or one of the theme's own (Theme.voices).
 */
export type Voice = string;

export interface Note {
  readonly voice: Voice;
  /** MIDI note; unpitched voices (drums, noise) use it to colour the sound. */
  readonly midi: number;
  /** 0 … 1. */
  readonly velocity: number;
  /** s: how long the note is held (its release follows). */
  readonly durationS: number;
}

/** Where the music's notes and controls go: the Web Audio graph, or a recorder in unit tests. */
export interface SoundSink {
  /** A theme's own voices, told before it plays: its notes of those names sound with them. */
  learnVoices?(theme: MusicWorld, voices: VoiceTable): void;
  play(theme: MusicWorld, note: Note, atS: number): void;
  /** The theme's bus ramps linearly from what it is at `fromS` to `gain` at `toS`. */
  fadeTheme(theme: MusicWorld, gain: number, fromS: number, toS: number): void;
  /**
   * The breeze's noise, on the bus of the theme that hears the wind, follows the wind's strength
   * 0 … 1 (louder, brighter) from `atS`.
   */
  breeze(theme: MusicWorld, strength: number, atS: number): void;
}
