// The music's offline renderer and measures for the browser tests, bundled on the fly
// (e2e/music-page.ts) and put on a blank page as window.meadowMusic.
import { largestStep, onsetEnvelope, peakAbs, rms, tempoFromOnsets, tonePower } from "../src/music/audio-analysis";
import { renderMusic } from "../src/music/offline-render";

const api = { renderMusic, largestStep, onsetEnvelope, peakAbs, rms, tempoFromOnsets, tonePower };
export type MeadowMusicTestApi = typeof api;

declare global {
  interface Window {
    meadowMusic?: MeadowMusicTestApi;
  }
}

window.meadowMusic = api;
