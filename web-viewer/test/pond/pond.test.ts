// The pond in the viewer (docs/rules.md "The pond"): its fish decoded from eight bytes each, its
// figures and status line, fish drawn bent as they turn and straight when they do not, "throw
// food" as one flower tap with `handful` set, and its theme's drop of water for each crumb eaten.
import { create, fromBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ClientMessageSchema, FrameSchema, Tool, ToolAction_Phase, World, type Frame } from "../../src/gen/meadow/v1/viewer_pb";
import { Conductor } from "../../src/music/conductor";
import { musicEvent } from "../../src/music/frame-to-music";
import type { MusicEvent, MusicFrame } from "../../src/music/music-frame";
import { POND_BPM, PondTheme, pondChord, pondDropChance, pondTightness, MOST_DROPS_WAITING } from "../../src/music/pond/pond-theme";
import { D3_MIDI, PENTATONIC, inScale } from "../../src/music/scales";
import { handfulBytes } from "../../src/net/messages";
import { FISH_SEGMENTS, fishSpine, spineSag } from "../../src/pond/fish-shape";
import { FISH_LENGTH } from "../../src/pond/pond-painter";
import { PondState, fishFromBytes } from "../../src/pond/pond-state";
import { pondStatusParts } from "../../src/pond/pond-status";
import { PondView } from "../../src/pond/pond-view";
import { MAX_BEND, SchoolMotion, bendForTurn, type Fish } from "../../src/pond/school-motion";
import { RecordingSink } from "../music/music-streams";

const WATER = { x: 1100, y: 150, width: 264, height: 164 };

/** Fish as the server packs them: x, y fractions of the water (uint16), vx, vy hundredths of a unit a step (int16), little-endian. */
function packed(fish: readonly [number, number, number, number][]): Uint8Array {
  const out = new Uint8Array(fish.length * 8);
  const view = new DataView(out.buffer);
  fish.forEach(([x, y, vx, vy], i) => {
    view.setUint16(i * 8, Math.round(((x - WATER.x) / WATER.width) * 65536), true);
    view.setUint16(i * 8 + 2, Math.round(((y - WATER.y) / WATER.height) * 65536), true);
    view.setInt16(i * 8 + 4, Math.round(vx * 100), true);
    view.setInt16(i * 8 + 6, Math.round(vy * 100), true);
  });
  return out;
}

function pondFrame(fish: readonly [number, number, number, number][], tick: number, extra: { fed?: number; spread?: number; eaten?: number[] } = {}): Frame {
  return create(FrameSchema, {
    world: World.POND,
    tick: BigInt(tick),
    viewers: 2,
    worldBounds: { x: 0, y: 0, width: 1600, height: 900 },
    camera: { x: 1080, y: 130, width: 304, height: 204 },
    pond: {
      fish: packed(fish),
      count: fish.length,
      water: WATER,
      crumbs: [{ id: 7, position: { x: 1200, y: 240 }, ownerSession: 5n }],
      predators: [{ position: { x: 1250, y: 200 }, ownerSession: 9n }],
      fed: BigInt(extra.fed ?? 3),
      spread: extra.spread ?? 20,
      maxSpeed: 0.5,
    },
    settings: [
      { name: "fish", value: fish.length },
      { name: "max_speed", value: 2 },
      { name: "cohesion", value: 0.02 },
    ],
    settingsPreset: "deep",
    locks: { flower: false },
    events: (extra.eaten ?? []).map((id) => ({ tick: BigInt(tick), body: { case: "crumbEaten" as const, value: { markId: id, position: { x: 1201, y: 241 } } } })),
  });
}

