#pragma once
// Writes a light raster as a PNG (libpng): 8-bit grey for one channel, RGB/RGBA for three or four.
#include <filesystem>

#include "watch/frame_follower.hpp"

namespace meadow::client {

// Throws std::runtime_error saying what failed (the file cannot be written, a raster whose size
// does not match its width × height × channels, channels other than 1, 3 or 4).
void write_png(const std::filesystem::path& path, const LightRaster& raster);

}  // namespace meadow::client
