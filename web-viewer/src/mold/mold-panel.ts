// The mold's settings panel on the page (docs/mold.md "The model"): its sliders, the occupancy
// toggle and a button per preset, the current one lit; disabled with a note while the operator
// locks them. It is out only while the mold is watched (Controls shows the watched world's panel):
// at the bottom right on a desktop, inside the ⋯ menu on a phone. What it does is MoldPanelModel's;
// here it is only elements and their events.
import "./mold-panel.css";
import { moldSettingsBytes } from "../net/messages";
import type { NoticeLevel } from "../ui/notice";
import { placeByScreen } from "../ui/phone-placement";
import { lockIcon } from "../ui/weight-sliders";
import type { WorldPanel } from "../worlds/world-view";
import { MoldPanelModel, type MoldPanelView, type MoldPresetButton } from "./mold-panel-model";
import { MOLD_SLIDERS, SLIDER_POSITIONS, type MoldSliderName } from "./mold-setting-scales";
import type { MoldState } from "./mold-state";

export interface MoldPanelHooks {
  /** Returns whether the bytes went out (false while disconnected). */
  readonly send: (bytes: Uint8Array<ArrayBuffer>) => boolean;
  readonly say: (text: string, level: NoticeLevel) => void;
  /** The phone's ⋯ menu: the panel lives there on narrow or touch screens. */
  readonly menu: HTMLElement;
}

interface Row {
  readonly input: HTMLInputElement;
  readonly value: HTMLOutputElement;
}

export class MoldPanel implements WorldPanel {
  readonly element: HTMLElement;
  private readonly model: MoldPanelModel;
  private readonly rows = new Map<MoldSliderName, Row>();
  private readonly occupancy: HTMLInputElement;
  private readonly presets: HTMLElement;
  private readonly note: HTMLElement;
  private presetKey = "";
  private enabled: boolean | undefined;
  private placed = false;

  constructor(
    doc: Document,
    private readonly state: MoldState,
    private readonly hooks: MoldPanelHooks,
  ) {
    this.model = new MoldPanelModel((change) => {
      if (!hooks.send(moldSettingsBytes(change))) hooks.say("Not connected to the meadow yet: the mold's setting was not changed.", "warning");
    });
    const panel = doc.createElement("div");
    panel.id = "mold-settings";
    panel.setAttribute("role", "group");
    panel.setAttribute("aria-label", "The mold's settings");
    panel.hidden = true;
    const title = doc.createElement("div");
    title.className = "title";
    title.textContent = "the mold";
    panel.append(title);
    for (const name of MOLD_SLIDERS) this.rows.set(name, this.addRow(panel, name));
    this.occupancy = this.addToggle(panel);
    this.presets = doc.createElement("div");
    this.presets.className = "presets";
    panel.append(this.presets);
    this.note = doc.createElement("p");
    this.note.className = "note";
    this.note.append(lockIcon(doc), doc.createTextNode(" "));
    this.note.hidden = true;
    panel.append(this.note);
    this.element = panel;
  }

  get visible(): boolean {
    return !this.element.hidden;
  }

  /** Where it is now: on its own (desktop) or in the ⋯ menu (phone). */
  get where(): "desktop" | "menu" {
    return this.element.parentElement === this.hooks.menu ? "menu" : "desktop";
  }

  show(visible: boolean): void {
    // Placed when first shown, so in the ⋯ menu it follows the keys' buttons.
    if (visible && !this.placed) {
      this.placed = true;
      placeByScreen(this.element, this.element.ownerDocument.body, this.hooks.menu);
    }
    this.element.hidden = !visible;
  }

  tick(nowMs: number): void {
    this.model.take(this.state.snapshot);
    this.model.flush(nowMs);
    if (this.visible) this.render(this.model.view(nowMs));
  }

  private render(v: MoldPanelView): void {
    if (v.enabled !== this.enabled) {
      this.enabled = v.enabled;
      for (const row of this.rows.values()) row.input.disabled = !v.enabled;
      this.occupancy.disabled = !v.enabled;
      this.element.classList.toggle("locked", v.locked);
    }
    for (const r of v.rows) {
      const row = this.rows.get(r.name);
      if (!row || !r.reflect || r.position === undefined || r.text === undefined) continue;
      const position = String(r.position);
      if (row.input.value !== position) row.input.value = position;
      if (row.value.textContent !== r.text) row.value.textContent = r.text;
    }
    if (this.occupancy.checked !== v.occupancy) this.occupancy.checked = v.occupancy;
    this.renderPresets(v.presets, v.enabled);
    this.note.hidden = v.note === undefined;
    const text = this.note.lastChild;
    if (text && v.note !== undefined && text.textContent !== ` ${v.note}`) text.textContent = ` ${v.note}`;
  }

  private renderPresets(presets: readonly MoldPresetButton[], enabled: boolean): void {
    const key = presets.map((p) => `${p.name}\u0000${p.title}`).join("\u0001");
    if (key !== this.presetKey) {
      this.presetKey = key;
      this.presets.replaceChildren(...presets.map((p) => this.presetButton(p)));
    }
    for (const b of this.presets.querySelectorAll<HTMLButtonElement>("button")) {
      const current = presets.find((p) => p.name === b.dataset.preset)?.current ?? false;
      b.classList.toggle("current", current);
      b.setAttribute("aria-pressed", String(current));
      b.disabled = !enabled;
    }
  }

  private presetButton(p: MoldPresetButton): HTMLButtonElement {
    const b = this.element.ownerDocument.createElement("button");
    b.type = "button";
    b.dataset.preset = p.name;
    b.textContent = p.title;
    b.title = `Preset: ${p.title}`;
    // Buttons never keep focus, so keys keep going to the meadow.
    b.addEventListener("pointerdown", (ev) => ev.preventDefault());
    b.addEventListener("click", () => this.model.choosePreset(p.name));
    return b;
  }

  private addRow(panel: HTMLElement, name: MoldSliderName): Row {
    const doc = panel.ownerDocument;
    const scale = this.model.scale(name);
    const label = doc.createElement("label");
    label.className = "setting";
    const caption = doc.createElement("span");
    caption.textContent = scale.label;
    const input = doc.createElement("input");
    input.type = "range";
    input.min = "0";
    input.max = String(SLIDER_POSITIONS);
    input.step = "1";
    input.id = `mold-${name}`;
    input.disabled = true;
    input.setAttribute("aria-label", `the mold's ${scale.label}`);
    const value = doc.createElement("output");
    value.textContent = "–";
    label.append(caption, input, value);
    panel.append(label);

    input.addEventListener("pointerdown", () => this.model.grab(name));
    input.addEventListener("input", () => {
      value.textContent = this.model.input(name, Number(input.value), performance.now());
    });
    const release = (): void => this.model.release(name, performance.now());
    input.addEventListener("change", release);
    input.addEventListener("pointerup", release);
    input.addEventListener("pointercancel", release);
    input.addEventListener("blur", release);
    return { input, value };
  }

  private addToggle(panel: HTMLElement): HTMLInputElement {
    const doc = panel.ownerDocument;
    const label = doc.createElement("label");
    label.className = "toggle";
    const input = doc.createElement("input");
    input.type = "checkbox";
    input.id = "mold-occupancy";
    input.disabled = true;
    label.append(input, doc.createTextNode(" one agent per cell"));
    label.title = "Jones's occupancy rule: a blocked agent turns at random and leaves no trail";
    input.addEventListener("change", () => {
      // The server's value shows again on the next tick if the change did not go out.
      this.model.setOccupancy(input.checked, performance.now());
    });
    panel.append(label);
    return input;
  }
}
