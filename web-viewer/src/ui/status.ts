// The status line: link state first, then the figures (docs/rules.md "The viewer · Status line").
// Formatting is a pure function so it can be tested; the element is only touched when the text
// changes.
import type { ConnectionState } from "../net/connection";

export interface StatusFigures {
  /** The shown world's own figures, in order (its WorldView's statusParts). */
  readonly world: readonly string[];
  readonly framesPerSecond: number;
  readonly viewers: number | undefined;
  readonly latencyMs: number | undefined;
  /** Something wrong with the shown world's drawing (its light hidden), said last. */
  readonly problem: string | undefined;
  /** Set only while this device does not keep up (util/keep-up.ts): about how many fireflies it does. */
  readonly behind?: { readonly fireflies: number | undefined } | undefined;
  /**
   * The server is up but its meadow is not: an edge server whose sim restarts (notice
   * "meadow_returning") until the next frame comes. The link is fine, so the line says so instead
   * of the figures, which stand still.
   */
  readonly returning?: boolean;
}

/** Whole numbers as the status line writes them: 3,000. */
export const formatCount = new Intl.NumberFormat("en-US").format;

export function statusText(state: ConnectionState, figures: StatusFigures, nowMs: number): string {
  switch (state.kind) {
    case "stopped":
      return "stopped";
    case "connecting":
      return state.attempt > 0 ? "Finding the meadow again…" : "Connecting to the meadow…";
    case "handshaking":
      return "Connecting to the meadow…";
    case "waiting": {
      const seconds = Math.max(1, Math.ceil((state.retryAt - nowMs) / 1000));
      return `${friendlyReason(state.reason)} — retrying in ${seconds} s`;
    }
    case "connected": {
      if (figures.returning) return "The meadow is coming back…";
      const parts = [...figures.world];
      if (figures.behind) parts.splice(1, 0, behindText(figures.behind.fireflies));
      parts.push(`${figures.framesPerSecond.toFixed(0)} fps`);
      if (figures.viewers !== undefined) parts.push(`${figures.viewers} ${figures.viewers === 1 ? "viewer" : "viewers"}`);
      if (figures.latencyMs !== undefined) parts.push(`${Math.round(figures.latencyMs)} ms`);
      if (figures.problem) parts.push(figures.problem);
      return parts.join(" · ");
    }
  }
}

/** The link's reasons (connection.ts) in words for people at a gallery wall. */
const FRIENDLY: Readonly<Record<string, string>> = {
  "server went away": "The meadow's server went away",
  "server unavailable": "The meadow's server cannot be reached",
  "server stopped answering": "The meadow stopped answering",
  "no welcome from the server": "The meadow's server did not answer",
};

export function friendlyReason(reason: string): string {
  const known = FRIENDLY[reason];
  if (known) return known;
  return reason.length > 0 ? reason[0]!.toUpperCase() + reason.slice(1) : "The link was lost";
}

/**
 * A weak device, in words: how many fireflies it keeps up with, right after the count (so a
 * phone's short line still shows it). No advice to press ↓: the count is every viewer's, and
 * a world's light costs this device about the same at any count (one raster of at most
 * 480 × 270 pixels), so fewer fireflies would not help it much.
 */
export function behindText(fireflies: number | undefined): string {
  if (fireflies === undefined) return "this device is falling behind";
  return `this device keeps up with about ${formatCount(fireflies)} ${fireflies === 1 ? "firefly" : "fireflies"}`;
}

export class StatusLine {
  private shown = "";

  constructor(private readonly element: HTMLElement) {}

  show(text: string): void {
    if (text === this.shown) return;
    this.shown = text;
    this.element.textContent = text;
  }
}
