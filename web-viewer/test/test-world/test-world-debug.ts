// The tests' world's part of the debug hook (window.__meadow.test): its figures, frames, light
// and drawings, typed from this folder as each world's *-debug.ts does.
import type { SettingsNow } from "../../src/settings/settings-panel-model";
import type { TestWorldFigures } from "./test-world-state";
import type { TestWorldView } from "./test-world-view";

export interface TestWorldDebug extends TestWorldFigures {
  readonly frames: number;
  readonly light: { readonly width: number; readonly height: number };
  readonly settings: SettingsNow | undefined;
  readonly drawings: number;
}

export function testWorldDebug(view: TestWorldView): TestWorldDebug | undefined {
  const s = view.state;
  const f = s.figures;
  if (!f) return undefined;
  return { ...f, frames: s.frames, light: { width: s.lightWidth, height: s.lightHeight }, settings: s.settings, drawings: view.drawings };
}

declare module "../../src/debug/hook" {
  interface WorldDebugs {
    readonly test: TestWorldDebug | undefined;
  }
}
