#pragma once
// Vulkan failures as exceptions (docs/architecture.md "Errors, logs, configuration"): every Vulkan
// call that can fail goes through check(), which throws a GpuError naming the call and the result.
// They are caught at the edge, where the server falls back to the CPU engine; nothing inside gpu/
// swallows them.
#include <stdexcept>
#include <string>

#include <vulkan/vulkan.h>

namespace meadow::gpu {

class GpuError : public std::runtime_error {
 public:
  GpuError(const std::string& what, VkResult result)
      : std::runtime_error(what + " (" + result_name(result) + ")"), result_(result) {}
  explicit GpuError(const std::string& what) : std::runtime_error(what) {}

  // VK_SUCCESS when the failure was not a Vulkan result (e.g. no suitable device).
  [[nodiscard]] VkResult result() const { return result_; }
  // VK_ERROR_DEVICE_LOST: the device is gone for good; only a fallback helps.
  [[nodiscard]] bool device_lost() const { return result_ == VK_ERROR_DEVICE_LOST; }

  [[nodiscard]] static std::string result_name(VkResult result);

 private:
  VkResult result_ = VK_SUCCESS;
};

// Throws GpuError(what, result) unless result is VK_SUCCESS.
inline void check(VkResult result, const char* what) {
  if (result != VK_SUCCESS) throw GpuError(what, result);
}

}  // namespace meadow::gpu
