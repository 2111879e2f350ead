// Pointer and keyboard input for tools: a click or tap on the stage becomes a world position
// for the active tool; number keys select tools. Taps outside the world (the letterbox) are
// ignored, because the server would reject them anyway.
import type { Point, Viewport } from "../render/viewport";
import type { MeadowTool } from "./rock-tool";

export class ToolInput {
  private active: MeadowTool;

  constructor(
    stage: HTMLElement,
    private readonly tools: readonly [MeadowTool, ...MeadowTool[]],
    private readonly viewport: () => Viewport,
    private readonly onRefused: (tool: MeadowTool) => void,
  ) {
    this.active = tools[0];
    stage.addEventListener("click", (ev) => this.onClick(stage, ev));
    window.addEventListener("keydown", (ev) => this.onKey(ev));
  }

  get activeTool(): MeadowTool {
    return this.active;
  }

  private onClick(stage: HTMLElement, ev: MouseEvent): void {
    const box = stage.getBoundingClientRect();
    const vp = this.viewport();
    const world: Point = vp.screenToWorld(ev.clientX - box.left, ev.clientY - box.top);
    if (!vp.containsWorld(world)) return;
    if (!this.active.tap(world)) this.onRefused(this.active);
  }

  private onKey(ev: KeyboardEvent): void {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const tool = this.tools.find((t) => t.key === ev.key);
    if (tool) this.active = tool;
  }
}
