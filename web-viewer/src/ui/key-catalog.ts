// Every key the viewer has (docs/rules.md "The viewer · Keys"), once: the help overlay lists these
// rows and the phone's "more" menu makes a button of each action, so the two cannot drift apart
// from the keys. A row says what the key is; the worlds say what it does in each (keyRows,
// WorldView.help).
import { TOOLS, type ToolName } from "../tools/tool-catalog";
import { keyText, toolLabel, type WorldHelp } from "../worlds/world-help";
import type { KeyCommand } from "./key-commands";

export interface KeyAction {
  /** The key as a KeyboardEvent's `key` (what a test presses). */
  readonly key: string;
  readonly command: KeyCommand;
  /** The "more" menu's button. */
  readonly button: string;
  /** Locked by the operator's settings lock (the count); tools carry their own lock. */
  readonly settings?: boolean;
  /** Locked with this tool (throwing food is the flower tool's taps). */
  readonly tool?: ToolName;
}

export interface KeyRow {
  /** The key(s) as the help shows them. */
  readonly keys: string;
  readonly text: string;
  readonly actions: readonly KeyAction[];
}

export const KEY_ROWS: readonly KeyRow[] = [
  { keys: "space", text: "Start (the card goes; kiosk mode starts by itself)", actions: [{ key: " ", command: { kind: "start" }, button: "▶ start" }] },
  ...TOOLS.map((t) => ({ keys: t.key, text: t.label, actions: [{ key: t.key, command: { kind: "tool", spec: t } as const, button: `${t.icon} ${t.name}` }] })),
  {
    keys: "f",
    text: "Throw food (the button at the bottom right too)",
    actions: [{ key: "f", command: { kind: "food" }, button: "⁂ throw food", tool: "flower" }],
  },
  {
    keys: "t",
    text: "Trails on / off",
    actions: [{ key: "t", command: { kind: "trails" }, button: "〰 trails" }],
  },
  {
    keys: "r",
    text: "Record trails (the button at the bottom right too)",
    actions: [{ key: "r", command: { kind: "record" }, button: "● record trails" }],
  },
  {
    keys: "↑ / ↓",
    text: "More / fewer",
    actions: [
      { key: "ArrowUp", command: { kind: "count", direction: "more" }, button: "↑ more", settings: true },
      { key: "ArrowDown", command: { kind: "count", direction: "fewer" }, button: "↓ fewer", settings: true },
    ],
  },
  { keys: "w", text: "Switch world: the next one on this meadow", actions: [{ key: "w", command: { kind: "world" }, button: "w world" }] },
  {
    keys: "n",
    text: "Tonight so far: the night replayed up to 60× fast, with a scrub bar; n again back to live",
    actions: [{ key: "n", command: { kind: "replay" }, button: "◷ tonight so far" }],
  },
  { keys: "m", text: "Sound on / off", actions: [{ key: "m", command: { kind: "sound" }, button: "♪ sound" }] },
  { keys: "p", text: "Palette: night meadow → Tropical → Arctic → Deep", actions: [{ key: "p", command: { kind: "palette" }, button: "◐ palette" }] },
  { keys: "x", text: "Fullscreen on / off", actions: [{ key: "x", command: { kind: "fullscreen" }, button: "⤢ fullscreen" }] },
  { keys: "i", text: "What you are looking at: the world's idea and where it comes from", actions: [{ key: "i", command: { kind: "card" }, button: "ⓘ about" }] },
  { keys: "h", text: "This help", actions: [{ key: "h", command: { kind: "help" }, button: "? help" }] },
];

/** The rows as the help shows them: each with what the worlds say its key does in them. */
export function keyRows(helps: readonly WorldHelp[]): KeyRow[] {
  return KEY_ROWS.map((row) => {
    const command = row.actions[0]?.command;
    if (!command) return row;
    const text = command.kind === "tool" ? toolLabel(command.spec, helps) : keyText(row.text, command.kind, helps);
    return { ...row, text };
  });
}

/** A stable name for an action (data-action on its button). */
export function actionId(a: KeyAction): string {
  const c = a.command;
  if (c.kind === "tool") return `tool-${c.spec.name}`;
  if (c.kind === "count") return `count-${c.direction}`;
  return c.kind;
}
