// The mold's part of the debug hook (window.__meadow.mold): its latest frame's snapshot, its light,
// its marks and its settings panel, while it is shown.
import type { MarkDebug } from "../debug/hook";
import type { MoldSnapshot } from "./mold-state";
import type { MoldView } from "./mold-view";

/** The mold as its latest frame has it (while the mold is shown): its snapshot, and more. */
export interface MoldDebug extends MoldSnapshot {
  /** Mold frames taken, and its light frames decoded and shown, since the page loaded. */
  readonly frames: number;
  readonly lightFrames: number;
  readonly droppedFrames: number;
  readonly decodeErrors: number;
  readonly lightAvailable: boolean;
  /** Every viewer's marks in the mold: flakes (with what is left of them), held pointers. */
  readonly marks: readonly (MarkDebug & { readonly amount: number })[];
  /** Its settings panel: out, and where (on its own, or in the phone's ⋯ menu). */
  readonly panel: { readonly visible: boolean; readonly inMenu: boolean };
}

/** The mold's part of the debug hook; undefined before its first frame. */
export function moldDebug(mold: MoldView, sessionId: bigint | undefined): MoldDebug | undefined {
  const m = mold.state.snapshot;
  if (!m) return undefined;
  const light = mold.light;
  const panel = document.getElementById("mold-settings");
  return {
    frames: mold.state.frames,
    lightFrames: light?.framesShown ?? 0,
    droppedFrames: light?.dropped ?? 0,
    decodeErrors: light?.decodeErrors ?? 0,
    lightAvailable: light?.available ?? false,
    ...m,
    marks: mold.state.marks.map((k) => ({ id: k.id, tool: k.tool, x: k.x, y: k.y, radius: k.radius, amount: k.amount, own: k.owner === sessionId })),
    panel: { visible: panel !== null && !panel.hidden, inMenu: panel?.parentElement?.id === "more" },
  };
}

declare module "../debug/hook" {
  interface WorldDebugs {
    readonly mold: MoldDebug | undefined;
  }
}
