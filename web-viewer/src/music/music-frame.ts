// What the music listens to in one server frame (docs/rules.md "The music"): the world it shows,
// the breeze, the world's own figures and the events since the previous frame. Plain values, so
// the live viewer and the recorded test streams (test/data/*.json) feed the engine the same way.
// Which figures and which events a world has is its own: its view makes its frames
// (WorldView.music, with the shared reading of frame-to-music.ts) and its theme reads them
// (src/music/<world>/).

/** The world a theme plays for, by its name on the wire (world_name). */
export type MusicWorld = string;

/**
 * An event that makes a sound, reduced to what the sound depends on: a kind that its world's
 * theme knows, and plain values. Each world names its own kinds (a union of such shapes).
 */
export interface MusicEvent {
  readonly kind: string;
  readonly [value: string]: string | number | boolean;
}

/** A world's figures by name (an order parameter, a count; 1 or 0 for yes or no). */
export type MusicFigures = Readonly<Record<string, number>>;

export interface MusicFrame {
  /** The simulation tick the frame shows. */
  readonly tick: number;
  readonly world: MusicWorld;
  /** Breeze strength 0 … 1 and how far into a gust 0 … 1. */
  readonly breeze: { readonly strength: number; readonly gust: number } | undefined;
  /** The world's own figures, as its view reads them from the frame; undefined: the frame has none. */
  readonly figures?: MusicFigures | undefined;
  readonly events: readonly MusicEvent[];
}

/**
 * A frame's events as its world's own kinds. The conductor hands a theme only the frames of its
 * world, which that world's view made, so the events are of the kinds its view reads.
 */
export function eventsOf<E extends MusicEvent>(frame: MusicFrame): readonly E[] {
  return frame.events as readonly E[];
}
