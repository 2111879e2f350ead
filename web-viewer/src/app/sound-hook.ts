// Where the music plugs in (docs/rules.md "The music"; written elsewhere): the m key and the start
// card call the handlers registered here. Until the music registers a toggle, m says that sound is
// coming. The music module calls `setSoundToggle(() => …)` and, to begin on the user's gesture
// (browsers only let audio start from one), `onViewerStart(() => …)`.

/** Turns the sound on or off; returns whether it is on now (or nothing if it cannot tell). */
export type SoundToggle = () => boolean | undefined | void;

let toggle: SoundToggle | undefined;
const startHandlers: (() => void)[] = [];

/** The music's on/off switch; `undefined` takes it away again. */
export function setSoundToggle(fn: SoundToggle | undefined): void {
  toggle = fn;
}

/** Called once when the viewer starts (space, a tap on the start card, or kiosk mode). */
export function onViewerStart(fn: () => void): void {
  startHandlers.push(fn);
}

/** m: what to say after the toggle ran (or the notice that sound is not there yet). */
export function toggleSound(): string {
  if (!toggle) return "Sound is coming soon.";
  const on = toggle();
  if (on === true) return "Sound on (m: off)";
  if (on === false) return "Sound off (m: on)";
  return "Sound toggled (m)";
}

/** Runs the start handlers; one that throws does not stop the others. */
export function announceStart(): void {
  for (const fn of startHandlers) {
    try {
      fn();
    } catch (e) {
      console.warn("a start handler failed", e);
    }
  }
}

/** For tests: forget every handler. */
export function resetSoundHooks(): void {
  toggle = undefined;
  startHandlers.length = 0;
}
