#version 450
// The mold's agents pass (docs/mold.md "The model", pass 1), one invocation per agent: sense the
// trail at three sensors, turn (Jones's rule), move one cell along the new heading and deposit, as
// sim::CpuMold's agents pass does, with its numbers and draws. A wall ahead: the agent stays, takes
// a random heading and does not deposit. Deposits are integer atomic adds into the deposit map, so
// none is lost when agents meet, and the sum does not depend on their order.
//
// With occupancy (P.occupancy), a move into another cell claims it: the cell must have been free
// at the step's start (the occupancy grid holds kTaken), and the claim with the best priority
// wins (atomicMin); mold_claim.comp moves the winners next. A move within the agent's own cell
// needs no claim. No shared memory and no barrier: lavapipe runs a kernel with a barrier as
// coroutines, many times slower (the feed visits are counted by mold_visits.comp).
layout(local_size_x = 256) in;
#include "mold_common.glsl"

layout(std430, binding = 1) readonly buffer Directions { vec2 directions[]; };  // cos, sin per heading
layout(std430, binding = 2) buffer Agents { Agent agents[]; };
layout(std430, binding = 3) readonly buffer Trail { uint trail[]; };  // the map the agents sense
layout(std430, binding = 4) buffer Accum { uint accum[]; };           // the map they deposit into
layout(std430, binding = 5) readonly buffer Kinds { uint kinds[]; };
layout(std430, binding = 6) buffer Occupancy { uint occupancy[]; };
layout(std430, binding = 7) readonly buffer Discs { Disc discs[]; };  // feed first, then repel

bool is_wall(uint cell) { return wall_in(kinds[cell >> 2u], cell); }

// A repel disc covers the cell (never a wall: CpuMold marks none).
bool repelled(uint cx, uint cy) {
  for (uint k = 0u; k < P.repels; ++k) {
    if (in_disc(discs[P.feeds + k], cx, cy)) return true;
  }
  return false;
}

// What the sensor along `heading` reads: a repelled cell kRepelReading, else the trail (a wall's
// is 0).
int reading(float x, float y, uint heading) {
  vec2 d = directions[heading & P.heading_mask];
  precise float sx = x + d.x * P.sensor_distance;
  precise float sy = y + d.y * P.sensor_distance;
  uint cx = wrap_cell(sx, P.width);
  uint cy = wrap_cell(sy, P.height);
  uint cell = cy * P.width + cx;
  if (P.repels != 0u && !is_wall(cell) && repelled(cx, cy)) return P.repel_reading;
  return int(trail[cell]);
}

// Jones's turn rule (cpu_mold.cpp turned()).
uint turned(uint h, int front, int left, int right, uint agent) {
  if (front > left && front > right) return h;
  if (front < left && front < right) return (turn_bits(agent) & 1u) != 0u ? h + P.turn_steps : h - P.turn_steps;
  if (left > right) return h + P.turn_steps;
  if (right > left) return h - P.turn_steps;
  return h;
}

void main() {
  uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
  for (uint i = gl_GlobalInvocationID.x; i < P.count; i += stride) {
    Agent a = agents[i];
    int front = reading(a.x, a.y, a.heading);
    int left = reading(a.x, a.y, a.heading + P.sensor_steps);
    int right = reading(a.x, a.y, a.heading - P.sensor_steps);
    uint heading = turned(a.heading, front, left, right, i) & P.heading_mask;
    vec2 d = directions[heading];
    precise float mx = a.x + d.x * P.step_cells;
    precise float my = a.y + d.y * P.step_cells;
    float nx = wrap_position(mx, P.map_width);
    float ny = wrap_position(my, P.map_height);
    uint cell = cell_at(nx, ny);
    // Within its own cell an agent with occupancy always moves (CpuMold checks that first).
    bool claims = P.occupancy != 0u && cell != cell_at(a.x, a.y);
    a.target = kNoClaim;
    if ((claims || P.occupancy == 0u) && is_wall(cell)) {
      a.heading = random_heading(i);
    } else if (claims) {
      // Taken at the step's start, or (rarely) just claimed by the one agent whose priority is
      // kTaken, which wins it anyway: blocked.
      uint seen = occupancy[cell];
      if (seen == kTaken || atomicMin(occupancy[cell], priority(i)) == kTaken) {
        a.heading = random_heading(i);
      } else {
        a.heading = heading;
        a.target = cell;  // mold_claim.comp moves it if its claim wins
      }
    } else {
      a.x = nx;
      a.y = ny;
      a.heading = heading;
      atomicAdd(accum[cell], P.deposit);
    }
    agents[i] = a;
  }
}
