import { describe, expect, it } from "vitest";
import { barHasHarmony } from "../../src/music/harmony";
import { D3_MIDI, LYDIAN, MIXOLYDIAN, inScale, midiToHz, scaleNote, triad } from "../../src/music/scales";
import { MAX_TEMPO_STEP_PER_BAR_BPM, nextBarTempo } from "../../src/music/tempo";
import { breezeLevel } from "../../src/music/breeze-sound";
import { layerEntryBar, layersAt, SWARM_LAYERS, LOOP_BARS, LOOPS_PER_LAYER } from "../../src/music/swarm/swarm-build";

describe("scales", () => {
  it("D lydian is D E F♯ G♯ A B C♯, D mixolydian D E F♯ G A B C", () => {
    const names = ["C", "C♯", "D", "D♯", "E", "F", "F♯", "G", "G♯", "A", "A♯", "B"];
    const spell = (mode: readonly number[]) => [0, 1, 2, 3, 4, 5, 6].map((d) => names[scaleNote(D3_MIDI, mode, d) % 12]).join(" ");
    expect(spell(LYDIAN)).toBe("D E F♯ G♯ A B C♯");
    expect(spell(MIXOLYDIAN)).toBe("D E F♯ G A B C");
  });

  it("counts degrees across octaves, below the tonic too", () => {
    expect(scaleNote(D3_MIDI, LYDIAN, 7)).toBe(D3_MIDI + 12);
    expect(scaleNote(D3_MIDI, LYDIAN, -1)).toBe(D3_MIDI - 1); // C♯2
    expect(scaleNote(D3_MIDI, MIXOLYDIAN, -1)).toBe(D3_MIDI - 2); // C2
  });

  it("every note of every degree and triad is in its scale", () => {
    for (const mode of [LYDIAN, MIXOLYDIAN]) {
      for (let d = -10; d < 30; d++) {
        expect(inScale(scaleNote(D3_MIDI, mode, d), D3_MIDI, mode)).toBe(true);
        for (const m of triad(D3_MIDI, mode, d)) expect(inScale(m, D3_MIDI, mode)).toBe(true);
      }
    }
    expect(inScale(D3_MIDI + 5, D3_MIDI, LYDIAN)).toBe(false); // G is not in D lydian
    expect(inScale(D3_MIDI + 6, D3_MIDI, MIXOLYDIAN)).toBe(false); // G♯ is not in D mixolydian
  });

  it("tunes A4 to 440 Hz and an octave to a doubling", () => {
    expect(midiToHz(69)).toBeCloseTo(440, 9);
    expect(midiToHz(D3_MIDI + 12) / midiToHz(D3_MIDI)).toBeCloseTo(2, 12);
    expect(midiToHz(D3_MIDI)).toBeCloseTo(146.83, 2);
  });
});

describe("tempo", () => {
  it("moves a bar's tempo towards the target by a bounded step", () => {
    expect(nextBarTempo(75, 76)).toBe(76);
    expect(nextBarTempo(75, 100)).toBe(75 + MAX_TEMPO_STEP_PER_BAR_BPM);
    expect(nextBarTempo(100, 60)).toBe(100 - MAX_TEMPO_STEP_PER_BAR_BPM);
  });
});

describe("harmony chance", () => {
  it("a bar gets one when its draw is under the chance", () => {
    expect(barHasHarmony(0.3, 0.29)).toBe(true);
    expect(barHasHarmony(0.3, 0.3)).toBe(false);
    expect(barHasHarmony(0, 0)).toBe(false);
  });
});

describe("breeze", () => {
  it("grows louder and brighter with the wind", () => {
    let prev = breezeLevel(0);
    for (let s = 0.1; s <= 1.0001; s += 0.1) {
      const l = breezeLevel(s);
      expect(l.gain).toBeGreaterThan(prev.gain);
      expect(l.cutoffHz).toBeGreaterThan(prev.cutoffHz);
      prev = l;
    }
    expect(breezeLevel(5)).toEqual(breezeLevel(1));
    expect(breezeLevel(Number.NaN)).toEqual(breezeLevel(0));
  });
});

describe("the swarm's build", () => {
  it("adds one layer every two loops, starting with the kick", () => {
    expect(layersAt(0, false)).toEqual(["kick"]);
    const perLayer = LOOP_BARS * LOOPS_PER_LAYER;
    expect(layersAt(perLayer - 1, false)).toEqual(["kick"]);
    expect(layersAt(perLayer, false)).toEqual(["kick", "hat"]);
    SWARM_LAYERS.forEach((l, i) => expect(layerEntryBar(l)).toBe(i * perLayer));
    expect(layersAt(1000, false)).toEqual(SWARM_LAYERS);
    expect(layersAt(0, true)).toEqual(SWARM_LAYERS);
  });
});
