#version 450
// The prefix sum, first half (docs/gpu.md, step 2): each workgroup turns one block of 1,024 values
// into their exclusive prefix sums, in place, and writes the block's total. The host scans the
// totals the same way (level by level until one block holds them all) and scan_add.comp adds them
// back. No workgroup waits on another, so nothing relies on forward progress between workgroups.
layout(local_size_x = 256) in;
const uint kPerThread = 4u;  // 256 × 4 = a block of 1,024

layout(std430, binding = 0) buffer Data { uint data[]; };
layout(std430, binding = 1) writeonly buffer Totals { uint totals[]; };
layout(push_constant) uniform Push { uint n; } push;

shared uint partial[256];

void main() {
  uint t = gl_LocalInvocationID.x;
  uint base = gl_WorkGroupID.x * 1024u + t * kPerThread;
  uint v[kPerThread];
  uint sum = 0u;
  for (uint k = 0u; k < kPerThread; ++k) {
    v[k] = base + k < push.n ? data[base + k] : 0u;
    sum += v[k];
  }
  // Inclusive scan of the threads' sums (Hillis–Steele: log2(256) = 8 rounds).
  partial[t] = sum;
  barrier();
  for (uint offset = 1u; offset < 256u; offset <<= 1u) {
    uint add = t >= offset ? partial[t - offset] : 0u;
    barrier();
    partial[t] += add;
    barrier();
  }
  uint running = partial[t] - sum;  // exclusive: what the threads before this one hold
  for (uint k = 0u; k < kPerThread; ++k) {
    if (base + k < push.n) data[base + k] = running;
    running += v[k];
  }
  if (t == 255u) totals[gl_WorkGroupID.x] = partial[255];
}
