#version 450
// The steering step (docs/rules.md "The swarm · Neighbours on the GPU"), one invocation per firefly
// in cell order: alignment and cohesion from the sums of every square whose middle it sees,
// separation and personal space one by one from the fireflies of its own and the adjacent cells,
// then the nudge, rocks, the edges (or its transit), the tools and the speed band, and the move.
// The same rules, in the same order, with the same numbers as sim/swarm/steering.hpp and
// tool_steering.hpp; `precise` keeps the compiler from fusing the multiply-adds whose rounding
// decides which squares are seen, so the seen set is the CPU engine's. The new state goes to the
// unsorted state buffer (free once the sort copied it), each workgroup adds up its fireflies'
// measures (sim/swarm/swarm_measures.hpp), and the crumbs a firefly has reached are marked, so that
// only 8 bytes tell the host which were eaten.
layout(local_size_x = 256) in;
#include "swarm_common.glsl"

layout(std430, binding = 1) readonly buffer Marks { vec4 marks[]; };  // gpu/swarm/swarm_params.hpp
layout(std430, binding = 2) readonly buffer Starts { uint starts[]; };
layout(std430, binding = 3) readonly buffer SortedState { vec4 sorted_pv[]; };
layout(std430, binding = 4) readonly buffer SortedMeta { uvec2 sorted_meta[]; };
// The squares' running totals along each row (swarm_square_rows.comp), fixed point.
layout(std430, binding = 5) readonly buffer RowSums { uvec4 row_sums[]; };
layout(std430, binding = 6) readonly buffer RowCounts { uint row_counts[]; };
layout(std430, binding = 7) writeonly buffer State { vec4 pv[]; };
layout(std430, binding = 8) writeonly buffer Meta { uvec2 meta[]; };
#include "swarm_measure_group.glsl"
layout(std430, binding = 9) writeonly buffer Measures { MeasureGroup groups[]; };
// Bit k: crumb k (marks[kMarkCrumbs + k]) is within reach of some firefly after the move
// (sim::SwarmTools::crumbs_reached on the CPU). Zeroed before the step.
layout(std430, binding = 10) buffer Eaten { uint eaten[2]; };

// Where the marks lie in `marks` (gpu/swarm/swarm_params.hpp kMark*).
const uint kMarkRocks = 0u;
const uint kMarkPredators = 48u;
const uint kMarkAttractors = 64u;
const uint kMarkCrumbs = 80u;

// --- Counter-based randomness (sim/random.hpp) -------------------------------------------------
uint mix32(uint h) {  // Murmur3's 32-bit finaliser
  h ^= h >> 16u;
  h *= 0x85EBCA6Bu;
  h ^= h >> 13u;
  h *= 0xC2B2AE35u;
  return h ^ (h >> 16u);
}
// signed_unit_float32 of CounterRandom::bits32(id, 0) and (id, 1) of the step's nudge key: its
// low and high halves.
vec2 nudge_draws(uint id) {
  uvec2 bits = uvec2(mix32(id ^ P.nudge_key_lo), mix32(id ^ P.nudge_key_hi));
  return vec2(bits >> 8u) * (1.0 / 8388608.0) - 1.0;
}

// --- The rules -------------------------------------------------------------------------------
vec2 rock_push(vec2 p) {
  vec2 a = vec2(0.0);
  for (uint k = 0u; k < P.rocks; ++k) {
    vec4 rock = marks[kMarkRocks + k];
    float dx = p.x - rock.x;
    float dy = p.y - rock.y;
    float reach = rock.z + P.rock_reach;
    precise float d2 = dx * dx + dy * dy;
    if (d2 >= reach * reach) continue;
    float d = sqrt(d2);
    float closeness = 1.0 - (d - rock.z) * P.inv_rock_reach;
    float push = P.rock_strength * closeness * closeness;
    if (d > 0.0) {
      a.x += dx / d * push;
      a.y += dy / d * push;
    } else {
      a.x += push;
    }
  }
  return a;
}

float edge_push_1d(float p, float low, float high) {
  float a = 0.0;
  float from_low = p - low;
  if (from_low < P.edge_margin) {
    float c = 1.0 - from_low * P.inv_edge_margin;
    a += P.edge_strength * c * c;
  }
  float from_high = high - p;
  if (from_high < P.edge_margin) {
    float c = 1.0 - from_high * P.inv_edge_margin;
    a -= P.edge_strength * c * c;
  }
  return a;
}

