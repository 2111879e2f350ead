import { describe, expect, it } from "vitest";
import { ColonyTheme } from "../../src/music/colony/colony-theme";
import { CROSSFADE_BEATS, Conductor, FADE_OUT_S } from "../../src/music/conductor";
import { colonyTempoBpm } from "../../src/music/colony/colony-mappings";
import type { MusicFrame } from "../../src/music/music-frame";
import { MusicLog } from "../../src/music/music-log";
import { STEPS_PER_BEAT } from "../../src/music/step-scheduler";
import { layerEntryBar } from "../../src/music/swarm/swarm-build";
import { swarmTempoBpm } from "../../src/music/swarm/swarm-mappings";
import { loadRecording, looped, type Recording, RecordingSink, THEMES, withoutSync } from "./music-streams";

/** Plays a recording through a conductor, pumping every 25 ms of stream time as the live timer does. */
function play(rec: Recording, frames: readonly MusicFrame[] = rec.frames, offsetS = 0, c?: Conductor, sink = new RecordingSink()) {
  const conductor = c ?? new Conductor(sink, THEMES);
  const first = frames[0]?.tick ?? 0;
  let t = offsetS;
  for (const f of frames) {
    const at = offsetS + (f.tick - first) / rec.tickRate;
    for (; t < at; t += 0.025) conductor.pump(t);
    conductor.onFrame(f, at);
    conductor.pump(at);
  }
  return { conductor, sink, endS: t };
}

const colony = loadRecording("colony-sync");
const swarm = loadRecording("swarm");
const gust = loadRecording("colony-gust");

describe("recorded streams", () => {
  it("are what the tests say they are (a real capture, small)", () => {
    expect(colony.world).toBe("colony");
    expect(swarm.world).toBe("swarm");
    expect(colony.frames.length).toBeGreaterThan(20 * colony.frameRate);
    expect(swarm.frames.length).toBeGreaterThan(20 * swarm.frameRate);
    expect(colony.frames.some((f) => (f.figures?.groupsInSync ?? 0) > 0)).toBe(true);
    expect(colony.frames.some((f) => f.events.some((e) => e.kind === "flash"))).toBe(true);
    expect(JSON.stringify(colony).length).toBeLessThan(200_000);
    expect(JSON.stringify(swarm).length).toBeLessThan(200_000);
    expect(JSON.stringify(gust).length).toBeLessThan(200_000);
    expect(gust.frames.some((f) => f.events.some((e) => e.kind === "gust"))).toBe(true);
  });
});

describe("Conductor: colony", () => {
  it("plays at the tempo the colony's size gives", () => {
    const { conductor } = play(colony);
    const bars = conductor.log.bars.filter((b) => b.world === "colony");
    expect(bars.length).toBeGreaterThan(5);
    const sizes = colony.frames.map((f) => f.figures?.size ?? 0);
    const lo = colonyTempoBpm(Math.min(...sizes), false);
    const hi = colonyTempoBpm(Math.max(...sizes), false);
    for (const b of bars) {
      expect(b.bpm).toBeGreaterThanOrEqual(lo);
      expect(b.bpm).toBeLessThanOrEqual(hi);
    }
  });

  it("gives bars a harmony while a group flashes as one, and never without sync", () => {
    const synced = play(colony).conductor.log;
    const plain = play(colony, withoutSync(colony.frames)).conductor.log;
    expect(synced.harmonyBars.length).toBeGreaterThan(0);
    expect(plain.harmonyBars.length).toBe(0);
    expect(plain.notes.pad ?? 0).toBe(0);
    // Each harmony is a triad held for its bar, starting on the bar.
    expect(synced.notes.pad).toBe(3 * synced.harmonyBars.length);
    for (const h of synced.harmonyBars) expect(synced.bars.some((b) => b.timeS === h.timeS && b.bar === h.bar)).toBe(true);
  });

  it("over many bars, about 30 % of them get one", () => {
    // The recording looped ten times (ticks shifted on): about 70 bars, all with a group in sync.
    const log = play(colony, looped(colony.frames, 10)).conductor.log;
    const share = log.harmonyBars.length / log.bars.length;
    expect(log.bars.length).toBeGreaterThan(60);
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.45);
  });

  it("thins the flashes to at most one note per off-beat slot", () => {
    const { conductor, sink } = play(colony);
    const flashes = colony.frames.flatMap((f) => f.events).filter((e) => e.kind === "flash").length;
    const notes = sink.notes.filter((n) => n.note.voice === "flash");
    const bars = conductor.log.bars.length;
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.length).toBeLessThanOrEqual(4 * bars);
    expect(notes.length).toBeLessThan(flashes);
    expect((conductor.theme("colony") as ColonyTheme).flashStats.heard).toBe(flashes);
  });

  it("plays the events' sounds and follows the breeze", () => {
    const { sink } = play(colony);
    const voices = new Set(sink.notes.map((n) => n.note.voice));
    for (const v of ["handpan", "cricket", "delivery", "meal", "birth"]) expect(voices.has(v as never)).toBe(true);
    expect(sink.breezes.length).toBe(colony.frames.length);
    const gustFrame: MusicFrame = { tick: 0, world: "colony", breeze: { strength: 0.9, gust: 1 }, figures: undefined, events: [{ kind: "gust", strength: 0.9 }] };
    const c = new Conductor(sink, THEMES);
    c.onFrame(gustFrame, 0);
    c.pump(0.5);
    expect(sink.notes.some((n) => n.note.voice === "rush")).toBe(true);
  });

  it("plays one rush for the recorded gust, on the step after it", () => {
    const { sink } = play(gust);
    const first = gust.frames[0]?.tick ?? 0;
    const gustS = ((gust.frames.find((f) => f.events.some((e) => e.kind === "gust"))?.tick ?? 0) - first) / gust.tickRate;
    const rushes = sink.notes.filter((n) => n.note.voice === "rush");
    expect(rushes.length).toBe(1);
    expect(rushes[0]?.atS).toBeGreaterThanOrEqual(gustS);
    expect(rushes[0]?.atS).toBeLessThan(gustS + 0.5);
  });
});

