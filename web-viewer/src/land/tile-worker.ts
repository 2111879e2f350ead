// The main thread's side of the ground worker (ground-worker.ts): starts it where the browser
// has Worker and OffscreenCanvas, hands it tile jobs and collects the painted bitmaps. Where it
// cannot start, or fails later, `available` turns false and the ground paints on the main
// thread instead (ground-layer.ts), re-asking for what was in flight.
import type { TileDone, TileJob } from "./tile-job";

export class TileWorker {
  private readonly worker: Worker | undefined;
  private failed = false;
  private readonly done: TileDone[] = [];
  /** Jobs sent and not answered yet, by "generation:i,j". */
  private readonly inFlight = new Map<string, TileJob>();

  constructor() {
    if (typeof Worker === "undefined" || typeof OffscreenCanvas === "undefined") return;
    try {
      const worker = new Worker(new URL("./ground-worker.ts", import.meta.url), { type: "module" });
      worker.addEventListener("message", (ev: MessageEvent<TileDone>) => {
        const d = ev.data;
        this.inFlight.delete(jobKey(d));
        this.done.push(d);
      });
      worker.addEventListener("error", (ev) => {
        ev.preventDefault();
        console.warn("the ground worker failed; painting on the main thread", ev.message);
        this.failed = true;
        worker.terminate();
      });
      this.worker = worker;
    } catch (e) {
      console.warn("no ground worker; painting on the main thread", e);
    }
  }

  get available(): boolean {
    return this.worker !== undefined && !this.failed;
  }

  /** Tiles asked for and not yet taken back: painting, or painted and waiting in `done`. */
  get busy(): number {
    return this.inFlight.size + this.done.length;
  }

  /** The tiles asked for and not back yet (any generation). */
  inFlightTiles(): { i: number; j: number }[] {
    return [...this.inFlight.values()].map((t) => ({ i: t.i, j: t.j }));
  }

  send(job: TileJob): void {
    if (!this.worker || this.failed) return;
    this.inFlight.set(jobKey(job), job);
    this.worker.postMessage(job);
  }

  /** Bitmaps that came back since the last call (the caller closes them). */
  takeDone(): TileDone[] {
    return this.done.splice(0, this.done.length);
  }

  /** After a failure: the jobs that never came back, to paint on the main thread. */
  takeLost(): TileJob[] {
    const lost = [...this.inFlight.values()];
    this.inFlight.clear();
    return lost;
  }
}

function jobKey(j: { generation: number; i: number; j: number }): string {
  return `${j.generation}:${j.i},${j.j}`;
}
