// The tests' world's own voice: a beacon's ping, a sine pluck with a fifth above it. Its own
// (Theme.voices), so that the test world proves a theme's voice reaches the sink by its name.
import { pluckEnvelope } from "../../../src/music/envelope";
import { midiToHz } from "../../../src/music/scales";
import { gain, osc, type VoiceTable } from "../../../src/music/voice-kit";

export const BEACON_VOICE = "beacon";

export const TEST_WORLD_VOICES: VoiceTable = {
  [BEACON_VOICE]: (k, out, t, n) => {
    const hz = midiToHz(n.midi);
    const g = gain(k, out);
    const end = pluckEnvelope(g.gain, t, 0.15 * n.velocity, 0.005, n.durationS);
    osc(k, "sine", hz, g, t, end);
    osc(k, "sine", hz * 1.5, g, t, end);
  },
};
