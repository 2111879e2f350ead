// A world's settings panel on the page, built from its schema (SettingsPanelModel): a slider per
// number, a toggle per flag, a button per preset, the current one lit; disabled with a note while
// the operator locks them. Out only while its world is watched (Controls shows the watched
// world's panel): at the bottom right on a desktop, inside the ⋯ menu on a phone. Elements are
// named after the world and the setting (#<world>-settings, #<world>-<setting>), so a page or a test
// finds them. What it does is the model's; here it is only elements and their events.
import "./settings-panel.css";
import type { NoticeLevel } from "../ui/notice";
import { placeByScreen, worldPanelsDock } from "../ui/phone-placement";
import { lockIcon } from "../ui/lock-icon";
import type { WorldPanel } from "../worlds/world-view";
import { SettingsPanelModel, type PresetButton, type SettingsChangeOut, type SettingsPanelView, type SettingsSource } from "./settings-panel-model";
import { idPart, type SchemaView, type SettingSpecView } from "./settings-schema";
import { SLIDER_POSITIONS } from "./slider-scale";

export interface SettingsPanelHooks {
  /** Returns whether the change went out (false while disconnected). */
  readonly send: (change: SettingsChangeOut) => boolean;
  readonly say: (text: string, level: NoticeLevel) => void;
  /** The phone's ⋯ menu: the panel lives there on narrow or touch screens. */
  readonly menu: HTMLElement;
}

interface Row {
  readonly input: HTMLInputElement;
  readonly value: HTMLOutputElement;
}

export class SettingsPanel implements WorldPanel {
  readonly element: HTMLElement;
  readonly model: SettingsPanelModel;
  private readonly rows = new Map<string, Row>();
  private readonly toggles = new Map<string, HTMLInputElement>();
  private readonly presets: HTMLElement;
  private readonly note: HTMLElement;
  private presetKey = "";
  private enabled: boolean | undefined;
  private placed = false;

  constructor(
    doc: Document,
    readonly schema: SchemaView,
    private readonly source: SettingsSource,
    private readonly hooks: SettingsPanelHooks,
  ) {
    this.model = new SettingsPanelModel(schema, source, (change) => {
      if (!hooks.send(change)) hooks.say(`Not connected to the meadow yet: ${source.title}'s setting was not changed.`, "warning");
    });
    const panel = doc.createElement("div");
    panel.id = `${schema.world}-settings`;
    panel.className = "world-settings";
    panel.setAttribute("role", "group");
    panel.setAttribute("aria-label", `${capitalised(source.title)}'s settings`);
    panel.hidden = true;
    const title = doc.createElement("div");
    title.className = "title";
    title.textContent = source.title;
    panel.append(title);
    for (const spec of this.model.sliders) this.rows.set(spec.name, this.addRow(panel, spec));
    for (const spec of this.model.toggles) this.toggles.set(spec.name, this.addToggle(panel, spec));
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
      placeByScreen(this.element, worldPanelsDock(this.element.ownerDocument), this.hooks.menu);
    }
    this.element.hidden = !visible;
  }

  /** Takes it off the page (a new schema came). */
  remove(): void {
    this.element.remove();
  }

  tick(nowMs: number): void {
    this.model.take(this.source.now());
    this.model.flush(nowMs);
    if (this.visible) this.render(this.model.view(nowMs));
  }

  private render(v: SettingsPanelView): void {
    if (v.enabled !== this.enabled) {
      this.enabled = v.enabled;
      for (const row of this.rows.values()) row.input.disabled = !v.enabled;
      for (const toggle of this.toggles.values()) toggle.disabled = !v.enabled;
      this.element.classList.toggle("locked", v.locked);
    }
    for (const r of v.sliders) {
      const row = this.rows.get(r.name);
      if (!row || !r.reflect || r.position === undefined || r.text === undefined) continue;
      const position = String(r.position);
      if (row.input.value !== position) row.input.value = position;
      if (row.value.textContent !== r.text) row.value.textContent = r.text;
    }
    for (const t of v.toggles) {
      const input = this.toggles.get(t.name);
      if (input && input.checked !== t.on) input.checked = t.on;
    }
    this.renderPresets(v.presets, v.enabled);
    this.note.hidden = v.note === undefined;
    const text = this.note.lastChild;
    if (text && v.note !== undefined && text.textContent !== ` ${v.note}`) text.textContent = ` ${v.note}`;
  }

  private renderPresets(presets: readonly PresetButton[], enabled: boolean): void {
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

  private presetButton(p: PresetButton): HTMLButtonElement {
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

  private addRow(panel: HTMLElement, spec: SettingSpecView): Row {
    const doc = panel.ownerDocument;
    const label = doc.createElement("label");
    label.className = "setting";
    const hint = this.source.hint?.(spec.name);
    if (hint) label.title = hint;
    const caption = doc.createElement("span");
    caption.textContent = spec.label;
    const input = doc.createElement("input");
    input.type = "range";
    input.min = "0";
    input.max = String(SLIDER_POSITIONS);
    input.step = "1";
    input.id = `${this.schema.world}-${idPart(spec.name)}`;
    input.disabled = true;
    input.setAttribute("aria-label", `${this.source.title}'s ${spec.label}`);
    const value = doc.createElement("output");
    value.textContent = "–";
    label.append(caption, input, value);
    panel.append(label);

    const name = spec.name;
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

  private addToggle(panel: HTMLElement, spec: SettingSpecView): HTMLInputElement {
    const doc = panel.ownerDocument;
    const label = doc.createElement("label");
    label.className = "toggle";
    const hint = this.source.hint?.(spec.name);
    if (hint) label.title = hint;
    const input = doc.createElement("input");
    input.type = "checkbox";
    input.id = `${this.schema.world}-${idPart(spec.name)}`;
    input.disabled = true;
    label.append(input, doc.createTextNode(` ${spec.label}`));
    // The server's value shows again on the next tick if the change did not go out.
    input.addEventListener("change", () => this.model.setFlag(spec.name, input.checked, performance.now()));
    panel.append(label);
    return input;
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
