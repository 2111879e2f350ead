import { describe, expect, it } from "vitest";
import { isKiosk } from "../../src/app/kiosk";
import { commandForKey, type KeyLike } from "../../src/ui/key-commands";

const key = (k: string, over: Partial<KeyLike> = {}): KeyLike => ({ key: k, ctrlKey: false, altKey: false, metaKey: false, ...over });

describe("sound keys and kiosk", () => {
  it("m (either case) toggles sound, once per press, not with a modifier", () => {
    expect(commandForKey(key("m"))).toEqual({ kind: "sound" });
    expect(commandForKey(key("M"))).toEqual({ kind: "sound" });
    expect(commandForKey(key("m", { repeat: true }))).toBeUndefined();
    expect(commandForKey(key("m", { ctrlKey: true }))).toBeUndefined();
  });

  it("kiosk mode is ?kiosk=1", () => {
    expect(isKiosk("?kiosk=1")).toBe(true);
    expect(isKiosk("?x=2&kiosk=1")).toBe(true);
    expect(isKiosk("?kiosk=0")).toBe(false);
    expect(isKiosk("")).toBe(false);
  });
});
