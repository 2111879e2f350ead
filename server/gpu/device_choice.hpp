#pragma once
// Which Vulkan device runs the compute engines (docs/architecture.md "Engines"): a real GPU when
// there is one, discrete before integrated before virtual; CPU-type devices (lavapipe, SwiftShader)
// only when asked for (tests, or a flag), because on them the CPU engine is faster. A pure function
// of what the devices report, so it is tested without any device.
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace meadow::gpu {

enum class DeviceKind : std::uint8_t { kDiscrete, kIntegrated, kVirtual, kCpu, kOther };

// What the choice looks at, per physical device.
struct DeviceCandidate {
  std::string name;
  DeviceKind kind = DeviceKind::kOther;
  bool has_compute_queue = false;
};

// The index of the device to use, or nullopt when none qualifies: one with a compute queue, of
// the best kind (discrete, integrated, virtual, other, then CPU if allow_cpu); ties go to the
// first listed (the loader's order).
[[nodiscard]] std::optional<std::size_t> choose_device(std::span<const DeviceCandidate> devices, bool allow_cpu);

[[nodiscard]] const char* kind_name(DeviceKind kind);

}  // namespace meadow::gpu
