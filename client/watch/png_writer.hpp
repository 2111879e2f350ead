#pragma once
// Writes a light raster as a PNG (libpng): 8-bit grey for one plane, and two (intensity, then
// heat) as RGB: green light, whiter where it is hot.
#include <filesystem>

#include "watch/frame_follower.hpp"

namespace meadow::client {

// Throws std::runtime_error saying what failed (the file cannot be written, a raster whose size
// does not match its width × height × channels, planes other than 1 or 2).
void write_png(const std::filesystem::path& path, const LightRaster& raster);

}  // namespace meadow::client
