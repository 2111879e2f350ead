// The sound's controls on the page: a button (sound on / off, like m), a mute button and the
// master volume, top right. Built here, so the page's HTML does not change; styled by
// sound-panel.css.
import "./sound-panel.css";
import type { MusicPlayer } from "./music-player";

export class SoundPanel {
  readonly element: HTMLElement;
  private readonly power: HTMLButtonElement;
  private readonly mute: HTMLButtonElement;
  private readonly slider: HTMLInputElement;

  constructor(
    doc: Document,
    private readonly player: MusicPlayer,
  ) {
    this.element = doc.createElement("div");
    this.element.id = "sound";
    this.element.setAttribute("role", "group");
    this.element.setAttribute("aria-label", "Sound");
    this.power = doc.createElement("button");
    this.power.type = "button";
    this.power.id = "sound-toggle";
    this.power.addEventListener("click", () => player.toggle());
    this.mute = doc.createElement("button");
    this.mute.type = "button";
    this.mute.id = "sound-mute";
    this.mute.addEventListener("click", () => player.setMuted(!player.muted));
    this.slider = doc.createElement("input");
    this.slider.type = "range";
    this.slider.id = "sound-volume";
    this.slider.min = "0";
    this.slider.max = "1";
    this.slider.step = "0.01";
    this.slider.setAttribute("aria-label", "Volume");
    this.slider.addEventListener("input", () => player.setVolume(Number(this.slider.value)));
    // Arrow keys on the slider change the volume, not what they change in the world (key-commands leave focused inputs alone).
    this.element.append(this.power, this.mute, this.slider);
    doc.body.append(this.element);
    player.onChange(() => this.show());
    this.show();
  }

  private show(): void {
    const p = this.player;
    const state = p.state;
    this.power.textContent = state === "on" ? "♪ sound on" : state === "blocked" ? "♪ press m" : "♪ sound off";
    this.power.title = "Sound on / off (m)";
    this.power.setAttribute("aria-pressed", String(state === "on"));
    this.element.dataset.state = state;
    this.mute.textContent = p.muted ? "unmute" : "mute";
    this.mute.setAttribute("aria-pressed", String(p.muted));
    this.mute.disabled = state === "off";
    this.slider.disabled = state === "off";
    if (document.activeElement !== this.slider) this.slider.value = String(p.volume);
  }
}
