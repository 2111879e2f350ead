// Every voice against a fake audio context that records what is done to each gain: no voice
// may step a gain (a click); each starts from 0, only ramps, and is back at 0 before its
// sources stop.
import { describe, expect, it } from "vitest";
import type { Note, Voice } from "../../src/music/sound-spec";
import { COLONY_VOICES } from "../../src/music/colony/colony-voices";
import { SWARM_VOICES } from "../../src/music/swarm/swarm-voices";
import type { VoiceKit } from "../../src/music/voice-kit";
import { playVoice, SHARED_VOICES } from "../../src/music/voices";

type Ev = { kind: "set" | "linear" | "exp" | "target" | "assign"; value: number; time: number };

class FakeParam {
  readonly events: Ev[] = [];
  private v = 0;
  get value(): number {
    return this.v;
  }
  set value(x: number) {
    this.v = x;
    this.events.push({ kind: "assign", value: x, time: 0 });
  }
  setValueAtTime(value: number, time: number) {
    this.events.push({ kind: "set", value, time });
    return this;
  }
  linearRampToValueAtTime(value: number, time: number) {
    this.events.push({ kind: "linear", value, time });
    return this;
  }
  exponentialRampToValueAtTime(value: number, time: number) {
    this.events.push({ kind: "exp", value, time });
    return this;
  }
  setTargetAtTime(value: number, time: number) {
    this.events.push({ kind: "target", value, time });
    return this;
  }
}

class FakeNode {
  stopAt: number | undefined;
  startAt: number | undefined;
  readonly outs: unknown[] = [];
  connect<T>(n: T): T {
    this.outs.push(n);
    return n;
  }
  start(t = 0) {
    this.startAt = t;
  }
  stop(t = 0) {
    this.stopAt = t;
  }
}

function fakeKit() {
  const gains: { gain: FakeParam }[] = [];
  const sources: FakeNode[] = [];
  const ctx = {
    currentTime: 0,
    sampleRate: 48000,
    createGain: () => {
      const g = Object.assign(new FakeNode(), { gain: new FakeParam() });
      gains.push(g);
      return g;
    },
    createOscillator: () => {
      const o = Object.assign(new FakeNode(), { type: "sine", frequency: new FakeParam(), detune: new FakeParam() });
      sources.push(o);
      return o;
    },
    createBufferSource: () => {
      const s = Object.assign(new FakeNode(), { buffer: null, loop: false });
      sources.push(s);
      return s;
    },
    createBiquadFilter: () => Object.assign(new FakeNode(), { type: "lowpass", frequency: new FakeParam(), Q: new FakeParam() }),
  };
  const kit = { ctx, white: {} } as unknown as VoiceKit;
  return { kit, gains, sources };
}

const VOICES: Voice[] = ["handpan", "cricket", "rush", "pad", "flash", "wanderer", "kick", "hat", "snare", "bass", "stab", "lead", "motif", "birth", "death", "delivery", "meal", "seed", "rooted", "sprout", "bloom", "wilt", "croak", "plop"];

/** The themes' own voices: each voice of the list is played as its theme plays it. */
const OWN = { ...COLONY_VOICES, ...SWARM_VOICES };

describe("voices", () => {
  it("are each one voice: shared, or one theme's own, never both", () => {
    const names = [...Object.keys(SHARED_VOICES), ...Object.keys(COLONY_VOICES), ...Object.keys(SWARM_VOICES)];
    expect(new Set(names).size).toBe(names.length);
    for (const voice of VOICES) expect(names).toContain(voice);
    expect(() => playVoice(fakeKit().kit, {} as AudioNode, 0, { voice: "kazoo", midi: 62, velocity: 1, durationS: 1 })).toThrow(/no voice/);
  });


  for (const voice of VOICES) {
    it(`${voice}: its gains start at 0, only ramp, and end at 0 before its sources stop`, () => {
      const { kit, gains, sources } = fakeKit();
      const t = 2;
      const note: Note = { voice, midi: 62, velocity: 1, durationS: 0.5 };
      playVoice(kit, {} as AudioNode, t, note, OWN);
      expect(gains.length).toBeGreaterThan(0);
      expect(sources.length).toBeGreaterThan(0);
      /** The first gain a node's signal reaches (through filters). */
      const gainOf = (n: unknown): unknown => {
        if (gains.includes(n as never)) return n;
        const next = (n as FakeNode).outs?.[0];
        return next === undefined ? undefined : gainOf(next);
      };
      // Gains that scale sound (not a modulation depth wired into a parameter).
      const envelopes = gains.filter((g) => !(g as unknown as FakeNode).outs.some((o) => o instanceof FakeParam));
      expect(envelopes.length).toBeGreaterThan(0);
      for (const g of envelopes) {
        const feeding = sources.filter((src) => gainOf(src) === g && !src.outs.some((o) => o instanceof FakeParam));
        expect(feeding.length).toBeGreaterThan(0);
        const lastStop = Math.min(...feeding.map((src) => src.stopAt ?? Number.POSITIVE_INFINITY));
        const ev = g.gain.events.filter((e) => e.kind !== "assign");
        const assigned = g.gain.events.filter((e) => e.kind === "assign");
        expect(assigned.every((e) => e.value === 0)).toBe(true);
        expect(ev[0]).toMatchObject({ kind: "set", value: 0 });
        expect(ev[0]?.time).toBeGreaterThanOrEqual(t);
        let level = 0;
        for (const e of ev.slice(1)) {
          // A set may only hold the level a ramp reached: no step.
          if (e.kind === "set") expect(e.value).toBe(level);
          expect(e.kind).not.toBe("target");
          level = e.value;
        }
        const last = ev[ev.length - 1];
        expect(last?.value).toBe(0);
        expect(last?.time).toBeLessThanOrEqual(lastStop);
        // Ramps take at least 2 ms each.
        for (let i = 1; i < ev.length; i++) {
          const a = ev[i - 1];
          const b = ev[i];
          if (a && b && b.kind !== "set" && Math.abs(b.value - a.value) > 1e-3) expect(b.time - a.time).toBeGreaterThanOrEqual(0.002);
        }
      }
      for (const s of sources) {
        expect(s.startAt).toBeGreaterThanOrEqual(t);
        expect(s.stopAt).toBeGreaterThan(s.startAt ?? 0);
      }
    });
  }
});
