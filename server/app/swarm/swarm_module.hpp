#pragma once
// The swarm's part of the server (docs/rules.md "The swarm"): its flags, which --help shows under
// "swarm", and how the server makes it.
#include <cstdint>
#include <string>

#include "app/world_registration.hpp"

namespace meadow::app {

struct SwarmOptions {
  // "auto" (a real GPU if there is one, else the CPU), "gpu" (Vulkan on any device, lavapipe
  // included), "cpu". Any GPU failure falls back to the CPU (gpu/swarm/fallback_swarm.hpp).
  std::string engine = "auto";
  std::uint32_t count = 5000;          // fireflies at start
  std::uint32_t viewer_max_count = 0;  // the most a viewer may ask for; 0: the swarm's default ceiling
};

void add_swarm_flags(CLI::App& group, SwarmOptions& options);
// `warning` is told once when the GPU engine cannot start or fails later (from the sim thread then).
[[nodiscard]] WorldRegistration swarm_registration(const SwarmOptions& options, const gpu::EngineNotice& warning);

}  // namespace meadow::app
