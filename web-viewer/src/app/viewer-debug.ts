// The viewer's debug hook (debug/hook.ts) wired to its live state: the getters read the app, its
// worlds' views and its controls whenever a test or a curious person asks.
import { activityCounts } from "../colony/colony-snapshot";
import { installDebugHook } from "../debug/hook";
import type { ViewerApp } from "./viewer-app";

export function installViewerDebug(app: ViewerApp): void {
  const swarm = app.swarm;
  const colony = app.colony;
  const mold = app.mold;
  installDebugHook({
    get connected() {
      return app.connection.state.kind === "connected";
    },
    get frames() {
      return swarm.light.framesShown;
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
    get colony() {
      const c = colony.frames.snapshot;
      if (app.shown !== colony || !c) return undefined;
      return {
        frames: colony.frames.frames,
        fireflies: c.fireflies.length,
        size: c.size,
        store: c.store,
        dormant: c.dormant,
        drawn: colony.layer.drawn,
        stump: c.stump,
        maxDroppedFlowers: c.maxDroppedFlowers,
        flowers: c.flowers.map((fl) => ({ id: fl.id, x: fl.x, y: fl.y, sips: fl.sips, sipsFull: fl.sipsFull, foragers: fl.foragers, inSync: fl.inSync, stage: fl.stage, growth: fl.growth, dropped: fl.dropped })),
        flowersInBloom: c.flowersInBloom,
        seeds: c.seeds.map((sd) => ({ id: sd.id, x: sd.x, y: sd.y, height: sd.height })),
        seedCarriers: c.fireflies.filter((f) => f.seed).length,
        activities: activityCounts(c.fireflies),
        frogs: c.frogs.map((f) => ({ id: f.id, x: f.x, y: f.y, hop: f.hop, gulp: f.gulp, reach: f.reach, own: f.owner === app.sessionId })),
        maxFrogs: c.maxFrogs,
        frogsDrawn: colony.layer.frogsDrawn,
      };
    },
    get mold() {
      const m = mold.state.snapshot;
      if (app.shown !== mold || !m) return undefined;
      const light = mold.light;
      const panel = document.getElementById("mold-settings");
      return {
        frames: mold.state.frames,
        lightFrames: light?.framesShown ?? 0,
        droppedFrames: light?.dropped ?? 0,
        decodeErrors: light?.decodeErrors ?? 0,
        lightAvailable: light?.available ?? false,
        ...m,
        marks: mold.state.marks.map((k) => ({ id: k.id, tool: k.tool, x: k.x, y: k.y, radius: k.radius, amount: k.amount, own: k.owner === app.sessionId })),
        panel: { visible: panel !== null && !panel.hidden, inMenu: panel?.parentElement?.id === "more" },
      };
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
    worldToScreen(x: number, y: number) {
      const box = app.el.stage.getBoundingClientRect();
      const p = app.viewport.worldToScreen(x, y);
      return { x: box.left + p.x, y: box.top + p.y };
    },
    firefliesNear(x: number, y: number, radius: number) {
      if (app.shown !== colony) return 0;
      return colony.frames.fireflies(performance.now()).filter((f) => Math.hypot(f.x - x, f.y - y) <= radius).length;
    },
  });
}
