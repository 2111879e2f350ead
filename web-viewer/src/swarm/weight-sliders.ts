// The swarm's sliders (docs/rules.md "The swarm · Sight and the three rules"): its three rules,
// separation, alignment, cohesion, each a factor of its default from 0 to 3, and the speed band's
// factor from 0.5 to 2 (the aquarium's speed setting). Changes go out throttled; the server's
// values show when a slider is left alone; all are disabled, with a lock, when the operator locked
// the settings.
import { lockIcon } from "../ui/lock-icon";
import { WeightSliderModel, type SwarmSliderName } from "./weight-slider-model";

export interface Weights {
  readonly separation: number;
  readonly alignment: number;
  readonly cohesion: number;
}

/** What the sliders show: the weights and the speed factor. */
export interface SliderValues extends Weights {
  readonly speed: number;
}

const NAMES: readonly SwarmSliderName[] = ["separation", "alignment", "cohesion", "speed"];
const LOCKED_TITLE = "Locked by the operator";

interface Row {
  readonly model: WeightSliderModel;
  readonly input: HTMLInputElement;
  readonly value: HTMLElement;
}

export class WeightSliders {
  private readonly rows: Row[] = [];
  private readonly lock: HTMLElement;
  private locked = false;

  constructor(
    private readonly panel: HTMLElement,
    private readonly send: (name: SwarmSliderName, value: number) => void,
  ) {
    const doc = panel.ownerDocument;
    this.lock = doc.createElement("span");
    this.lock.className = "lock";
    this.lock.append(lockIcon(doc), doc.createTextNode(" locked"));
    this.lock.title = LOCKED_TITLE;
    this.lock.hidden = true;
    panel.append(this.lock);
    for (const name of NAMES) this.rows.push(this.addRow(name));
  }

  /** Sends values that waited for the throttle; call once per animation frame. */
  flush(nowMs: number): void {
    for (const row of this.rows) {
      const v = row.model.flush(nowMs);
      if (v !== undefined) this.send(row.model.name, v);
    }
  }

  /** The server's figures: shown on sliders nobody is moving. */
  reflect(values: SliderValues, locked: boolean, nowMs: number): void {
    if (locked !== this.locked) this.setLocked(locked);
    for (const row of this.rows) {
      if (!row.model.reflects(nowMs)) continue;
      const v = values[row.model.name];
      if (!Number.isFinite(v)) continue;
      const text = v.toFixed(2);
      if (row.input.value !== String(v)) row.input.value = String(v);
      if (row.value.textContent !== text) row.value.textContent = text;
    }
  }

  private setLocked(locked: boolean): void {
    this.locked = locked;
    this.lock.hidden = !locked;
    this.panel.classList.toggle("locked", locked);
    for (const row of this.rows) {
      row.input.disabled = locked;
      row.input.title = locked ? LOCKED_TITLE : "";
    }
  }

  private addRow(name: SwarmSliderName): Row {
    const doc = this.panel.ownerDocument;
    const model = new WeightSliderModel(name);
    const label = doc.createElement("label");
    label.className = "weight";
    const caption = doc.createElement("span");
    caption.textContent = name;
    const input = doc.createElement("input");
    input.type = "range";
    input.min = String(model.range.min);
    input.max = String(model.range.max);
    input.step = String(model.range.step);
    input.value = "1";
    input.id = name === "speed" ? "swarm-speed" : `weight-${name}`;
    input.setAttribute("aria-label", name === "speed" ? "speed: factor of the fireflies' speed" : `${name} weight`);
    const value = doc.createElement("output");
    value.textContent = "1.00";
    label.append(caption, input, value);
    this.panel.append(label);

    const row: Row = { model, input, value };
    input.addEventListener("pointerdown", () => model.grab());
    input.addEventListener("input", () => {
      const v = Number(input.value);
      value.textContent = v.toFixed(2);
      const now = model.input(v, performance.now());
      if (now !== undefined) this.send(name, now);
    });
    const release = (): void => {
      const last = model.release(performance.now());
      if (last !== undefined) this.send(name, last);
    };
    input.addEventListener("change", release);
    input.addEventListener("pointerup", release);
    input.addEventListener("pointercancel", release);
    input.addEventListener("blur", release);
    return row;
  }
}
