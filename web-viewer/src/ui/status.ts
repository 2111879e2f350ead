// The status line: link state first, then the figures (SPEC §7). Formatting is a pure
// function so it can be tested; the element is only touched when the text changes.
import type { ConnectionState } from "../net/connection";

export interface StatusFigures {
  readonly fireflies: number | undefined;
  /** The count asked for; shown as "→ target" while flocks arrive or leave. */
  readonly targetFireflies?: number | undefined;
  /** Food crumbs eaten since the server started. */
  readonly fed?: number | undefined;
  /** The swarm runs slower than its pace because the steps cannot keep up. */
  readonly slowed?: boolean | undefined;
  readonly framesPerSecond: number;
  readonly viewers: number | undefined;
  readonly latencyMs: number | undefined;
  readonly lightProblem: string | undefined;
  /** Set only while this device does not keep up (util/keep-up.ts): about how many fireflies it does. */
  readonly behind?: { readonly fireflies: number | undefined } | undefined;
  /** Watching the colony: its store and flowers (and `fireflies` is the colony's size). */
  readonly colony?: ColonyFigures | undefined;
}

export interface ColonyFigures {
  /** How full the stump's store is, 0 … 1. */
  readonly store: number;
  /** Flowers in bloom, as the server counts them (wilting ones too; not shoots, buds, withered). */
  readonly flowersInBloom: number;
  /** The colony died out; a spark sleeps in the stump. */
  readonly dormant: boolean;
}

const count = new Intl.NumberFormat("en-US");

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
      const parts: string[] = [];
      if (figures.colony) parts.push(...colonyParts(figures.colony, figures.fireflies));
      else parts.push(...swarmParts(figures));
      if (figures.behind) parts.splice(1, 0, behindText(figures.behind.fireflies));
      parts.push(`${figures.framesPerSecond.toFixed(0)} fps`);
      if (figures.viewers !== undefined) parts.push(`${figures.viewers} ${figures.viewers === 1 ? "viewer" : "viewers"}`);
      if (figures.latencyMs !== undefined) parts.push(`${Math.round(figures.latencyMs)} ms`);
      if (figures.lightProblem) parts.push(figures.lightProblem);
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

function fireflyText(now: number, target: number | undefined): string {
  if (target === undefined || target === now) return `${count.format(now)} fireflies`;
  return `${count.format(now)} → ${count.format(target)} fireflies`;
}

/**
 * A weak device, in words: how many fireflies it keeps up with, right after the count (so a
 * phone's short line still shows it). No advice to press ↓: the count is every viewer's, and
 * the swarm's light costs this device about the same at any count (one raster of at most
 * 480 × 270 pixels), so fewer fireflies would not help it much.
 */
export function behindText(fireflies: number | undefined): string {
  if (fireflies === undefined) return "this device is falling behind";
  return `this device keeps up with about ${count.format(fireflies)} ${fireflies === 1 ? "firefly" : "fireflies"}`;
}

function swarmParts(figures: StatusFigures): string[] {
  const parts: string[] = [];
  if (figures.fireflies !== undefined) parts.push(fireflyText(figures.fireflies, figures.targetFireflies));
  if (figures.slowed) parts.push("slowed");
  if (figures.fed !== undefined && figures.fed > 0) parts.push(`${count.format(figures.fed)} fed`);
  return parts;
}

function colonyParts(c: ColonyFigures, size: number | undefined): string[] {
  const who = c.dormant ? "dormant" : `${count.format(size ?? 0)} ${size === 1 ? "firefly" : "fireflies"}`;
  const n = c.flowersInBloom;
  const flowers = n === 0 ? "no flowers" : `${n} ${n === 1 ? "flower" : "flowers"}`;
  return [who, `store ${Math.round(c.store * 100)} %`, flowers];
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
