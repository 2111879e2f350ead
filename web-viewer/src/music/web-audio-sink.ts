// The conductor's notes and fades as Web Audio: one bus per theme into the master, the breeze's
// brown noise (always running on the colony's bus, its level following the wind), and a voice
// for every note (voices.ts). Works on an AudioContext and an OfflineAudioContext alike.
import { BREEZE_FOLLOW_S, breezeLevel } from "./breeze-sound";
import { applyRamp, LinearRamps } from "./linear-ramps";
import type { MusicWorld } from "./music-frame";
import { brownNoise, whiteNoise } from "./noise";
import type { Note, SoundSink } from "./sound-spec";
import { playVoice, type VoiceKit } from "./voices";

export class WebAudioSink implements SoundSink {
  private readonly kit: VoiceKit;
  private readonly buses: Record<MusicWorld, { node: GainNode; ramps: LinearRamps }>;
  private readonly breezeGain: GainNode;
  private readonly breezeFilter: BiquadFilterNode;

  constructor(
    private readonly ctx: BaseAudioContext,
    out: AudioNode,
  ) {
    this.kit = { ctx, white: whiteNoise(ctx) };
    const bus = (): { node: GainNode; ramps: LinearRamps } => {
      const node = ctx.createGain();
      node.gain.setValueAtTime(0, 0);
      node.connect(out);
      return { node, ramps: new LinearRamps(0) };
    };
    this.buses = { colony: bus(), swarm: bus(), mold: bus() };
    const calm = breezeLevel(0);
    this.breezeFilter = ctx.createBiquadFilter();
    this.breezeFilter.type = "lowpass";
    this.breezeFilter.frequency.setValueAtTime(calm.cutoffHz, 0);
    this.breezeGain = ctx.createGain();
    this.breezeGain.gain.setValueAtTime(calm.gain, 0);
    const air = ctx.createBufferSource();
    air.buffer = brownNoise(ctx);
    air.loop = true;
    air.connect(this.breezeFilter).connect(this.breezeGain).connect(this.buses.colony.node);
    air.start(ctx.currentTime);
  }

  play(theme: MusicWorld, note: Note, atS: number): void {
    playVoice(this.kit, this.buses[theme].node, Math.max(atS, this.ctx.currentTime), note);
  }

  fadeTheme(theme: MusicWorld, gain: number, fromS: number, toS: number): void {
    const b = this.buses[theme];
    applyRamp(b.node.gain, b.ramps, Math.max(fromS, this.ctx.currentTime), gain, toS);
  }

  breeze(strength: number, atS: number): void {
    const level = breezeLevel(strength);
    const t = Math.max(atS, this.ctx.currentTime);
    this.breezeGain.gain.setTargetAtTime(level.gain, t, BREEZE_FOLLOW_S);
    this.breezeFilter.frequency.setTargetAtTime(level.cutoffHz, t, BREEZE_FOLLOW_S);
  }
}
