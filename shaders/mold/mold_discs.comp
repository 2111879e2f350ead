#version 450
// The tools' discs on the map (docs/mold.md "The model"; CpuMold's feed and repel): one invocation
// per cell of a disc's box, every disc of one kind in one dispatch. Walls are never covered.
//   feed (push constant repel = 0, after the agents): each covered cell of each feed disc gets
//     its amount added to the deposit map (atomic: discs may overlap);
//   repel (repel = 1, after diffusion): each covered cell of each repel disc loses its trail in
//     the new map, as CpuMold's diffusion writes 0 for a repelled cell.
layout(local_size_x = 256) in;
#include "mold_common.glsl"

layout(std430, binding = 1) readonly buffer Discs { Disc discs[]; };  // feed first, then repel
layout(std430, binding = 2) readonly buffer Kinds { uint kinds[]; };
layout(std430, binding = 3) buffer Accum { uint accum[]; };           // this step's deposit map
layout(std430, binding = 4) writeonly buffer Trail { uint trail[]; };  // the new map …
layout(std430, binding = 5) writeonly buffer Next { uint next_accum[]; };  // … and its copy
layout(push_constant) uniform Push { uint repel; } push;

void main() {
  uint first = push.repel != 0u ? P.feeds : 0u;
  uint discs_here = push.repel != 0u ? P.repels : P.feeds;
  uint total = discs_here * P.box_cells;
  uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
  for (uint k = gl_GlobalInvocationID.x; k < total; k += stride) {
    Disc d = discs[first + k / P.box_cells];
    uint within = k % P.box_cells;
    ivec4 box = disc_box(d);
    int dx = int(within % P.box_width);
    int dy = int(within / P.box_width);
    if (dx >= box.z || dy >= box.w) continue;
    int x = box.x + dx;
    int y = box.y + dy;
    if (!centre_within(d, x, y)) continue;
    uint cell = uint(wrap_index(y, int(P.height))) * P.width + uint(wrap_index(x, int(P.width)));
    if (wall_in(kinds[cell >> 2u], cell)) continue;
    if (push.repel != 0u) {
      trail[cell] = 0u;
      next_accum[cell] = 0u;
    } else if (d.amount != 0u) {
      atomicAdd(accum[cell], d.amount);
    }
  }
}
