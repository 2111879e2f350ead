import { describe, expect, it } from "vitest";
import { commandForKey, type KeyLike } from "../../src/ui/key-commands";

const key = (k: string, over: Partial<KeyLike> = {}): KeyLike => ({ key: k, ctrlKey: false, altKey: false, metaKey: false, ...over });

describe("commandForKey", () => {
  it("maps 1–5 to the tools", () => {
    const names = ["1", "2", "3", "4", "5"].map((k) => {
      const c = commandForKey(key(k));
      return c?.kind === "tool" ? c.spec.name : undefined;
    });
    expect(names).toEqual(["attract", "flower", "rock", "predator", "frog"]);
  });

  it("maps t to the live trails and r to recording them, once per press", () => {
    expect(commandForKey(key("t"))).toEqual({ kind: "trails" });
    expect(commandForKey(key("T"))).toEqual({ kind: "trails" });
    expect(commandForKey(key("r"))).toEqual({ kind: "record" });
    expect(commandForKey(key("t", { repeat: true }))).toBeUndefined();
    expect(commandForKey(key("r", { ctrlKey: true }))).toBeUndefined();
  });

  it("maps the arrows to the count, h to help, x to fullscreen", () => {
    expect(commandForKey(key("ArrowUp"))).toEqual({ kind: "count", direction: "more" });
    expect(commandForKey(key("ArrowDown"))).toEqual({ kind: "count", direction: "fewer" });
    expect(commandForKey(key("h"))).toEqual({ kind: "help" });
    expect(commandForKey(key("x"))).toEqual({ kind: "fullscreen" });
    expect(commandForKey(key("Escape"))).toEqual({ kind: "close" });
  });

  it("maps w (either case) to the world switch, once per press", () => {
    expect(commandForKey(key("w"))).toEqual({ kind: "world" });
    expect(commandForKey(key("W"))).toEqual({ kind: "world" });
    expect(commandForKey(key("w", { repeat: true }))).toBeUndefined();
    expect(commandForKey(key("w", { ctrlKey: true }))).toBeUndefined();
  });

  it("maps n (either case) to the night replayed, once per press", () => {
    expect(commandForKey(key("n"))).toEqual({ kind: "replay" });
    expect(commandForKey(key("N"))).toEqual({ kind: "replay" });
    expect(commandForKey(key("n", { repeat: true }))).toBeUndefined();
    expect(commandForKey(key("n", { metaKey: true }))).toBeUndefined();
  });

  it("maps space to start, m to sound and p to the palette, once per press", () => {
    expect(commandForKey(key(" "))).toEqual({ kind: "start" });
    expect(commandForKey(key(" ", { targetTag: "BUTTON" }))).toBeUndefined();
    expect(commandForKey(key("m"))).toEqual({ kind: "sound" });
    expect(commandForKey(key("M"))).toEqual({ kind: "sound" });
    expect(commandForKey(key("p"))).toEqual({ kind: "palette" });
    expect(commandForKey(key("m", { repeat: true }))).toBeUndefined();
    expect(commandForKey(key("p", { altKey: true }))).toBeUndefined();
  });

  it("maps f (either case) to throwing food, once per press", () => {
    expect(commandForKey(key("f"))).toEqual({ kind: "food" });
    expect(commandForKey(key("F"))).toEqual({ kind: "food" });
    expect(commandForKey(key("f", { repeat: true }))).toBeUndefined();
    expect(commandForKey(key("f", { ctrlKey: true }))).toBeUndefined();
  });

  it("leaves arrows to a focused slider and ignores held-down repeats of the count", () => {
    expect(commandForKey(key("ArrowUp", { targetTag: "INPUT" }))).toBeUndefined();
    expect(commandForKey(key("ArrowDown", { targetTag: "input" }))).toBeUndefined();
    expect(commandForKey(key("ArrowUp", { targetTag: "BODY" }))).toEqual({ kind: "count", direction: "more" });
    expect(commandForKey(key("ArrowUp", { repeat: true }))).toBeUndefined();
  });

  it("stays out of browser shortcuts and keys it does not have", () => {
    expect(commandForKey(key("1", { ctrlKey: true }))).toBeUndefined();
    expect(commandForKey(key("x", { metaKey: true }))).toBeUndefined();
    expect(commandForKey(key("6"))).toBeUndefined();
  });
});