describe("Conductor: swarm", () => {
  it("plays at the tempo of the swarm's size and builds up layer by layer, once", () => {
    const { conductor, sink } = play(swarm);
    const count = swarm.frames[0]?.figures?.count ?? 0;
    expect(conductor.bpm).toBeCloseTo(swarmTempoBpm(count), 9);
    const firstS = conductor.log.bars[0]?.timeS ?? 0;
    const barS = (4 * 60) / swarmTempoBpm(count);
    const voiceStart = (v: string) => Math.min(...sink.notes.filter((n) => n.note.voice === v).map((n) => n.atS));
    expect(voiceStart("kick")).toBeCloseTo(firstS, 9);
    expect(voiceStart("hat")).toBeCloseTo(firstS + layerEntryBar("hat") * barS, 6);
    expect(voiceStart("bass")).toBeCloseTo(firstS + layerEntryBar("bass") * barS, 6);
    expect(sink.notes.some((n) => n.note.voice === "lead")).toBe(false);
  });

  it("has harmony as often as alignment × tightness says", () => {
    const { conductor } = play(swarm);
    expect(conductor.log.harmonyBars.length).toBeGreaterThan(0);
    const none = play(swarm, swarm.frames.map((f) => ({ ...f, figures: f.figures && { ...f.figures, tightness: 1 } }))).conductor;
    expect(none.log.harmonyBars.length).toBe(0);
  });

  it("plays the wanderer's note for fireflies that see nobody, and not when none are lonely", () => {
    const lonely = play(swarm, swarm.frames.map((f) => ({ ...f, figures: f.figures && { ...f.figures, lonely: 500 } }))).sink;
    const none = play(swarm, swarm.frames.map((f) => ({ ...f, figures: f.figures && { ...f.figures, lonely: 0 } }))).sink;
    expect(lonely.notes.some((n) => n.note.voice === "wanderer")).toBe(true);
    expect(none.notes.some((n) => n.note.voice === "wanderer")).toBe(false);
  });
});

