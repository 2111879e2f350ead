#version 450
// The prefix sum, second half: every value of block b gets the (scanned) totals of the blocks
// before it, which scan_blocks.comp left in totals[b].
layout(local_size_x = 256) in;

layout(std430, binding = 0) buffer Data { uint data[]; };
layout(std430, binding = 1) readonly buffer Totals { uint totals[]; };
layout(push_constant) uniform Push { uint n; } push;

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= push.n) return;
  data[i] += totals[i / 1024u];
}