describe("the pond's fish on the wire", () => {
  it("decode from eight little-endian bytes a fish: positions in the water, velocities in hundredths", () => {
    const bytes = Uint8Array.from([
      // x 0x4000 (a quarter), y 0xC000 (three quarters), vx 150 (1.5), vy -50 (-0.5)
      0x00, 0x40, 0x00, 0xc0, 0x96, 0x00, 0xce, 0xff,
      // the water's corner, the slowest back and the fastest forward
      0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0xff, 0x7f,
    ]);
    const fish = fishFromBytes(bytes, 2, WATER);
    expect(fish).toBeDefined();
    expect(fish![0]).toEqual({ id: 0, x: 1100 + 0.25 * 264, y: 150 + 0.75 * 164, vx: 1.5, vy: -0.5 });
    expect(fish![1]).toEqual({ id: 1, x: 1100, y: 150, vx: -327.68, vy: 327.67 });
  });

  it("refuses bytes that are not the count's eight a fish", () => {
    expect(fishFromBytes(new Uint8Array(15), 2, WATER)).toBeUndefined();
    const s = new PondState();
    const f = pondFrame([[1200, 230, 0.5, 0]], 1);
    f.pond!.count = 2;
    s.applyFrame(f);
    expect(s.refused).toBe(1);
    expect(s.fish).toBeUndefined();
  });

  it("keeps the frame's figures, crumbs, predators, palette and the crumbs eaten", () => {
    const s = new PondState();
    s.applyFrame(pondFrame([[1200, 230, 0.5, 0], [1210, 232, 0.4, 0.1]], 10, { fed: 12, spread: 8.5, eaten: [4] }));
    expect(s.figures).toEqual({ fish: 2, fed: 12, spread: 8.5, crumbs: 1, maxSpeed: 0.5 });
    expect(s.water).toEqual(WATER);
    expect(s.crumbs).toEqual([{ id: 7, x: 1200, y: 240, owner: 5n }]);
    expect(s.predators).toEqual([{ x: 1250, y: 200, owner: 9n }]);
    expect(s.palette).toBe("deep");
    expect(s.eaten).toEqual([{ id: 4, x: 1201, y: 241 }]);
    expect(s.settings?.values).toEqual({ fish: 2, max_speed: 2, cohesion: 0.02 });
    expect(s.cameraTarget).toEqual({ x: 1080, y: 130, width: 304, height: 204 });
  });
});

describe("the pond's status line", () => {
  it("says its fish and how many crumbs they ate", () => {
    expect(pondStatusParts({ fish: 24, fed: 1234 })).toEqual(["24 fish", "1,234 fed"]);
    expect(pondStatusParts({ fish: 5, fed: 0 })).toEqual(["5 fish", "0 fed"]);
    expect(pondStatusParts(undefined)).toEqual([]);
    const view = pondView();
    view.takeFrame(pondFrame([[1200, 230, 0.5, 0]], 1, { fed: 3 }), 0);
    expect(view.statusParts()).toEqual(["1 fish", "3 fed"]);
  });
});

/** A fish heading `heading0` and turning `turn` radians a step, over `frames` frames of `steps` ticks. */
function swim(turn: number, frames = 12, steps = 2, heading0 = 0.3): SchoolMotion {
  const school = new SchoolMotion();
  let heading = heading0;
  for (let k = 0; k < frames; k++) {
    const fish: Fish[] = [{ id: 0, x: 1200, y: 230, vx: 0.5 * Math.cos(heading), vy: 0.5 * Math.sin(heading) }];
    school.push(fish, BigInt(k * steps), k * 33);
    heading += turn * steps;
  }
  return school;
}