describe("Conductor: switching worlds", () => {
  it("crossfades on a beat of the old theme, the new one starting on that beat", () => {
    const sink = new RecordingSink();
    const first = play(colony, colony.frames.slice(0, 150), 0, undefined, sink);
    const c = first.conductor;
    const colonyBpm = c.bpm ?? 0;
    const switchAskedS = first.endS + 0.01;
    play(swarm, swarm.frames.slice(0, 200), switchAskedS, c, sink);
    const sw = c.log.switches[1];
    expect(sw).toMatchObject({ from: "colony", to: "swarm" });
    const atS = sw?.atS ?? 0;
    // On the colony's beat grid: a whole number of beats from its first bar.
    const colonyStart = c.log.bars.find((b) => b.world === "colony")?.timeS ?? 0;
    const beats = ((atS - colonyStart) * colonyBpm) / 60;
    expect(Math.abs(beats - Math.round(beats))).toBeLessThan(1e-6);
    expect(atS).toBeGreaterThanOrEqual(switchAskedS);
    expect(atS - switchAskedS).toBeLessThan(60 / colonyBpm + 0.2);
    expect(sw?.untilS).toBeCloseTo(atS + (CROSSFADE_BEATS * 60) / colonyBpm, 9);
    const out = sink.fades.find((f) => f.theme === "colony" && f.gain === 0);
    const into = sink.fades.filter((f) => f.theme === "swarm" && f.gain === 1);
    expect(out).toMatchObject({ fromS: atS, toS: sw?.untilS });
    expect(into[0]).toMatchObject({ fromS: atS, toS: sw?.untilS });
    // The swarm's first kick is on that beat; the colony plays nothing after the fade.
    const kick = sink.notes.find((n) => n.note.voice === "kick");
    expect(kick?.atS).toBeCloseTo(atS, 9);
    // The colony's steps end with its fade (a cricket sits anywhere within its step).
    const lastColony = Math.max(...sink.notes.filter((n) => n.theme === "colony").map((n) => n.atS));
    expect(lastColony).toBeLessThan((sw?.untilS ?? 0) + 60 / colonyBpm / STEPS_PER_BEAT);
    expect(lastColony).toBeGreaterThan(atS);
  });

  it("builds the swarm up only once: when it comes back it starts whole", () => {
    const sink = new RecordingSink();
    const c = play(swarm, swarm.frames, 0, undefined, sink).conductor;
    play(colony, colony.frames.slice(0, 60), 30, c, sink);
    play(swarm, swarm.frames.slice(0, 100), 40, c, sink);
    const back = c.log.switches[c.log.switches.length - 1]?.atS ?? 0;
    const firstBar = sink.notes.filter((n) => n.theme === "swarm" && n.atS < back + 0.05).map((n) => n.note.voice);
    expect(firstBar).toContain("kick");
    expect(firstBar).toContain("hat");
    expect(firstBar).toContain("bass");
  });
});

describe("Conductor: the worlds' themes", () => {
  it("has a theme for every world it is given (the views bring them), each made once", () => {
    const c = new Conductor(new RecordingSink(), THEMES);
    expect([...c.worlds].sort()).toEqual(["colony", "mold", "swarm"]);
    expect(() => new Conductor(new RecordingSink(), [...THEMES, THEMES[0]!])).toThrow(/two themes/);
  });

  it("plays only the themes it is given, and falls quiet for a world without one", () => {
    const sink = new RecordingSink();
    const c = new Conductor(sink, THEMES.filter((make) => make(9, new MusicLog()).world === "colony"));
    play(colony, colony.frames.slice(0, 90), 0, c, sink);
    expect(c.world).toBe("colony");
    const heard = sink.notes.length;
    expect(heard).toBeGreaterThan(0);
    play(swarm, swarm.frames.slice(0, 60), 3.5, c, sink);
    expect(c.world).toBeUndefined();
    expect(sink.fades[sink.fades.length - 1]).toMatchObject({ theme: "colony", gain: 0 });
    expect(sink.notes.every((n) => n.theme === "colony")).toBe(true);
    expect(Math.max(...sink.notes.map((n) => n.atS))).toBeLessThan(3.5 + FADE_OUT_S + 0.01);
  });
});

describe("Conductor: the link dropping", () => {
  it("fades the theme out and starts it afresh with the next frame", () => {
    const sink = new RecordingSink();
    const c = play(colony, colony.frames.slice(0, 90), 0, undefined, sink).conductor;
    c.silence(3.2);
    expect(c.world).toBeUndefined();
    expect(sink.fades[sink.fades.length - 1]).toMatchObject({ theme: "colony", gain: 0, fromS: 3.2, toS: 3.2 + FADE_OUT_S });
    for (let t = 3.2; t < 8; t += 0.025) c.pump(t);
    expect(Math.max(...sink.notes.map((n) => n.atS))).toBeLessThan(3.2 + FADE_OUT_S);
    play(colony, colony.frames.slice(90, 120), 8, c, sink);
    expect(c.world).toBe("colony");
    expect(c.log.switches[c.log.switches.length - 1]).toMatchObject({ from: undefined, to: "colony" });
    expect(Math.max(...sink.notes.map((n) => n.atS))).toBeGreaterThan(8);
  });
});