vec2 towards(vec2 direction, float speed, vec2 v, float rate) { return (direction * speed - v) * rate; }

vec2 transit_steering(uint flags, vec2 p, vec2 v) {
  if ((flags & P.flag_leaving) != 0u) {
    float left = p.x - P.world_x;
    float right = P.world_right - p.x;
    float top = p.y - P.world_y;
    float bottom = P.world_bottom - p.y;
    vec2 out_dir = vec2(-1.0, 0.0);
    float nearest = left;
    if (right < nearest) { nearest = right; out_dir = vec2(1.0, 0.0); }
    if (top < nearest) { nearest = top; out_dir = vec2(0.0, -1.0); }
    if (bottom < nearest) out_dir = vec2(0.0, 1.0);
    return towards(out_dir, P.transit_speed, v, P.transit_rate);
  }
  if ((flags & P.flag_arriving) != 0u) {
    float depth_x = min(P.arrive_depth, 0.5 * P.world_width);
    float depth_y = min(P.arrive_depth, 0.5 * P.world_height);
    float tx = max(P.world_x + depth_x, min(P.world_right - depth_x, p.x));
    float ty = max(P.world_y + depth_y, min(P.world_bottom - depth_y, p.y));
    float dx = tx - p.x;
    float dy = ty - p.y;
    float d = sqrt(dx * dx + dy * dy);
    if (d < 1e-3) return vec2(0.0);
    return towards(vec2(dx / d, dy / d), P.transit_speed, v, P.transit_rate);
  }
  return vec2(0.0);
}

vec2 attract(vec2 p, vec2 v, vec2 mark) {
  float dx = mark.x - p.x;
  float dy = mark.y - p.y;
  float d = sqrt(dx * dx + dy * dy);
  if (d < 1e-3) return vec2(0.0);
  vec2 in_dir = vec2(dx / d, dy / d);
  vec2 along = vec2(in_dir.y, -in_dir.x);
  float radial = max(-1.0, min(1.0, (d - P.attract_orbit) / P.attract_orbit));
  float tangent = min(1.0, P.attract_orbit / d);
  vec2 want = in_dir * radial + along * tangent;
  float len = sqrt(want.x * want.x + want.y * want.y);
  want = want / len;
  return towards(want, P.attract_speed, v, P.attract_rate);
}

// tool_steering(): predators push, the nearest attract mark pulls in and round, the nearest crumb
// within smell range pulls straight in (ties: the first listed, as on the CPU).
vec2 tool_steering(vec2 p, vec2 v) {
  vec2 a = vec2(0.0);
  float reach = P.predator_reach;
  for (uint k = 0u; k < P.predators; ++k) {
    vec2 at = marks[kMarkPredators + k].xy;
    float dx = p.x - at.x;
    float dy = p.y - at.y;
    float d2 = dx * dx + dy * dy;
    if (d2 >= reach * reach) continue;
    float d = sqrt(d2);
    float push = P.predator_strength * (1.0 - d / reach);
    if (d > 0.0) {
      a.x += dx / d * push;
      a.y += dy / d * push;
    } else {
      a.x += push;
    }
  }
  float best = 1.0 / 0.0;  // +infinity: every mark qualifies
  int nearest = -1;
  for (uint k = 0u; k < P.attractors; ++k) {
    vec2 at = marks[kMarkAttractors + k].xy;
    float e2 = (at.x - p.x) * (at.x - p.x) + (at.y - p.y) * (at.y - p.y);
    if (e2 < best) { best = e2; nearest = int(k); }
  }
  if (nearest >= 0) a += attract(p, v, marks[kMarkAttractors + uint(nearest)].xy);
  best = P.crumb_smell * P.crumb_smell;
  nearest = -1;
  for (uint k = 0u; k < P.crumbs; ++k) {
    vec2 at = marks[kMarkCrumbs + k].xy;
    float e2 = (at.x - p.x) * (at.x - p.x) + (at.y - p.y) * (at.y - p.y);
    if (e2 < best) { best = e2; nearest = int(k); }
  }
  if (nearest >= 0 && best > 0.0) {
    float d = sqrt(best);
    vec2 to = marks[kMarkCrumbs + uint(nearest)].xy - p;
    a += towards(to / d, P.crumb_speed, v, P.crumb_rate);
  }
  return a;
}

