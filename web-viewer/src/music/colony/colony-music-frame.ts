// What the colony's theme hears of a colony frame (docs/rules.md "The music · The colony"): its
// measures (size, dormancy, groups in sync) as the frame's figures, and its own events (flashes,
// group sync, births, deaths, deliveries, meals, seeds, flowers, frogs) besides the shared ones.
// The colony's view gives the music these frames (ColonyView.music); the theme reads them back.
import type { Event, Frame } from "../../gen/meadow/v1/viewer_pb";
import type { ColonyState } from "../../gen/meadow/v1/colony/colony_frame_pb";
import { musicFrame, musicRound, type CommonMusicEvent } from "../frame-to-music";
import type { MusicFigures, MusicFrame } from "../music-frame";

/** The colony's events that make a sound (or drive its harmony), reduced to what the sound depends on. */
export type ColonyMusicEvent =
  | CommonMusicEvent
  | { readonly kind: "flash"; readonly group: number; readonly inSync: boolean }
  | { readonly kind: "groupSync"; readonly members: number; readonly inSync: boolean }
  | { readonly kind: "birth" }
  | { readonly kind: "death" }
  | { readonly kind: "delivery"; readonly store: number }
  | { readonly kind: "meal" }
  | { readonly kind: "seedLanded"; readonly rooted: boolean }
  | { readonly kind: "tookRoot" }
  | { readonly kind: "sprout" }
  | { readonly kind: "bloom" }
  | { readonly kind: "wilt" }
  // The frogs (docs/rules.md "The frog"): one ate a firefly, one hopped.
  | { readonly kind: "frogCatch" }
  | { readonly kind: "frogHop" };

export type ColonyMusicEventKind = ColonyMusicEvent["kind"];

export interface ColonyMeasures {
  /** Living fireflies (the dormant spark not counted). */
  readonly size: number;
  /** The colony's largest size (500). */
  readonly maxSize: number;
  readonly dormant: boolean;
  /** Foraging groups of at least 3 flashing as one. */
  readonly groupsInSync: number;
}

/** The measures as a frame's figures (dormant: 1 or 0). */
export function colonyFigures(m: ColonyMeasures): MusicFigures {
  return { size: m.size, maxSize: m.maxSize, dormant: m.dormant ? 1 : 0, groupsInSync: m.groupsInSync };
}

/** The measures a frame's figures carry; undefined: the frame had none. */
export function colonyMeasures(figures: MusicFigures | undefined): ColonyMeasures | undefined {
  if (!figures) return undefined;
  return {
    size: figures.size ?? 0,
    maxSize: figures.maxSize ?? 0,
    dormant: (figures.dormant ?? 0) !== 0,
    groupsInSync: figures.groupsInSync ?? 0,
  };
}

/** One of the colony's own events; undefined for the shared ones and those without a sound. */
export function colonyMusicEvent(e: Event): ColonyMusicEvent | undefined {
  const b = e.body;
  switch (b.case) {
    case "colonyFlash":
      return { kind: "flash", group: b.value.flowerId, inSync: b.value.groupInSync };
    case "colonyGroupSync":
      return { kind: "groupSync", members: b.value.members, inSync: b.value.inSync };
    case "colonyBirth":
      return { kind: "birth" };
    case "colonyDeath":
      return { kind: "death" };
    case "colonyDelivery":
      return { kind: "delivery", store: musicRound(b.value.store) };
    case "colonyMeal":
      return { kind: "meal" };
    case "seedLanded":
      return { kind: "seedLanded", rooted: b.value.rooted };
    case "tookRoot":
      return { kind: "tookRoot" };
    case "sprout":
      return { kind: "sprout" };
    case "bloom":
      return { kind: "bloom" };
    case "wilt":
      return { kind: "wilt" };
    case "frogCatch":
      return { kind: "frogCatch" };
    case "frogHop":
      return { kind: "frogHop" };
    default:
      // Sips, seeds dropping, flowers dropped or gone, the spark: no sound of their own
      // (docs/rules.md "The music · The colony" names the ones above).
      return undefined;
  }
}

function measuresOf(c: ColonyState): ColonyMeasures {
  return { size: c.size, maxSize: c.maxSize, dormant: c.dormant, groupsInSync: c.groupsInSync };
}

/** A colony frame as its theme hears it. */
export function colonyMusicFrame(frame: Frame): MusicFrame {
  const c = frame.colony;
  return musicFrame(frame, c ? colonyFigures(measuresOf(c)) : undefined, colonyMusicEvent);
}
