// A decoded protobuf Frame → the plain MusicFrame the music engine listens to: the part every
// world shares (its tick, its world, the breeze, the events that are no one world's own). A world's
// view adds its own figures and reads its own events (WorldView.music); scripts/capture-music.ts
// records what the views give as test data.
import type { Event, Frame } from "../gen/meadow/v1/viewer_pb";
import { worldName } from "../worlds/world-view";
import type { MusicEvent, MusicFigures, MusicFrame, MusicWorld } from "./music-frame";

/** Floats are kept to this many decimals: the music cannot hear finer, and recordings stay small. */
const DECIMALS = 3;

/** A float as the music keeps it (DECIMALS decimals; 0 for what is not a number). */
export function musicRound(v: number): number {
  const k = 10 ** DECIMALS;
  return Number.isFinite(v) ? Math.round(v * k) / k : 0;
}

/** The events any world's frames may carry, heard by whichever theme wants them. */
export type CommonMusicEvent =
  // The breeze blew a gust (every world's frames carry the breeze).
  | { readonly kind: "gust"; readonly strength: number }
  // An order parameter crossed a threshold (a theme may mark it with a motif, order-motif.ts).
  | { readonly kind: "orderCrossing"; readonly rising: boolean; readonly threshold: number }
  // A crumb of food was eaten (a theme that hears it plays a drop of water).
  | { readonly kind: "crumbEaten" };

/** The shared events, or undefined for an event that is a world's own or makes no sound. */
export function musicEvent(e: Event): CommonMusicEvent | undefined {
  const b = e.body;
  switch (b.case) {
    case "gust":
      return { kind: "gust", strength: musicRound(b.value.strength) };
    case "orderCrossing":
      return { kind: "orderCrossing", rising: b.value.rising, threshold: musicRound(b.value.threshold) };
    case "crumbEaten":
      return { kind: "crumbEaten" };
    default:
      return undefined;
  }
}

/** Reads one of a world's own events; undefined: not its own, or it makes no sound. */
export type OwnEventReader = (e: Event) => MusicEvent | undefined;

/**
 * The frame as the music hears it: the shared part, the world's `figures`, and its events, each
 * read by `ownEvent` first (the world's own kinds) and else as a shared one.
 */
export function musicFrame(frame: Frame, figures?: MusicFigures, ownEvent?: OwnEventReader): MusicFrame {
  const events: MusicEvent[] = [];
  for (const e of frame.events) {
    const m = ownEvent?.(e) ?? musicEvent(e);
    if (m) events.push(m);
  }
  // The theme a frame's world plays, by its name (worldName: an older server's frames name none).
  const world: MusicWorld = worldName(frame.world);
  return {
    tick: Number(frame.tick),
    world,
    breeze: frame.breeze ? { strength: musicRound(frame.breeze.strength), gust: musicRound(frame.breeze.gust) } : undefined,
    figures,
    events,
  };
}
