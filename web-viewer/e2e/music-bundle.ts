// The music's offline renderer and measures for the browser tests, bundled on the fly
// (e2e/music-page.ts) and put on a blank page as window.meadowMusic.
import { largestStep, onsetEnvelope, peakAbs, rms, tempoFromOnsets, tonePower } from "../src/music/audio-analysis";
import { ColonyTheme } from "../src/music/colony/colony-theme";
import { MoldTheme } from "../src/music/mold/mold-theme";
import { renderMusic as render, type RenderRequest } from "../src/music/offline-render";
import { SwarmTheme } from "../src/music/swarm/swarm-theme";
import type { ThemeMaker } from "../src/music/theme";

/** The worlds' themes the recorded streams name (the views bring them in the viewer). */
const THEMES: readonly ThemeMaker[] = [(s, log) => new SwarmTheme(s, log), (s, log) => new ColonyTheme(s, log), (s, log) => new MoldTheme(s, log)];
const renderMusic = (req: RenderRequest) => render(req, THEMES);

const api = { renderMusic, largestStep, onsetEnvelope, peakAbs, rms, tempoFromOnsets, tonePower };
export type MeadowMusicTestApi = typeof api;

declare global {
  interface Window {
    meadowMusic?: MeadowMusicTestApi;
  }
}

window.meadowMusic = api;
