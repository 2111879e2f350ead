#include "gpu/engine_choice.hpp"

#include "gpu/vk_context.hpp"

namespace meadow::gpu {

ContextOptions engine_context_options(EngineChoice choice) {
  return ContextOptions{.allow_cpu_device = choice == EngineChoice::kGpu, .validation = false};
}

std::string gpu_unavailable(std::string_view world, const std::exception& e) {
  return std::string("GPU engine unavailable (") + e.what() + "): the " + std::string(world) + " runs on the CPU";
}

std::string gpu_failed(std::string_view world, const std::exception& e) {
  return std::string("GPU engine failed (") + e.what() + "): the " + std::string(world) + " moves to the CPU";
}

}  // namespace meadow::gpu
