// The conductor's notes and fades as Web Audio: one bus per theme into the master (made when the
// theme first sounds), the breeze's brown noise (always running, from the first time a theme hears
// the wind, on that theme's bus, its level following the wind), and a voice for every note (the
// theme's own, else the shared ones of voices.ts). Works on an AudioContext and an
// OfflineAudioContext alike.
import { BREEZE_FOLLOW_S, breezeLevel } from "./breeze-sound";
import { applyRamp, LinearRamps } from "./linear-ramps";
import type { MusicWorld } from "./music-frame";
import { brownNoise, whiteNoise } from "./noise";
import type { Note, SoundSink } from "./sound-spec";
import type { VoiceKit, VoiceTable } from "./voice-kit";
import { playVoice } from "./voices";

export class WebAudioSink implements SoundSink {
  private readonly kit: VoiceKit;
  private readonly buses = new Map<MusicWorld, { node: GainNode; ramps: LinearRamps }>();
  private air: { gain: GainNode; filter: BiquadFilterNode } | undefined;
  private readonly ownVoices = new Map<MusicWorld, VoiceTable>();

  constructor(
    private readonly ctx: BaseAudioContext,
    private readonly out: AudioNode,
  ) {
    this.kit = { ctx, white: whiteNoise(ctx) };
  }

  private bus(theme: MusicWorld): { node: GainNode; ramps: LinearRamps } {
    let b = this.buses.get(theme);
    if (!b) {
      const node = this.ctx.createGain();
      node.gain.setValueAtTime(0, 0);
      node.connect(this.out);
      b = { node, ramps: new LinearRamps(0) };
      this.buses.set(theme, b);
    }
    return b;
  }

  learnVoices(theme: MusicWorld, voices: VoiceTable): void {
    this.ownVoices.set(theme, voices);
  }

  play(theme: MusicWorld, note: Note, atS: number): void {
    playVoice(this.kit, this.bus(theme).node, Math.max(atS, this.ctx.currentTime), note, this.ownVoices.get(theme));
  }

  fadeTheme(theme: MusicWorld, gain: number, fromS: number, toS: number): void {
    const b = this.bus(theme);
    applyRamp(b.node.gain, b.ramps, Math.max(fromS, this.ctx.currentTime), gain, toS);
  }

  breeze(theme: MusicWorld, strength: number, atS: number): void {
    const air = (this.air ??= this.startAir(theme));
    const level = breezeLevel(strength);
    const t = Math.max(atS, this.ctx.currentTime);
    air.gain.gain.setTargetAtTime(level.gain, t, BREEZE_FOLLOW_S);
    air.filter.frequency.setTargetAtTime(level.cutoffHz, t, BREEZE_FOLLOW_S);
  }

  /** The breeze's noise, from now on, on the bus of the theme that first heard the wind. */
  private startAir(theme: MusicWorld): { gain: GainNode; filter: BiquadFilterNode } {
    const calm = breezeLevel(0);
    const filter = this.ctx.createBiquadFilter();
    filter.type = "lowpass";
    filter.frequency.setValueAtTime(calm.cutoffHz, 0);
    const gain = this.ctx.createGain();
    gain.gain.setValueAtTime(calm.gain, 0);
    const air = this.ctx.createBufferSource();
    air.buffer = brownNoise(this.ctx);
    air.loop = true;
    air.connect(filter).connect(gain).connect(this.bus(theme).node);
    air.start(this.ctx.currentTime);
    return { gain, filter };
  }
}
