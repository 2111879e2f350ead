// What the mold's kernels share (docs/mold.md "Engines"): the step's parameters
// (shaders/mold/mold_params.inc, shared with server/gpu/mold/mold_params.hpp; every number of the rules comes
// from the host, none is written here), the agents' and discs' layouts, and the helpers that must
// compute exactly as sim::CpuMold does (its wrap, its cells, its discs), so that both engines put
// an agent, a sensor and a disc in the same cells.

layout(std430, binding = 0) readonly buffer ParamsBlock {
#include "mold_params.inc"
} P;

// An agent (gpu/mold/mold_kernels.hpp GpuMoldAgent): position in cells, heading in steps of a turn,
// and the cell it claims this step (occupancy), or kNoClaim.
struct Agent {
  float x;
  float y;
  uint heading;
  uint target;
};
// A feed or repel disc (gpu/mold/mold_params.hpp GpuMoldDisc): centre and radius in cells, feed per
// covered cell (fixed point).
struct Disc {
  float x;
  float y;
  float radius;
  uint amount;
};

const uint kNoClaim = 0xFFFFFFFFu;
// The occupancy grid: a free cell holds kFree, a taken one kTaken; while agents claim a free cell
// it holds the best (lowest) priority so far (atomicMin).
const uint kFree = 0xFFFFFFFFu;
const uint kTaken = 0u;

// --- Counter-based randomness (sim/random.hpp) -------------------------------------------------
uint mix32(uint h) {  // Murmur3's 32-bit finaliser
  h ^= h >> 16u;
  h *= 0x85EBCA6Bu;
  h ^= h >> 13u;
  h *= 0xC2B2AE35u;
  return h ^ (h >> 16u);
}
// CounterRandom(seed, step, kMoldTurn).bits32(agent, 0): the way a torn agent turns.
uint turn_bits(uint agent) { return mix32(agent ^ P.turn_key_lo); }
// bits32(agent, 1): the heading a walled or blocked agent takes.
uint random_heading(uint agent) { return mix32(agent ^ P.turn_key_hi) & P.heading_mask; }
// The agent's priority in this step's claims: unique (a bijection of the index), fair.
uint priority(uint agent) { return mix32(agent ^ P.claim_key); }

// --- Cells -------------------------------------------------------------------------------------
// A sensor's cell coordinate from a position at most half a map outside it (cpu_mold.cpp
// wrap_cell): p + extent > 0, so truncation is floor.
uint wrap_cell(float p, uint extent) {
  precise float shifted = p + float(extent);
  uint c = uint(shifted);
  if (c >= extent) c -= extent;
  if (c >= extent) c -= extent;
  return c;
}
// A position moved by at most a cell, wrapped back into [0, extent) (cpu_mold.cpp wrap_position).
float wrap_position(float p, float extent) {
  precise float q = p;
  if (q < 0.0) q += extent;
  if (q >= extent) q -= extent;
  return q;
}
uint cell_at(float x, float y) { return uint(y) * P.width + uint(x); }

// The cells' kinds, one byte a cell, four to a word: bit 0 a wall.
bool wall_in(uint word, uint cell) { return ((word >> ((cell & 3u) * 8u)) & 1u) != 0u; }

// a mod n for n > 0 and any a (GLSL's % is undefined for negative operands).
int wrap_index(int a, int n) {
  if (a < 0) a += ((n - 1 - a) / n) * n;
  return a % n;
}

// A disc's box as CpuMold walks it: from floor(centre − r) to floor(centre + r), at most a map
// across (so no cell is visited twice).
ivec4 disc_box(Disc d) {
  int x0 = int(floor(d.x - d.radius));
  int x1 = int(floor(d.x + d.radius));
  int y0 = int(floor(d.y - d.radius));
  int y1 = int(floor(d.y + d.radius));
  return ivec4(x0, y0, min(x1 - x0 + 1, int(P.width)), min(y1 - y0 + 1, int(P.height)));
}
// Whether box cell (x, y) (unwrapped, as the box walks them) has its centre within the disc.
bool centre_within(Disc d, int x, int y) {
  precise float dx = float(x) + 0.5 - d.x;
  precise float dy = float(y) + 0.5 - d.y;
  precise float d2 = dx * dx + dy * dy;
  precise float r2 = d.radius * d.radius;
  return !(d2 > r2);
}
// Whether map cell (cx, cy) is one the disc covers: its one place in the box, if any.
bool in_disc(Disc d, uint cx, uint cy) {
  ivec4 box = disc_box(d);
  int dx = wrap_index(int(cx) - box.x, int(P.width));
  int dy = wrap_index(int(cy) - box.y, int(P.height));
  if (dx >= box.z || dy >= box.w) return false;
  return centre_within(d, box.x + dx, box.y + dy);
}
