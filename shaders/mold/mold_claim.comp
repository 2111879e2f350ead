#version 450
// The mold's claims (docs/mold.md "The model", pass 1 with occupancy), one invocation per agent,
// after mold_agents.comp: an agent whose claim holds its cell (the best priority) moves there,
// deposits, frees its old cell and takes the new one; one that lost stays and takes a random
// heading, without a deposit. A claimed cell always has a winner, who leaves it kTaken, so the
// claims need no reset.
layout(local_size_x = 256) in;
#include "mold_common.glsl"

layout(std430, binding = 1) readonly buffer Directions { vec2 directions[]; };
layout(std430, binding = 2) buffer Agents { Agent agents[]; };
layout(std430, binding = 3) buffer Accum { uint accum[]; };
layout(std430, binding = 4) buffer Occupancy { uint occupancy[]; };

void main() {
  uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
  for (uint i = gl_GlobalInvocationID.x; i < P.count; i += stride) {
    Agent a = agents[i];
    if (a.target != kNoClaim) {
      uint cell = a.target;
      // A loser reads the winner's priority or, once the winner has moved, kTaken: neither is
      // its own (the agent whose priority is kTaken is the best, and never loses).
      if (occupancy[cell] == priority(i)) {
        // The same move as the agents pass computed (the same operations, `precise`).
        vec2 d = directions[a.heading];
        precise float mx = a.x + d.x * P.step_cells;
        precise float my = a.y + d.y * P.step_cells;
        occupancy[cell_at(a.x, a.y)] = kFree;
        occupancy[cell] = kTaken;
        a.x = wrap_position(mx, P.map_width);
        a.y = wrap_position(my, P.map_height);
        atomicAdd(accum[cell], P.deposit);
      } else {
        a.heading = random_heading(i);
      }
      a.target = kNoClaim;
      agents[i] = a;
    }
  }
}
