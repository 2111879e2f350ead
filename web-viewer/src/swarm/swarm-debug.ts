// The swarm's entries at the top of the debug hook (window.__meadow.frames, .marks, .weights,
// .trails, .order, …, and its light in .experience): they were the hook's first entries, when the
// swarm was the only world, and tests and people read them there, whichever world is shown.
import type { DebugPage, DurationDebug, MarkDebug, WorldDebugParts } from "../debug/hook";
import type { LightWhere } from "../render/light-host";
import type { RimView } from "../render/rock-rims";
import type { SwarmControls } from "./swarm-controls";
import type { SwarmView } from "./swarm-view";
import type { Weights } from "./weight-sliders";

/**
 * The swarm's trails (docs/rules.md "The swarm · Trails"): the live layer (t) and the recordings
 * (r).
 */
export interface TrailsDebug {
  /** The live layer is on. */
  readonly on: boolean;
  /** Fireflies followed and points kept; strokes drawn in the latest redraw. */
  readonly ids: number;
  readonly points: number;
  readonly strokes: number;
  /** A recording is under way. */
  readonly recording: boolean;
  /** Recordings saved since the page loaded: the file and how many polylines it holds. */
  readonly saved: readonly { readonly fileName: string; readonly polylines: number; readonly trails: number }[];
}

/** The swarm's order parameter on screen (docs/rules.md "The swarm · Measures"). */
export interface OrderDebug {
  /** The latest frame's, 0 … 1. */
  readonly latest: number | undefined;
  /** Points of the last minute's trace. */
  readonly samples: number;
  /** Thresholds whose crossings were announced. */
  readonly thresholds: readonly number[];
  /** What the latest crossing said, and the caption on screen now (undefined once it faded). */
  readonly announcement: string | undefined;
  readonly caption: string | undefined;
  /** Crossings said on screen since the page loaded. */
  readonly announcements: number;
}

/** The swarm's light: where it is decoded and drawn, and in which codecs it comes. */
export interface LightDebug {
  /** Its worker, or the main thread (the fallback, or `?light=main`). */
  readonly path: LightWhere;
  /** Whether the Hello offers the server VP9 video now (not with `?light=zstd`, nor after a decoder failed). */
  readonly videoOffered: boolean;
  /** Why video was turned off: the video decoder's failure; undefined while none failed. */
  readonly videoProblem: string | undefined;
  /** The swarm's light frames shown since the page loaded, by the codec they came in. */
  readonly framesByCodec: { readonly zstd: number; readonly vp9: number };
  /** Video frames of upper temporal layers it left out while decoding was behind. */
  readonly framesSkipped: number;
}

/** The swarm's entries at the top of the hook. */
export interface SwarmHookEntries {
  /** Light frames decoded and shown since the page loaded. */
  readonly frames: number;
  readonly droppedFrames: number;
  readonly decodeErrors: number;
  readonly lightAvailable: boolean;
  /** The rocks' rim light as drawn in the latest animation frame. */
  readonly rims: readonly RimView[];
  /** Every viewer's marks in the latest frame. */
  readonly marks: readonly MarkDebug[];
  readonly fireflies: number | undefined;
  /** The server's target_count (its count when it sends none). */
  readonly targetCount: number | undefined;
  /** The last count this viewer asked for with ↑/↓. */
  readonly requestedCount: number | undefined;
  readonly weights: Weights | undefined;
  /** The swarm's speed factor as its latest frame says (0.5 … 2). */
  readonly speed: number | undefined;
  readonly trails: TrailsDebug;
  readonly settingsLocked: boolean;
  /** Whether frames carry the world's bounds (a server with the growing world). */
  readonly boundsInFrames: boolean;
  /** The swarm's order parameter as its trace keeps it, and what its latest crossing said. */
  readonly order: OrderDebug;
}

/** The swarm's light timings, ms. */
export interface SwarmTimings {
  /** From navigation start to the first light frame drawn; undefined before it. */
  readonly firstLightMs: number | undefined;
  /** Decoding one light frame (decompress, delta, raster; a video frame: copying its picture out), on the light's thread. */
  readonly decode: DurationDebug;
  /** Drawing the light once (WebGL2 calls), on the light's thread. */
  readonly lightDraw: DurationDebug;
}

declare module "../debug/hook" {
  interface WorldHookEntries extends SwarmHookEntries {}
  interface WorldExperience {
    readonly light: LightDebug;
  }
  interface WorldTimings extends SwarmTimings {}
}

/** The swarm's parts of the hook; `controls()`: its controls, once the page made them. */
export function swarmDebugParts(swarm: SwarmView, controls: () => SwarmControls | undefined, page: DebugPage): WorldDebugParts {
  const entries: SwarmHookEntries = {
    get frames() {
      return swarm.light.framesShown;
    },
    get droppedFrames() {
      return swarm.light.dropped;
    },
    get decodeErrors() {
      return swarm.light.decodeErrors;
    },
    get lightAvailable() {
      return swarm.light.available;
    },
    get rims() {
      return swarm.rimsShown;
    },
    get marks() {
      return swarm.state.marks.map((m) => ({ id: m.id, tool: m.tool, x: m.x, y: m.y, radius: m.radius, own: m.owner === page.sessionId() }));
    },
    get fireflies() {
      return swarm.state.figures?.count;
    },
    get targetCount() {
      return swarm.state.figures?.target;
    },
    get requestedCount() {
      return controls()?.requestedCount;
    },
    get weights() {
      return swarm.state.figures?.weights;
    },
    get speed() {
      return swarm.state.figures?.speed;
    },
    get trails() {
      const t = controls()?.trails;
      return {
        on: swarm.trailsOn,
        ids: swarm.trails.ids,
        points: swarm.trails.points,
        strokes: swarm.trailStrokesDrawn,
        recording: t?.recordingNow ?? false,
        saved: t?.saved ?? [],
      };
    },
    get settingsLocked() {
      return swarm.state.figures?.settingsLocked ?? false;
    },
    get boundsInFrames() {
      return swarm.state.boundsInFrames;
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
  };
  return {
    entries,
    experience: () => ({
      light: {
        path: swarm.light.where,
        videoOffered: page.videoOffered(),
        videoProblem: page.videoProblem(),
        framesByCodec: { ...swarm.light.framesByCodec },
        framesSkipped: swarm.light.skipped,
      },
      timings: {
        firstLightMs: swarm.light.firstLightMs,
        decode: swarm.light.decodeTimes.snapshot(),
        lightDraw: swarm.light.drawTimes.snapshot(),
      },
    }),
  };
}
