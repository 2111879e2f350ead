// Generated protobuf shapes → the plain, validated values the renderer and tools use.
// Anything not finite or not positive where it must be is left out rather than drawn wrong.
import type { Mark, Rock } from "../gen/meadow/v1/viewer_pb";
import type { Rect } from "../gen/meadow/v1/geometry_pb";
import { toolByEnum, type ToolName } from "../tools/tool-catalog";
import type { RimView } from "../render/rock-rims";
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

/** A rock's rim as a world's frame carries it (its RockRim message). */
export interface RimMessage {
  readonly rockId: number;
  readonly angle: number;
  readonly strength: number;
  readonly focus: number;
}

export function rimsFromProto(rims: readonly RimMessage[]): RimView[] {
  const out: RimView[] = [];
  for (const r of rims) {
    if (![r.angle, r.strength, r.focus].every(Number.isFinite) || !(r.strength > 0)) continue;
    out.push({ rockId: r.rockId, angle: r.angle, strength: Math.min(1, r.strength), focus: Math.min(1, Math.max(0, r.focus)) });
  }
  return out;
}

export interface MarkView {
  readonly id: number;
  readonly tool: ToolName;
  readonly x: number;
  readonly y: number;
  /** World units: predator reach, crumb smell range, attract ring. */
  readonly radius: number;
  /** The viewer that made it (0: the operator). */
  readonly owner: bigint;
}

export function marksFromProto(marks: readonly Mark[]): MarkView[] {
  const out: MarkView[] = [];
  for (const m of marks) {
    const p = m.position;
    const spec = toolByEnum(m.tool);
    if (!p || !spec || !Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    const radius = Number.isFinite(m.radius) && m.radius > 0 ? m.radius : 0;
    out.push({ id: m.id, tool: spec.name, x: p.x, y: p.y, radius, owner: m.ownerSession });
  }
  return out;
}
