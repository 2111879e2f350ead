// Colony events → their own sounds (docs/rules.md "The music · The colony": births, deaths,
// deliveries, meals, seeds landing, sprouts, blooms, wilting; a rush for each gust; a frog's croak
// when it eats a firefly, a soft plop when it hops). Pitches are in the colony's D lydian, so every
// event sits in the groove's key. Flashes and group sync are not here: flashes become thinned notes
// (flash-gate.ts), sync drives the harmony.
import type { ColonyMusicEvent, ColonyMusicEventKind } from "./colony-music-frame";
import { D3_MIDI, LYDIAN, scaleNote } from "../scales";
import type { Note } from "../sound-spec";

/** Scale degrees per octave (7), to write degrees as octave + step. */
const OCT = 7;

/** The note for an event, or undefined for events without a sound of their own. */
export function soundForEvent(e: ColonyMusicEvent): Note | undefined {
  const d = (degree: number): number => scaleNote(D3_MIDI, LYDIAN, degree);
  switch (e.kind) {
    case "birth": // a bell rising a fifth (colony-voices.ts) from D5: something new and bright
      return { voice: "birth", midi: d(2 * OCT), velocity: 0.5, durationS: 0.6 };
    case "death": // a low tone sinking away from A3
      return { voice: "death", midi: d(OCT - 3), velocity: 0.45, durationS: 1.2 };
    case "delivery": // a pluck that climbs the scale as the store fills (0 … 1 → 4 steps)
      return { voice: "delivery", midi: d(OCT + 4 + Math.round(Math.min(1, Math.max(0, e.store)) * 4)), velocity: 0.35, durationS: 0.25 };
    case "meal": // a water drop
      return { voice: "meal", midi: d(2 * OCT + 2), velocity: 0.3, durationS: 0.2 };
    case "seedLanded": // a tiny wooden tick, higher where it took root
      return { voice: "seed", midi: d(3 * OCT + (e.rooted ? 4 : 0)), velocity: 0.3, durationS: 0.05 };
    case "tookRoot": // a soft pop upwards
      return { voice: "rooted", midi: d(OCT + 4), velocity: 0.35, durationS: 0.15 };
    case "sprout": // a short rising glide
      return { voice: "sprout", midi: d(2 * OCT + 4), velocity: 0.3, durationS: 0.3 };
    case "bloom": // a chime: the triad on the lydian's raised fourth, shimmering
      return { voice: "bloom", midi: d(2 * OCT + 3), velocity: 0.35, durationS: 1.5 };
    case "wilt": // a falling sigh
      return { voice: "wilt", midi: d(OCT + 5), velocity: 0.3, durationS: 1.4 };
    case "gust": // the rush of air, as hard as the gust blows
      return { voice: "rush", midi: d(OCT), velocity: 0.4 + 0.6 * Math.min(1, Math.max(0, e.strength)), durationS: 2.5 };
    case "frogCatch": // a low two-part croak from D2, the lowest sound of the colony
      return { voice: "croak", midi: d(-OCT), velocity: 0.5, durationS: 0.32 };
    case "frogHop": // a soft plop in the grass, well under everything else
      return { voice: "plop", midi: d(OCT - 3), velocity: 0.2, durationS: 0.12 };
    case "flash":
    case "groupSync":
    case "orderCrossing": // a flock's theme answers it with a motif (order-motif.ts)
    case "crumbEaten":
      return undefined;
  }
}

/**
 * s: the least time between two sounds of one kind. A colony of 500 delivers and eats many
 * times a second; the ear hears a kind's character at a few a second, more is clutter.
 */
export const EVENT_GAP_S: Readonly<Partial<Record<ColonyMusicEventKind, number>>> = {
  birth: 0.5,
  death: 0.5,
  delivery: 0.3,
  meal: 0.4,
  seedLanded: 0.25,
  tookRoot: 0.3,
  sprout: 0.3,
  bloom: 0.8,
  wilt: 0.8,
  // docs/rules.md "The breeze": a gust every 20 … 45 s; one rush each, never two for one gust.
  gust: 6,
  // A few frogs: one croak or plop at a time is plenty.
  frogCatch: 0.5,
  frogHop: 0.4,
};

/** Lets each kind of event sound at most once per its gap. */
export class EventThinner {
  private readonly last = new Map<ColonyMusicEventKind, number>();
  /** Events that were let through / held back (for the debug hook and tests). */
  played = 0;
  thinned = 0;

  admit(kind: ColonyMusicEventKind, atS: number): boolean {
    const gap = EVENT_GAP_S[kind] ?? 0;
    const prev = this.last.get(kind);
    if (prev !== undefined && atS - prev < gap) {
      this.thinned++;
      return false;
    }
    this.last.set(kind, atS);
    this.played++;
    return true;
  }
}
