// The viewer's debug hook (debug/hook.ts) wired to its live state: the getters read the app, its
// worlds' views and its controls whenever a test or a curious person asks. A world's own part is
// its view's (WorldView.debugState, under its name while it is shown; WorldView.debugParts, its
// entries at the top and its part of the experience, always).
import { installDebugHook, type DebugPage, type ExperienceDebug, type MeadowDebug, type WorldDebugName, type WorldDebugParts, type WorldHookEntries } from "../debug/hook";
import type { ViewerApp } from "./viewer-app";

export function installViewerDebug(app: ViewerApp): void {
  const first = app.worlds.views[0];
  const page: DebugPage = {
    sessionId: () => app.sessionId,
    videoOffered: () => app.lightCodecs.video,
    videoProblem: () => app.lightCodecs.problem,
    shown: () => app.shown?.name,
  };
  const parts: WorldDebugParts[] = app.worlds.views.flatMap((v) => (v.debugParts ? [v.debugParts(page)] : []));
  const source: Omit<MeadowDebug, WorldDebugName | keyof WorldHookEntries> = {
    get connected() {
      return app.connection.state.kind === "connected";
    },
    get framesReceived() {
      return app.framesReceived;
    },
    get rocks() {
      return app.rocks;
    },
    get sentActions() {
      return app.controls.sentActions;
    },
    get notices() {
      return app.notices;
    },
    get worldBounds() {
      return app.world;
    },
    get camera() {
      return app.viewport.view;
    },
    get cameraTarget() {
      return app.camera.targetRect;
    },
    get helpVisible() {
      return app.controls.helpVisible;
    },
    get sessionId() {
      return app.sessionId?.toString();
    },
    get viewers() {
      return (app.shown ?? first)?.viewers;
    },
    get world() {
      return (app.shown ?? first)?.name ?? app.worldChoice.chosen;
    },
    get worlds() {
      return app.worldChoice.offered;
    },
    get chosenWorld() {
      return app.worldChoice.chosen;
    },
    get latencyMs() {
      return app.latencyMs;
    },
    get breeze() {
      return app.breeze;
    },
    get air() {
      return { motes: app.air.drawnMotes, streaks: app.air.drawnStreaks, carriedS: app.air.carriedS };
    },
    get tool() {
      return app.controls.activeTool.name;
    },
    get hovering() {
      return app.controls.hovering;
    },
    get look() {
      return { covers: app.look.covers, ...app.look.look };
    },
    get experience(): ExperienceDebug {
      const g = app.ground;
      const worlds = parts.map((p) => p.experience?.() ?? {});
      return Object.assign(
        {
          palette: app.paletteChoice.palette.name,
          started: app.startCard.isStarted,
          kiosk: app.kiosk !== undefined,
          moreOpen: app.controls.moreOpen,
          ground: { pending: g.pending, tiles: g.tilesPainted, longestFrameMs: g.longestFrameMs, paintMs: g.paintMs, worker: g.inWorker },
          keepUp: app.keptUp,
        },
        ...worlds,
        { timings: Object.assign({ frame: app.frameTimes.snapshot() }, ...worlds.map((w) => w.timings ?? {})) },
      ) as ExperienceDebug;
    },
    get gallery() {
      return app.gallery.debug();
    },
    get replay() {
      return app.replay.debug(performance.now());
    },
    worldToScreen(x: number, y: number) {
      const box = app.el.stage.getBoundingClientRect();
      const p = app.viewport.worldToScreen(x, y);
      return { x: box.left + p.x, y: box.top + p.y };
    },
  };
  // Each world's entries at the top, read when asked.
  for (const p of parts) if (p.entries) Object.defineProperties(source, Object.getOwnPropertyDescriptors(p.entries));
  // Each world's own part, under its name, while it is shown (WorldView.debugState).
  for (const view of app.worlds.views) {
    if (!view.debugState) continue;
    Object.defineProperty(source, view.name, { enumerable: true, get: () => (app.shown === view ? view.debugState?.(app.sessionId) : undefined) });
  }
  installDebugHook(source as MeadowDebug);
}