describe("fish bend as they turn", () => {
  it("a fish swimming straight is drawn straight", () => {
    const school = swim(0);
    expect(school.turnOf(0)).toBeCloseTo(0, 6);
    const [f] = school.sample(1000, 0.016, 0.5);
    expect(f!.bend).toBeCloseTo(0, 6);
    const spine = fishSpine(f!.x, f!.y, f!.heading, f!.bend, FISH_LENGTH);
    expect(spine).toHaveLength((FISH_SEGMENTS + 1) * 2);
    expect(spineSag(spine)).toBeLessThan(1e-9);
    // Its length along the spine is the fish's.
    let length = 0;
    for (let i = 2; i < spine.length; i += 2) length += Math.hypot(spine[i]! - spine[i - 2]!, spine[i + 1]! - spine[i - 1]!);
    expect(length).toBeCloseTo(FISH_LENGTH, 6);
  });

  it("a turning fish is drawn bent, the way it turns, with its turn per step whatever the ticks a frame", () => {
    const left = swim(-0.05);
    const right = swim(0.05);
    const oneTick = swim(0.05, 24, 1);
    expect(right.turnOf(0)).toBeCloseTo(0.05, 3);
    expect(oneTick.turnOf(0)).toBeCloseTo(0.05, 3);
    const [r] = right.sample(1000, 0.016, 0.5);
    const [l] = left.sample(1000, 0.016, 0.5);
    expect(r!.bend).toBeCloseTo(bendForTurn(0.05), 2);
    expect(l!.bend).toBeCloseTo(-r!.bend, 3);
    const bentR = fishSpine(0, 0, 0, r!.bend, FISH_LENGTH);
    const bentL = fishSpine(0, 0, 0, l!.bend, FISH_LENGTH);
    expect(spineSag(bentR)).toBeGreaterThan(0.03 * FISH_LENGTH);
    // Heading along +x, turning towards +y (clockwise on screen): the body lies along the arc it
    // swims, so its tail, where it came from, is on the +y side of its head's line (the inside of
    // the turn, a C round the turn's centre), and the mirror for the other turn.
    const tailY = (spine: number[]): number => spine[spine.length - 1]!;
    expect(tailY(bentR)).toBeGreaterThan(0);
    expect(tailY(bentL)).toBeCloseTo(-tailY(bentR), 9);
    // A sharp turn bends the body into a C, never further.
    expect(bendForTurn(1)).toBe(MAX_BEND);
    expect(bendForTurn(-1)).toBe(-MAX_BEND);
  });
});

function pondView(sent: Uint8Array[] = []): PondView {
  const canvas = { getContext: () => null, hidden: false } as unknown as HTMLCanvasElement;
  return new PondView(canvas, {
    say: () => undefined,
    send: (bytes) => {
      sent.push(bytes);
      return true;
    },
  });
}

describe("throwing food in the pond", () => {
  it("is one flower tap with handful set, at the water's centre", () => {
    const message = fromBinary(ClientMessageSchema, handfulBytes(1232, 234));
    expect(message.body.case).toBe("tool");
    if (message.body.case !== "tool") return;
    expect(message.body.value.tool).toBe(Tool.FLOWER);
    expect(message.body.value.phase).toBe(ToolAction_Phase.TAP);
    expect(message.body.value.handful).toBe(true);
    expect(message.body.value.position).toMatchObject({ x: 1232, y: 234 });
  });

  it("goes out from the view once per throw, aimed at the water's centre; the pond's tool is the flower", () => {
    const sent: Uint8Array[] = [];
    const view = pondView(sent);
    expect(view.firstTool).toBe("flower");
    view.takeFrame(pondFrame([[1200, 230, 0.5, 0]], 1), 0);
    expect(view.throwFood()).toBe(true);
    expect(sent).toHaveLength(1);
    const message = fromBinary(ClientMessageSchema, sent[0]!);
    if (message.body.case !== "tool") throw new Error("not a tool action");
    expect(message.body.value).toMatchObject({ tool: Tool.FLOWER, phase: ToolAction_Phase.TAP, handful: true });
    expect(message.body.value.position?.x).toBeCloseTo(WATER.x + WATER.width / 2, 4);
    expect(message.body.value.position?.y).toBeCloseTo(WATER.y + WATER.height / 2, 4);
    expect(view.handfuls).toHaveLength(1);
  });

  it("is not thrown without a link", () => {
    const canvas = { getContext: () => null, hidden: false } as unknown as HTMLCanvasElement;
    const view = new PondView(canvas, { say: () => undefined, send: () => false });
    expect(view.throwFood()).toBe(false);
    expect(view.handfuls).toHaveLength(0);
  });
});

const POND_ONLY = [(seed: number, log: ConstructorParameters<typeof PondTheme>[1]) => new PondTheme(seed, log)];

/** Pond frames at 30 a second for `seconds`, at a spread; `eaten(i)` crumbs eaten in frame i. */
function pondMusic(seconds: number, spread: number, eaten: (i: number) => number = () => 0): { frame: MusicFrame; atS: number }[] {
  return Array.from({ length: seconds * 30 }, (_, i) => ({
    atS: i / 30,
    frame: {
      tick: i * 2,
      world: "pond",
      breeze: undefined,
      colony: undefined,
      swarm: undefined,
      figures: { spread, fish: 24 },
      events: Array.from({ length: eaten(i) }, (): MusicEvent => ({ kind: "crumbEaten" })),
    },
  }));
}