vec2 clamp_speed(vec2 v, vec2 fallback) {
  float s2 = v.x * v.x + v.y * v.y;
  if (s2 > P.max_speed * P.max_speed) return v * (P.max_speed / sqrt(s2));
  if (s2 < P.min_speed * P.min_speed) {
    if (s2 <= 1e-12) return fallback * P.min_speed;
    return v * (P.min_speed / sqrt(s2));
  }
  return v;
}

// --- Measures, reduced per workgroup -----------------------------------------------------------
shared uint sh_seen[256];
shared uint sh_seeing[256];
shared float sh_alignment[256];
shared vec2 sh_heading[256];

void main() {
  uint i = gl_GlobalInvocationID.x;
  uint t = gl_LocalInvocationID.x;
  uint my_seen = 0u;
  uint my_seeing = 0u;
  float my_alignment = 0.0;
  vec2 my_heading = vec2(0.0);

  if (i < P.count) {
    vec4 f = sorted_pv[i];
    vec2 p = f.xy;
    vec2 v = f.zw;
    uvec2 m = sorted_meta[i];
    precise float rx = p.x - P.origin_x;
    precise float ry = p.y - P.origin_y;
    float reach = P.perception;
    precise float reach2 = reach * reach;

    // Alignment and cohesion: the squares whose middles lie within the circle of view, per row
    // the stretch between the chord's ends (squares::chord), exactly the CPU engine's set, read
    // as the difference of the row's running totals at both ends. Fixed point added modulo 2^32:
    // the sums are the CPU's bit for bit.
    uint n_total = 0u;
    uvec4 total = uvec4(0u);  // Σx, Σy, Σvx, Σvy
    int row_lo = max(0, int(floor((ry - reach) * P.inv_square - 0.5)));
    int row_hi = min(int(P.square_rows) - 1, int(floor((ry + reach) * P.inv_square - 0.5)) + 1);
    for (int r = row_lo; r <= row_hi; ++r) {
      precise float middle = (float(r) + 0.5) * P.square_size;
      precise float dy = middle - ry;
      precise float h2 = reach2 - dy * dy;
      if (h2 < 0.0) continue;
      precise float h = sqrt(h2);
      precise float lo_f = (rx - h) * P.inv_square - 0.5;
      precise float hi_f = (rx + h) * P.inv_square - 0.5;
      int lo = max(int(ceil(lo_f)), 0);
      int end = min(int(floor(hi_f)) + 1, int(P.square_columns));
      if (end <= lo) continue;
      uint base = uint(r) * (P.square_columns + 1u);
      n_total += row_counts[base + uint(end)] - row_counts[base + uint(lo)];
      total += row_sums[base + uint(end)] - row_sums[base + uint(lo)];
    }
    // Itself, when its own square is seen (SquareWindow::sees_own_square): always inside the
    // grid; outside it only if the border square it counts to is within view.
    bool own_seen = true;
    if (!(rx >= 0.0 && ry >= 0.0 && rx < float(P.square_columns) * P.square_size &&
          ry < float(P.square_rows) * P.square_size)) {
      uint col = square_column(p.x);
      uint row = square_row(p.y);
      precise float middle = (float(row) + 0.5) * P.square_size;
      precise float dy = middle - ry;
      precise float h2 = reach2 - dy * dy;
      precise float h = sqrt(h2 > 0.0 ? h2 : 0.0);
      precise float lo_f = (rx - h) * P.inv_square - 0.5;
      precise float hi_f = (rx + h) * P.inv_square - 0.5;
      own_seen = h2 >= 0.0 && int(col) >= int(ceil(lo_f)) && int(col) < int(floor(hi_f)) + 1;
    }
    // As cpu_swarm_steer.cpp: the seen less itself; Σv less its own; Σ(their p − own p) as
    // Σp − n · own p, whether or not itself is among the n.
    uint own = own_seen ? 1u : 0u;
    uvec4 self = fixed_firefly(f);
    uint seen = n_total - own;
    vec2 sum_v = vec2(ivec2(total.zw - own * self.zw)) * P.inv_velocity_scale;
    vec2 sum_d = vec2(ivec2(total.xy - n_total * self.xy)) * P.inv_position_scale;

    // Separation and personal space: one by one over the 3 × 3 cells (neighbour_walk.hpp).
    vec2 separate = vec2(0.0);
    vec2 personal = vec2(0.0);
    uint col = cell_column(p.x);
    uint row = cell_row(p.y);
    uint col_lo = col > 0u ? col - 1u : 0u;
    uint col_hi = min(col + 1u, P.columns - 1u);
    uint r_lo = row > 0u ? row - 1u : 0u;
    uint r_hi = min(row + 1u, P.rows - 1u);
    for (uint rr = r_lo; rr <= r_hi; ++rr) {
      uint end = starts[rr * P.columns + col_hi + 1u];
      for (uint k = starts[rr * P.columns + col_lo]; k < end; ++k) {
        vec2 d = sorted_pv[k].xy - p;
        precise float d2 = d.x * d.x + d.y * d.y;
        // (1 − d/reach)/d along d: away, harder the closer; itself (d = 0) adds nothing.
        float inv_d = 1.0 / sqrt(max(d2, 1e-12));
        separate -= d * max(0.0, inv_d - P.inv_separation_distance);
        personal -= d * max(0.0, inv_d - P.inv_personal_space);
      }
    }

    // flocking() of steering.hpp.
    vec2 a = personal * P.personal_strength;
    a += separate * (P.separation_strength * P.w_separation);
    if (seen > 0u) {
      float inv = 1.0 / float(seen);
      a += (sum_v * inv - v) * (P.alignment_rate * P.w_alignment);
      a += sum_d * inv * (P.cohesion_rate * P.w_cohesion);
    }
    // next_velocity(): flocking, nudge, rocks, edges or transit, tools, the speed band.
    vec2 rock = rock_push(p);
    vec2 edge = m.y == 0u ? vec2(edge_push_1d(p.x, P.world_x, P.world_right), edge_push_1d(p.y, P.world_y, P.world_bottom))
                          : transit_steering(m.y, p, v);
    vec2 next = v + a + nudge_draws(m.x) * P.nudge + rock + edge;
    if (P.any_tools != 0u) next += tool_steering(p, v);
    next = clamp_speed(next, vec2(v.x < 0.0 ? -1.0 : 1.0, 0.0));

    // The move (swarm_move.hpp): inside the world, bouncing off its edges; transits fly freely.
    bool held = m.y == 0u;
    vec2 np = p + next;
    bool left = held && np.x < P.world_x;
    bool right = held && np.x > P.world_right;
    bool top = held && np.y < P.world_y;
    bool bottom = held && np.y > P.world_bottom;
    np.x = left ? P.world_x : (right ? P.world_right : np.x);
    np.y = top ? P.world_y : (bottom ? P.world_bottom : np.y);
    next.x = left ? abs(next.x) : (right ? -abs(next.x) : next.x);
    next.y = top ? abs(next.y) : (bottom ? -abs(next.y) : next.y);
    pv[i] = vec4(np, next);
    meta[i] = m;
    for (uint k = 0u; k < P.crumbs; ++k) {
      vec2 d = np - marks[kMarkCrumbs + k].xy;
      precise float d2 = d.x * d.x + d.y * d.y;
      if (d2 <= P.crumb_eat * P.crumb_eat) atomicOr(eaten[k >> 5u], 1u << (k & 31u));
    }

    // MeasureSums::add(v, seen, Σv seen).
    my_seen = seen;
    float speed = sqrt(v.x * v.x + v.y * v.y);
    if (speed > 0.0) my_heading = v / speed;
    if (seen > 0u) {
      my_seeing = 1u;
      float seen_speed = sqrt(sum_v.x * sum_v.x + sum_v.y * sum_v.y);
      if (speed > 0.0 && seen_speed > 0.0) my_alignment = dot(v, sum_v) / (speed * seen_speed);
    }
  }

  sh_seen[t] = my_seen;
  sh_seeing[t] = my_seeing;
  sh_alignment[t] = my_alignment;
  sh_heading[t] = my_heading;
  barrier();
  for (uint half_size = 128u; half_size > 0u; half_size >>= 1u) {
    if (t < half_size) {
      sh_seen[t] += sh_seen[t + half_size];
      sh_seeing[t] += sh_seeing[t + half_size];
      sh_alignment[t] += sh_alignment[t + half_size];
      sh_heading[t] += sh_heading[t + half_size];
    }
    barrier();
  }
  if (t == 0u) {
    uint first = gl_WorkGroupID.x * 256u;
    groups[gl_WorkGroupID.x] = MeasureGroup(min(P.count - first, 256u), sh_seen[0], sh_seeing[0], sh_alignment[0],
                                            sh_heading[0].x, sh_heading[0].y, 0u, 0u);
  }
}
