#pragma once
// Which engine runs a world that has a GPU engine (the world's --<world>-engine option, read by its
// module in app/<world>/), and what the engines that fall back from the GPU to the CPU share (each
// world's gpu/<world>/fallback_<world>.hpp). Includes no Vulkan header, so the server's wiring
// (app/) stays free of them.
#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <string_view>

namespace meadow::gpu {

struct ContextOptions;  // vk_context.hpp

// Which engine the server asks for.
enum class EngineChoice : std::uint8_t {
  kAuto,  // a real GPU if there is one, else the CPU engine
  kGpu,   // Vulkan on any device, CPU-type ones (lavapipe, SwiftShader) included
  kCpu,   // the CPU engine; Vulkan is not touched
};

// Called once, with why, when a world's GPU engine cannot start or fails (the server logs it).
using EngineNotice = std::function<void(const std::string& why)>;

// The Vulkan context the GPU engine runs on for `choice` (not kCpu): CPU-type devices allowed
// only for kGpu; no validation.
[[nodiscard]] ContextOptions engine_context_options(EngineChoice choice);

// What the notice says when the GPU engine of `world` (the world's name, as the notice shows it)
// cannot start, and when it fails after it has started.
[[nodiscard]] std::string gpu_unavailable(std::string_view world, const std::exception& e);
[[nodiscard]] std::string gpu_failed(std::string_view world, const std::exception& e);

// What make_gpu returns, or, when it throws, null after calling `notice` (if any) with why.
template <typename MakeGpu>
[[nodiscard]] auto start_gpu(const MakeGpu& make_gpu, std::string_view world, const EngineNotice& notice)
    -> decltype(make_gpu()) {
  try {
    return make_gpu();
  } catch (const std::exception& e) {
    // GpuError for Vulkan's failures; anything else (e.g. out of host memory) ends the same way.
    if (notice) notice(gpu_unavailable(world, e));
    return nullptr;
  }
}

}  // namespace meadow::gpu
