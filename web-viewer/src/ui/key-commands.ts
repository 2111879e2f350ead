// Keys → commands (docs/rules.md "The viewer · Keys"). Pure, so the mapping can be tested; arrows
// are left to a focused slider, and nothing fires with Ctrl, Alt or Meta held (browser shortcuts
// stay the browser's).
import { toolForKey, type ToolSpec } from "../tools/tool-catalog";

export type KeyCommand =
  | { readonly kind: "tool"; readonly spec: ToolSpec }
  | { readonly kind: "count"; readonly direction: "more" | "fewer" }
  | { readonly kind: "food" }
  | { readonly kind: "trails" }
  | { readonly kind: "record" }
  | { readonly kind: "help" }
  | { readonly kind: "card" }
  | { readonly kind: "fullscreen" }
  | { readonly kind: "world" }
  | { readonly kind: "replay" }
  | { readonly kind: "start" }
  | { readonly kind: "sound" }
  | { readonly kind: "palette" }
  | { readonly kind: "close" };

export interface KeyLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
  readonly repeat?: boolean;
  /** The focused element's tag ("INPUT", …), if any. */
  readonly targetTag?: string | undefined;
}

const TEXT_ENTRY = new Set(["INPUT", "TEXTAREA", "SELECT"]);

export function commandForKey(ev: KeyLike): KeyCommand | undefined {
  if (ev.ctrlKey || ev.altKey || ev.metaKey) return undefined;
  const inControl = ev.targetTag !== undefined && TEXT_ENTRY.has(ev.targetTag.toUpperCase());
  switch (ev.key) {
    case "ArrowUp":
      return inControl || ev.repeat ? undefined : { kind: "count", direction: "more" };
    case "ArrowDown":
      return inControl || ev.repeat ? undefined : { kind: "count", direction: "fewer" };
    case "h":
    case "H":
    case "?":
      return ev.repeat ? undefined : { kind: "help" };
    case "i":
    case "I":
      return ev.repeat ? undefined : { kind: "card" };
    case "x":
    case "X":
      return ev.repeat ? undefined : { kind: "fullscreen" };
    case "w":
    case "W":
      return ev.repeat ? undefined : { kind: "world" };
    case "n":
    case "N":
      return ev.repeat ? undefined : { kind: "replay" };
    case " ":
      // Space on a focused button presses the button; elsewhere it starts.
      return ev.repeat || ev.targetTag?.toUpperCase() === "BUTTON" ? undefined : { kind: "start" };
    case "m":
    case "M":
      return ev.repeat ? undefined : { kind: "sound" };
    case "p":
    case "P":
      return ev.repeat ? undefined : { kind: "palette" };
    case "f":
    case "F":
      return ev.repeat ? undefined : { kind: "food" };
    case "t":
    case "T":
      return ev.repeat ? undefined : { kind: "trails" };
    case "r":
    case "R":
      return ev.repeat ? undefined : { kind: "record" };
    case "Escape":
      return { kind: "close" };
    default: {
      const spec = toolForKey(ev.key);
      return spec ? { kind: "tool", spec } : undefined;
    }
  }
}
