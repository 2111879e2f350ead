#pragma once
// The planes of a rendered light raster (stream/light_raster.hpp), for the light's tests.
#include <cstddef>
#include <cstdint>
#include <span>

#include "stream/light_raster.hpp"

namespace meadow::testing {

// The intensity and the heat of pixel i of a rendered image: the first plane and the second.
inline std::uint8_t intensity(std::span<const std::uint8_t> image, std::size_t i) { return image[i]; }
inline std::uint8_t heat(std::span<const std::uint8_t> image, std::size_t i) {
  return image[image.size() / stream::kLightChannels + i];
}

}  // namespace meadow::testing