function play(frames: readonly { frame: MusicFrame; atS: number }[]): { conductor: Conductor; sink: RecordingSink } {
  const sink = new RecordingSink();
  const conductor = new Conductor(sink, POND_ONLY);
  let t = 0;
  for (const { frame, atS } of frames) {
    for (; t < atS; t += 0.025) conductor.pump(t);
    conductor.onFrame(frame, atS);
    conductor.pump(atS);
  }
  for (const end = t + 2; t < end; t += 0.025) conductor.pump(t);
  return { conductor, sink };
}

describe("the pond's theme", () => {
  it("hears a crumbEaten event, and plays a drop of water for each crumb eaten", () => {
    const frame = create(FrameSchema, { world: World.POND, events: [{ tick: 1n, body: { case: "crumbEaten", value: { markId: 3, position: { x: 1, y: 2 } } } }] });
    expect(musicEvent(frame.events[0]!)).toEqual({ kind: "crumbEaten" });
    const view = pondView();
    const heard = view.music(pondFrame([[1200, 230, 0.5, 0]], 1, { spread: 12, eaten: [1, 2] }));
    expect(heard.figures).toEqual({ spread: 12, fish: 1 });
    expect(heard.events).toEqual([{ kind: "crumbEaten" }, { kind: "crumbEaten" }]);

    const quiet = play(pondMusic(10, 20)).sink.notes.filter((n) => n.note.voice === "meal");
    expect(quiet).toHaveLength(0);
    // Three crumbs eaten at 2 s, two at 5 s: five drops, high in D major pentatonic.
    const fed = play(pondMusic(10, 20, (i) => (i === 60 ? 3 : i === 150 ? 2 : 0)));
    const drops = fed.sink.notes.filter((n) => n.note.voice === "meal");
    expect(drops).toHaveLength(5);
    for (const d of drops) expect(inScale(d.note.midi, D3_MIDI, PENTATONIC)).toBe(true);
    expect(drops[0]!.atS).toBeGreaterThanOrEqual(2);
    // A flood of crumbs eaten at once is a patter, not a minute of drops.
    const flood = play(pondMusic(6, 20, (i) => (i === 30 ? 40 : 0))).sink.notes.filter((n) => n.note.voice === "meal");
    expect(flood).toHaveLength(MOST_DROPS_WAITING);
  });

  it("grows denser and more consonant as the school tightens, at its calm tempo", () => {
    expect(pondTightness(5)).toBe(1);
    expect(pondTightness(80)).toBe(0);
    expect(pondTightness(undefined)).toBe(0);
    expect(pondDropChance(0)).toBeLessThan(pondDropChance(1));
    const loose = play(pondMusic(60, 70));
    const tight = play(pondMusic(60, 6));
    const glass = (r: { sink: RecordingSink }): number => r.sink.notes.filter((n) => n.note.voice === "glass").length;
    expect(glass(tight)).toBeGreaterThan(3 * glass(loose));
    expect(tight.conductor.bpm).toBe(POND_BPM);
    // The swell: seconds when scattered, a fifth and an octave when tight.
    const chordOf = (r: { conductor: Conductor }): readonly number[] => r.conductor.log.harmonyBars.find((h) => h.world === "pond")!.chord;
    const intervals = (c: readonly number[]): number[] => c.slice(1).map((m) => m - c[0]!);
    expect(intervals(chordOf(tight))).toEqual([7, 12]);
    expect(intervals(chordOf(loose))).toEqual([2, 9]);
    expect(pondChord(0.5)).not.toEqual(pondChord(1));
    expect(tight.sink.notes.every((n) => n.theme === "pond")).toBe(true);
  });

  it("plays the same from the same seed", () => {
    const a = play(pondMusic(20, 25, (i) => (i % 90 === 0 ? 1 : 0))).sink.notes.map((n) => [n.note.voice, n.note.midi, n.atS.toFixed(3)]);
    const b = play(pondMusic(20, 25, (i) => (i % 90 === 0 ? 1 : 0))).sink.notes.map((n) => [n.note.voice, n.note.midi, n.atS.toFixed(3)]);
    expect(a.length).toBeGreaterThan(10);
    expect(a).toEqual(b);
  });
});
