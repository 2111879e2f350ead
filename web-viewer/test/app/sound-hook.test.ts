import { afterEach, describe, expect, it } from "vitest";
import { announceStart, onViewerStart, resetSoundHooks, setSoundToggle, toggleSound } from "../../src/app/sound-hook";

describe("sound hook", () => {
  afterEach(() => resetSoundHooks());

  it("says sound is coming while nothing is registered", () => {
    expect(toggleSound()).toBe("Sound is coming soon.");
  });

  it("calls the registered toggle and says what it answered", () => {
    let on = false;
    setSoundToggle(() => (on = !on));
    expect(toggleSound()).toBe("Sound on (m: off)");
    expect(toggleSound()).toBe("Sound off (m: on)");
    setSoundToggle(() => undefined);
    expect(toggleSound()).toBe("Sound toggled (m)");
    setSoundToggle(undefined);
    expect(toggleSound()).toBe("Sound is coming soon.");
  });

  it("runs every start handler, even after one throws", () => {
    const ran: string[] = [];
    onViewerStart(() => ran.push("a"));
    onViewerStart(() => {
      throw new Error("boom");
    });
    onViewerStart(() => ran.push("c"));
    announceStart();
    expect(ran).toEqual(["a", "c"]);
  });
});
