#include "gpu/device_choice.hpp"

namespace meadow::gpu {

namespace {

// Lower is better; CPU devices last, and only when allowed.
int rank(DeviceKind kind) {
  switch (kind) {
    case DeviceKind::kDiscrete: return 0;
    case DeviceKind::kIntegrated: return 1;
    case DeviceKind::kVirtual: return 2;
    case DeviceKind::kOther: return 3;
    case DeviceKind::kCpu: return 4;
  }
  return 5;
}

}  // namespace

std::optional<std::size_t> choose_device(std::span<const DeviceCandidate> devices, bool allow_cpu) {
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < devices.size(); ++i) {
    const DeviceCandidate& d = devices[i];
    if (!d.has_compute_queue) continue;
    if (d.kind == DeviceKind::kCpu && !allow_cpu) continue;
    if (!best || rank(d.kind) < rank(devices[*best].kind)) best = i;
  }
  return best;
}

const char* kind_name(DeviceKind kind) {
  switch (kind) {
    case DeviceKind::kDiscrete: return "discrete GPU";
    case DeviceKind::kIntegrated: return "integrated GPU";
    case DeviceKind::kVirtual: return "virtual GPU";
    case DeviceKind::kCpu: return "CPU";
    case DeviceKind::kOther: return "other";
  }
  return "unknown";
}

}  // namespace meadow::gpu
