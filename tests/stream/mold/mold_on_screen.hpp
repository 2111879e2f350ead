#pragma once
// How the mold's network reads on a screen (docs/mold.md "On the wall"): its trail grown from a
// uniform start, streamed as the server streams it (stream/mold/mold_light.hpp, a frame every
// other step), drawn over a whole screen the way the viewer draws it, and measured along the
// screen's rows: how wide the bright runs are in screen pixels, and how much of the screen is bright.
//
// The viewer (web-viewer/src/render/light-layer.ts) stretches the raster over the meadow fitted
// into the window (a 16:9 meadow fills a 16:9 screen), sampling it with linear filtering between
// texel centres (clamped at the edges), and maps each level through its palette's ramp
// (web-viewer/src/mold/mold-ramps.ts). A pixel counts as bright when its colour is at least half
// as luminous as the ramp's top (see kBrightLevel).
#include <cstdint>
#include <span>
#include <vector>

#include "sim/mold/mold_settings.hpp"
#include "sim/mold/network_figures.hpp"
#include "sim/parallel_for.hpp"

namespace meadow::stream::on_screen {

// The least raster level (of 255) whose colour on the night palette (the default) has at least
// half the luma (Rec. 709) of the ramp's top, pale cream at level 255: a strand is as wide as it
// is bright to half its full brightness, as a line's width is read at half its peak. The ramp's
// stops 0.35 and 0.55 bracket it, and level 131 (0.514) is the first at or above half. The other
// palettes put it at 117 (arctic) … 148 (tropical).
inline constexpr float kBrightLevel = 131.0F;

struct Screen {
  std::uint32_t width = 1920;  // pixels
  std::uint32_t height = 1080;
};

// Bright runs along the screen's rows: lengths in screen pixels (a run cut by the screen's edge
// counts as what is seen of it), and the share of the screen's pixels that are bright.
struct BrightRuns {
  std::size_t runs = 0;
  double median_px = 0.0;
  double lower_quartile_px = 0.0;  // 25 %
  double upper_quartile_px = 0.0;  // 75 %
  double coverage = 0.0;           // 0 … 1
};

// The raster (width × height bytes, row-major, top row first) drawn over the whole screen, which
// must be 16:9 like the meadow, and its bright runs.
[[nodiscard]] BrightRuns bright_runs_on_screen(std::span<const std::uint8_t> raster, std::uint32_t width,
                                               std::uint32_t height, Screen screen, float bright_level = kBrightLevel);

// A mold as a wall would show it: `settings` on a map `map_width` cells wide from `seed`, nothing
// fed or repelled, stepped `steps` times.
struct GrownMold {
  std::uint32_t map_width = 0;
  sim::MoldSettings settings;
  int steps = 0;
  std::uint64_t seed = 1;
};

// The light the server would send of it after its last step: width, height and the bytes; and,
// to set beside them, the network's figures of that step's map (holes, components, …).
struct StreamedLight {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::vector<std::uint8_t> pixels;
  sim::NetworkFigures figures;
};
[[nodiscard]] StreamedLight streamed_light(const GrownMold& mold, sim::ParallelFor& parallel);

}  // namespace meadow::stream::on_screen
