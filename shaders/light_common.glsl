// What the light's kernels share: the parameters (shaders/light_params.inc, shared with the host's
// LightParams, which the world that runs the light fills; every number of the light's rules comes
// from the host, none is written here) and the layout of the maps: the padded raster, row-major,
// two floats per pixel (the light, then the part of it that is heat), as stream::LightRaster keeps
// them.

layout(std430, binding = 0) readonly buffer ParamsBlock {
#include "light_params.inc"
} P;

// Index of a pixel's first channel in a map.
uint map_index(uint x, uint y) { return 2u * (y * P.padded_width + x); }
