import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { FrameSchema, World } from "../../src/gen/meadow/v1/viewer_pb";
import { Conductor } from "../../src/music/conductor";
import { EVENT_GAP_S, soundForEvent } from "../../src/music/colony/event-sounds";
import { colonyFigures, colonyMusicFrame } from "../../src/music/colony/colony-music-frame";
import type { MusicFrame } from "../../src/music/music-frame";
import { RecordingSink, THEMES } from "./music-streams";

const colonyFrame = (tick: number, events: MusicFrame["events"]): MusicFrame => ({
  tick,
  world: "colony",
  breeze: undefined,
  figures: colonyFigures({ size: 50, maxSize: 500, dormant: false, groupsInSync: 0 }),
  events,
});

describe("the frogs' sounds", () => {
  it("hears a frame's FrogCatch and FrogHop", () => {
    const f = colonyMusicFrame(
      create(FrameSchema, {
        world: World.COLONY,
        events: [
          { tick: 5n, body: { case: "frogCatch", value: { frogId: 1, fireflyId: 9, position: { x: 1, y: 2 } } } },
          { tick: 6n, body: { case: "frogHop", value: { frogId: 1, from: { x: 1, y: 2 }, to: { x: 40, y: 2 } } } },
        ],
      }),
    );
    expect(f.events).toEqual([{ kind: "frogCatch" }, { kind: "frogHop" }]);
  });

  it("croaks low for a catch and plops quietly for a hop, under everything else", () => {
    const croak = soundForEvent({ kind: "frogCatch" });
    const plop = soundForEvent({ kind: "frogHop" });
    expect(croak?.voice).toBe("croak");
    expect(plop?.voice).toBe("plop");
    // The croak is the colony's lowest sound (D2), the plop one of its quietest.
    for (const kind of ["birth", "death", "meal", "wilt"] as const) expect(croak?.midi).toBeLessThan(soundForEvent({ kind })?.midi ?? 0);
    expect(plop?.velocity).toBeLessThanOrEqual(0.2);
  });

  it("schedules a croak on the step after the catch, one per gap however many frogs ate at once", () => {
    const sink = new RecordingSink();
    const c = new Conductor(sink, THEMES);
    let clock = 0;
    /** The live timer's pumping, every 25 ms up to `untilS`. */
    const pumpTo = (untilS: number): void => {
      for (; clock <= untilS; clock += 0.025) c.pump(clock);
    };
    c.onFrame(colonyFrame(0, []), 0);
    pumpTo(1);
    c.onFrame(colonyFrame(60, [{ kind: "frogCatch" }, { kind: "frogCatch" }, { kind: "frogHop" }]), 1);
    pumpTo(2);
    const croaks = sink.notes.filter((n) => n.note.voice === "croak");
    expect(croaks).toHaveLength(1);
    expect(croaks[0]?.atS).toBeGreaterThanOrEqual(1);
    // Past the look-ahead (0.15 s) on the next sixteenth (0.2 s at 75 beats a minute).
    expect(croaks[0]?.atS).toBeLessThan(1 + 0.15 + 0.21);
    expect(sink.notes.filter((n) => n.note.voice === "plop")).toHaveLength(1);
    // Another catch after the gap croaks again.
    const gap = EVENT_GAP_S.frogCatch ?? 0;
    pumpTo(2 + gap);
    c.onFrame(colonyFrame(180, [{ kind: "frogCatch" }]), 2 + gap);
    pumpTo(3 + gap);
    expect(sink.notes.filter((n) => n.note.voice === "croak")).toHaveLength(2);
  });
});
