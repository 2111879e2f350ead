// Generated protobuf shapes → the plain, validated values the renderer and tools use.
// Anything not finite or not positive where it must be is left out rather than drawn wrong.
import type { Rect, Rock } from "../gen/meadow/v1/viewer_pb";
import type { RockView } from "../render/rocks";
import type { WorldRect } from "../render/viewport";

export function rectFromProto(r: Rect | undefined): WorldRect | undefined {
  if (!r) return undefined;
  const ok = [r.x, r.y, r.width, r.height].every(Number.isFinite) && r.width > 0 && r.height > 0;
  return ok ? { x: r.x, y: r.y, width: r.width, height: r.height } : undefined;
}

export function rocksFromProto(rocks: readonly Rock[]): RockView[] {
  const out: RockView[] = [];
  for (const r of rocks) {
    const c = r.center;
    if (!c || !Number.isFinite(c.x) || !Number.isFinite(c.y) || !(r.radius > 0)) continue;
    out.push({ id: r.id, x: c.x, y: c.y, radius: r.radius });
  }
  return out;
}
