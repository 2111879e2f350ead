import { describe, expect, it } from "vitest";
import { EVENT_GAP_S, EventThinner, soundForEvent } from "../../src/music/colony/event-sounds";
import { FLASH_DEGREES, FlashGate } from "../../src/music/colony/flash-gate";
import type { ColonyMusicEvent } from "../../src/music/colony/colony-music-frame";
import { RareNoteGate, WANDERER_GAP_S } from "../../src/music/rare-note";
import { D3_MIDI, LYDIAN, inScale } from "../../src/music/scales";

const SOUNDING: readonly ColonyMusicEvent[] = [
  { kind: "birth" },
  { kind: "death" },
  { kind: "delivery", store: 0.5 },
  { kind: "meal" },
  { kind: "seedLanded", rooted: false },
  { kind: "tookRoot" },
  { kind: "sprout" },
  { kind: "bloom" },
  { kind: "wilt" },
  { kind: "gust", strength: 0.7 },
  { kind: "frogCatch" },
  { kind: "frogHop" },
];

describe("event → sound", () => {
  it("gives each of the colony's events a voice of its own, in D lydian", () => {
    const voices = SOUNDING.map((e) => soundForEvent(e)?.voice);
    expect(voices.every((v) => v !== undefined)).toBe(true);
    expect(new Set(voices).size).toBe(SOUNDING.length);
    for (const e of SOUNDING) {
      const n = soundForEvent(e);
      expect(n && inScale(n.midi, D3_MIDI, LYDIAN)).toBe(true);
      expect(n?.velocity).toBeGreaterThan(0);
      expect(n?.velocity).toBeLessThanOrEqual(1);
    }
  });

  it("leaves flashes and group sync to the flash notes and the harmony", () => {
    expect(soundForEvent({ kind: "flash", group: 3, inSync: true })).toBeUndefined();
    expect(soundForEvent({ kind: "groupSync", members: 4, inSync: true })).toBeUndefined();
  });

  it("lets deliveries climb as the store fills, a rooted seed tick higher, a harder gust rush louder", () => {
    const low = soundForEvent({ kind: "delivery", store: 0.1 })?.midi ?? 0;
    const high = soundForEvent({ kind: "delivery", store: 0.95 })?.midi ?? 0;
    expect(high).toBeGreaterThan(low);
    expect(soundForEvent({ kind: "seedLanded", rooted: true })?.midi).toBeGreaterThan(soundForEvent({ kind: "seedLanded", rooted: false })?.midi ?? 0);
    expect(soundForEvent({ kind: "gust", strength: 1 })?.velocity).toBeGreaterThan(soundForEvent({ kind: "gust", strength: 0.2 })?.velocity ?? 1);
  });

  it("thins each kind to once per its gap, independently of the others", () => {
    const t = new EventThinner();
    const gap = EVENT_GAP_S.delivery ?? 0;
    expect(gap).toBeGreaterThan(0);
    expect(t.admit("delivery", 10)).toBe(true);
    expect(t.admit("delivery", 10 + gap / 2)).toBe(false);
    expect(t.admit("meal", 10 + gap / 2)).toBe(true);
    expect(t.admit("delivery", 10 + gap)).toBe(true);
    expect([t.played, t.thinned]).toEqual([3, 1]);
  });
});

describe("flash notes", () => {
  it("play at most one note per slot, however many flashed", () => {
    const g = new FlashGate();
    for (let i = 0; i < 500; i++) g.add(0, false, (i * 0.37) % 1);
    const n = g.take();
    expect(n?.flashes).toBe(500);
    expect(g.take()).toBeUndefined();
    expect(g.notes).toBe(1);
    expect(g.heard).toBe(500);
  });

  it("give a synced group its own steady note, and a busy slot a little more weight", () => {
    const g = new FlashGate();
    g.add(0, false, 0.9);
    g.add(7, true, 0.1);
    const a = g.take();
    g.add(7, true, 0.5);
    const b = g.take();
    expect(a?.inSync).toBe(true);
    expect(a?.degreeIndex).toBe(7 % FLASH_DEGREES.length);
    expect(b?.degreeIndex).toBe(a?.degreeIndex);
    for (let i = 0; i < 60; i++) g.add(0, false, 0.3);
    const busy = g.take();
    g.add(0, false, 0.3);
    const lone = g.take();
    expect(busy?.velocity).toBeGreaterThan(lone?.velocity ?? 1);
    expect(busy?.velocity).toBeLessThan(0.5);
  });
});

describe("the wanderer's note", () => {
  it("needs its chance and a quiet gap since the last one", () => {
    const g = new RareNoteGate();
    expect(g.offer(0, 0.02, 0.5)).toBe(false);
    expect(g.offer(0, 0.02, 0.01)).toBe(true);
    expect(g.offer(WANDERER_GAP_S / 2, 1, 0)).toBe(false);
    expect(g.offer(WANDERER_GAP_S, 1, 0)).toBe(true);
  });
});
