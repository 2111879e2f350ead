// The five tools (docs/rules.md "The tools"), their keys and how they are used: attract, flower,
// rock and frog act on a tap; the predator follows a held pointer (and, where a world says so, a
// hovering mouse: its WorldView's hoverTools). A world may take a tap tool held (an attract that
// feeds what lies under a held pointer): its WorldView says which (heldTools), heldIn applies it.
// What a tool does in each world is that world's to say (WorldView.help, worlds/world-help.ts).
import { Tool } from "../gen/meadow/v1/viewer_pb";

export type ToolName = "attract" | "flower" | "rock" | "predator" | "frog";

export interface ToolSpec {
  readonly tool: Tool;
  readonly name: ToolName;
  /** Key that selects it (keys 1–5). */
  readonly key: string;
  /** "tap": one action per click or tap; "hold": DOWN, MOVE…, UP while the pointer is held. */
  readonly gesture: "tap" | "hold";
  /** What it is, whatever the world; each world adds what it does there (worlds/world-help.ts). */
  readonly label: string;
  readonly icon: string;
}

export const TOOLS: readonly [ToolSpec, ToolSpec, ToolSpec, ToolSpec, ToolSpec] = [
  { tool: Tool.ATTRACT, name: "attract", key: "1", gesture: "tap", label: "Attract", icon: "◎" },
  { tool: Tool.FLOWER, name: "flower", key: "2", gesture: "tap", label: "Flower", icon: "✿" },
  { tool: Tool.ROCK, name: "rock", key: "3", gesture: "tap", label: "Rock: place one, or tap a rock to remove it", icon: "⬤" },
  { tool: Tool.PREDATOR, name: "predator", key: "4", gesture: "hold", label: "Predator: follows the mouse over the meadow (on touch, hold and move a finger)", icon: "✶" },
  // A world that keeps no frogs refuses the tool with a notice, as a world may refuse the predator.
  { tool: Tool.FROG, name: "frog", key: "5", gesture: "tap", label: "Frog", icon: "ᴥ" },
];

/**
 * The tools that follow a hovering mouse where a world takes them so: the predator
 * (docs/rules.md "The tools · Pointing").
 */
export const HOVERING_PREDATOR: ReadonlySet<ToolName> = new Set<ToolName>(["predator"]);

/** The tool a viewer starts with. */
export const DEFAULT_TOOL: ToolSpec = TOOLS[2];

export function toolForKey(key: string): ToolSpec | undefined {
  return TOOLS.find((t) => t.key === key);
}

export function toolByEnum(tool: Tool): ToolSpec | undefined {
  return TOOLS.find((t) => t.tool === tool);
}

/** The tool as a world takes it: held where that world holds it, else as the catalog says. */
export function heldIn(spec: ToolSpec, held: ReadonlySet<ToolName> | undefined): ToolSpec {
  return spec.gesture !== "hold" && held?.has(spec.name) ? { ...spec, gesture: "hold" } : spec;
}
