// The viewer's debug hook (debug/hook.ts) wired to its live state: the getters read the app, its
// worlds' views and its controls whenever a test or a curious person asks. A world's own part is
// its view's (WorldView.debugState).
import { installDebugHook, type MeadowDebug, type WorldDebugName } from "../debug/hook";
import type { ViewerApp } from "./viewer-app";

export function installViewerDebug(app: ViewerApp): void {
  const swarm = app.swarm;
  const colony = app.colony;
  const source: Omit<MeadowDebug, WorldDebugName> = {
    get connected() {
      return app.connection.state.kind === "connected";
    },
    get frames() {
      return swarm.light.framesShown;
    },
    get framesReceived() {
      return app.framesReceived;
    },
    get droppedFrames() {
      return swarm.light.dropped;
    },
    get decodeErrors() {
      return swarm.light.decodeErrors;
    },
    get rocks() {
      return app.rocks;
    },
    get rims() {
      return swarm.rimsShown;
    },
    get fireflies() {
      return swarm.state.figures?.count;
    },
    get targetCount() {
      return swarm.state.figures?.target;
    },
    get requestedCount() {
      return app.controls.requestedCount;
    },
    get weights() {
      return swarm.state.figures?.weights;
    },
    get speed() {
      return swarm.state.figures?.speed;
    },
    get trails() {
      const t = app.controls.trails;
      return {
        on: swarm.trailsOn,
        ids: swarm.trails.ids,
        points: swarm.trails.points,
        strokes: swarm.trailStrokesDrawn,
        recording: t.recordingNow,
        saved: t.saved,
      };
    },
    get settingsLocked() {
      return swarm.state.figures?.settingsLocked ?? false;
    },
    get marks() {
      return swarm.state.marks.map((m) => ({ id: m.id, tool: m.tool, x: m.x, y: m.y, radius: m.radius, own: m.owner === app.sessionId }));
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
    get boundsInFrames() {
      return swarm.state.boundsInFrames;
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
      return (app.shown ?? swarm).viewers;
    },
    get world() {
      return (app.shown ?? swarm).name;
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
    get lightAvailable() {
      return swarm.light.available;
    },
    get tool() {
      return app.controls.activeTool.name;
    },
    get hovering() {
      return app.controls.hovering;
    },
    get order() {
      const h = swarm.orderHistory;
      const caption = document.getElementById("phase-caption");
      return {
        latest: h.latest,
        samples: h.samples.length,
        thresholds: h.thresholds,
        announcement: swarm.lastAnnouncement,
        announcements: swarm.announcements,
        caption: caption && !caption.hidden ? (caption.textContent ?? undefined) : undefined,
      };
    },
    get look() {
      return { covers: app.look.covers, ...app.look.look };
    },
    get experience() {
      const g = app.ground;
      return {
        palette: app.paletteChoice.palette.name,
        started: app.startCard.isStarted,
        kiosk: app.kiosk !== undefined,
        moreOpen: app.controls.moreOpen,
        ground: { pending: g.pending, tiles: g.tilesPainted, longestFrameMs: g.longestFrameMs, paintMs: g.paintMs, worker: g.inWorker },
        light: {
          path: swarm.light.where,
          videoOffered: app.lightCodecs.video,
          videoProblem: app.lightCodecs.problem,
          framesByCodec: { ...swarm.light.framesByCodec },
          framesSkipped: swarm.light.skipped,
        },
        keepUp: app.keptUp,
        timings: {
          firstLightMs: swarm.light.firstLightMs,
          frame: app.frameTimes.snapshot(),
          decode: swarm.light.decodeTimes.snapshot(),
          lightDraw: swarm.light.drawTimes.snapshot(),
        },
      };
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
    firefliesNear(x: number, y: number, radius: number) {
      if (app.shown !== colony) return 0;
      return colony.frames.fireflies(performance.now()).filter((f) => Math.hypot(f.x - x, f.y - y) <= radius).length;
    },
  };
  // Each world's own part, under its name, while it is shown (WorldView.debugState).
  for (const view of app.worlds.views) {
    if (!view.debugState) continue;
    Object.defineProperty(source, view.name, { enumerable: true, get: () => (app.shown === view ? view.debugState?.(app.sessionId) : undefined) });
  }
  installDebugHook(source as MeadowDebug);
}
