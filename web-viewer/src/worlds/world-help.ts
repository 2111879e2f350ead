// What a world says of itself in the help (h), the tool bar's hints and the phone's menu: what each
// tool does in it, its words for the keys it answers (its food, its count, its trails), rows of its
// own (its sliders, its gauge) and a line for the help's closing hint. The shared texts say what a
// tool or a key is; the worlds, in their registration's order, say what it does where.
import type { ToolName, ToolSpec } from "../tools/tool-catalog";
import type { KeyCommand } from "../ui/key-commands";

export interface WorldHelp {
  /** What a tool does in this world ("the fireflies circle the spot"). */
  readonly tools?: Partial<Readonly<Record<ToolName, string>>>;
  /** Its words for a key command it answers. */
  readonly keys?: Partial<Readonly<Record<KeyCommand["kind"], string>>>;
  /** Rows of its own in the help: what they are about, and what they say. */
  readonly rows?: readonly { readonly keys: string; readonly text: string }[];
  /** A sentence for the help's closing hint. */
  readonly hint?: string;
}

/** `base`, then what the worlds say of it, after a colon and between semicolons. */
function withHints(base: string, hints: readonly string[]): string {
  return hints.length === 0 ? base : `${base}${base.includes(":") ? "; " : ": "}${hints.join("; ")}`;
}

/** A tool's hint: what it is, and what it does in each world that says. */
export function toolLabel(spec: ToolSpec, helps: readonly WorldHelp[]): string {
  return withHints(spec.label, helps.flatMap((h) => h.tools?.[spec.name] ?? []));
}

/** A key's row in the help: its text, and each world's words for its command. */
export function keyText(text: string, kind: KeyCommand["kind"], helps: readonly WorldHelp[]): string {
  return withHints(text, helps.flatMap((h) => h.keys?.[kind] ?? []));
}
