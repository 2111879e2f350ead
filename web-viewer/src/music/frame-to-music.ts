// A decoded protobuf Frame → the plain MusicFrame the music engine listens to. Used live by the
// viewer and by scripts/capture-music.ts, which records these values as test data.
import type { Event, Frame } from "../gen/meadow/v1/viewer_pb";
import { worldName } from "../worlds/world-view";
import type { MusicEvent, MusicFrame, MusicWorld } from "./music-frame";

/** Floats are kept to this many decimals: the music cannot hear finer, and recordings stay small. */
const DECIMALS = 3;

function round(v: number): number {
  const k = 10 ** DECIMALS;
  return Number.isFinite(v) ? Math.round(v * k) / k : 0;
}

export function musicEvent(e: Event): MusicEvent | undefined {
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
      return { kind: "delivery", store: round(b.value.store) };
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
    case "gust":
      return { kind: "gust", strength: round(b.value.strength) };
    case "frogCatch":
      return { kind: "frogCatch" };
    case "frogHop":
      return { kind: "frogHop" };
    case "orderCrossing":
      return { kind: "orderCrossing", rising: b.value.rising, threshold: round(b.value.threshold) };
    case "crumbEaten":
      return { kind: "crumbEaten" };
    default:
      // Sips, seeds dropping, flowers dropped or gone, the spark: no sound of their own
      // (docs/rules.md "The music · The colony" names the ones above).
      return undefined;
  }
}

export function musicFrame(frame: Frame): MusicFrame {
  const events: MusicEvent[] = [];
  for (const e of frame.events) {
    const m = musicEvent(e);
    if (m) events.push(m);
  }
  const c = frame.colony;
  const s = frame.swarm;
  const m = frame.mold?.figures;
  // The theme a frame's world plays, by its name; a server older than the world field sends the swarm.
  const world: MusicWorld = worldName(frame.world);
  return {
    tick: Number(frame.tick),
    world,
    breeze: frame.breeze ? { strength: round(frame.breeze.strength), gust: round(frame.breeze.gust) } : undefined,
    colony:
      world === "colony" && c
        ? { size: c.size, maxSize: c.maxSize, dormant: c.dormant, groupsInSync: c.groupsInSync }
        : undefined,
    swarm:
      world === "swarm" && s
        ? { count: s.count, meanAlignment: round(s.meanAlignment), tightness: round(s.tightness), lonely: s.lonely }
        : undefined,
    mold:
      world === "mold" && m
        ? { coverage: round(m.coverage), agents: m.agents, holes: m.holes, junctions: m.junctions, measuredStep: Number(m.measuredStep) }
        : undefined,
    events,
  };
}
