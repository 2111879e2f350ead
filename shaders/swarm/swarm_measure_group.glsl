// One workgroup's share of the steering's measures (server/gpu/swarm/swarm_kernels.hpp
// GpuMeasureGroup): written by swarm_steer.comp, added up by swarm_measures_sum.comp.
struct MeasureGroup {
  uint fireflies;
  uint seen;     // Σ others seen
  uint seeing;   // fireflies that see someone
  float alignment;
  float heading_x;
  float heading_y;
  uint pad0, pad1;
};
