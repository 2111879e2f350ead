#pragma once
// The mold's part of the server (docs/mold.md): its flags, which --help shows under "mold", and
// how the server makes it.
#include <cstdint>
#include <string>

#include "app/world_registration.hpp"
#include "meadow/v1/snapshot.pb.h"

namespace meadow::app {

struct MoldOptions {
  // "auto" (a real GPU if there is one, else the CPU), "gpu" (Vulkan on any device), "cpu"; any GPU
  // failure falls back to the CPU (gpu/mold/fallback_mold.hpp).
  std::string engine = "auto";
  // Its map's width in cells and its agents at start (0: the engine's defaults, 512 and 20,480
  // on either engine: sim::mold_rules).
  std::uint32_t map_width = 0;
  std::uint32_t agents = 0;
};

void add_mold_flags(CLI::App& group, MoldOptions& options);
[[nodiscard]] WorldRegistration mold_registration(const MoldOptions& options, const gpu::EngineNotice& warning);
// A recording's mold is played on the map it was saved on, with its agents.
void follow_recording(const v1::SavedMold& saved, MoldOptions& options);

}  // namespace meadow::app
