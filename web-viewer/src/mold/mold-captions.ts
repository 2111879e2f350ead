// The mold's moments on the wall (captions/). The mold sends no events; its frames carry what is
// left of each oat flake (Mark.amount, which only falls while agents sit on the flake and eat) and
// its network's figures (docs/mold.md "The network's figures"). From them: the mold reaching a
// flake (its amount starts to fall), eating one up (a flake nearly eaten is gone), and its strands
// first reading as a network by the study's verdict (at most 10 pieces, at least 8 holes, 1 to 5
// junctions a hole), said again only after the net has come apart (fewer than 4 holes).
import { Tool, type Frame } from "../gen/meadow/v1/viewer_pb";
import type { MoldFigures } from "../gen/meadow/v1/mold/mold_frame_pb";
import { MomentLatch, type Caption, type CaptionRules } from "../captions/caption-rules";

/** A flake below this much is being eaten: the mold has reached it. */
const REACHED_BELOW = 0.98;
/** A flake last seen below this much that is gone was eaten up (not left to age out). */
const EATEN_BELOW = 0.25;
/** The net has come apart below this many holes. */
const NET_LOST_BELOW = 4;

/** Whether the figures read as a network (docs/mold.md, the study's verdict). */
export function isNetwork(f: MoldFigures): boolean {
  const perHole = f.holes > 0 ? f.junctions / f.holes : 0;
  return f.components >= 1 && f.components <= 10 && f.holes >= 8 && perHole >= 1 && perHole <= 5;
}

export class MoldCaptions implements CaptionRules {
  private readonly network = new MomentLatch();
  /** Each flake's amount in the latest frame, by id. */
  private flakes = new Map<number, number>();

  read(frame: Frame): Caption[] {
    const out: Caption[] = [];
    const figures = frame.mold?.figures;
    if (figures && this.network.update(isNetwork(figures), figures.holes < NET_LOST_BELOW)) out.push({ key: "mold.network" });
    const now = new Map<number, number>();
    for (const m of frame.marks) if (m.tool === Tool.FLOWER && Number.isFinite(m.amount)) now.set(m.id, m.amount);
    let reached = false;
    let eaten = false;
    for (const [id, amount] of now) {
      const before = this.flakes.get(id);
      if (before !== undefined && before >= REACHED_BELOW && amount < REACHED_BELOW) reached = true;
    }
    for (const [id, before] of this.flakes) if (!now.has(id) && before < EATEN_BELOW) eaten = true;
    this.flakes = now;
    if (eaten) out.push({ key: "mold.eaten" });
    if (reached) out.push({ key: "mold.reached" });
    return out;
  }

  forget(): void {
    this.network.reset();
    this.flakes.clear();
  }
}
