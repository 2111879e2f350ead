#pragma once
// The Vulkan context of the compute engines: instance, the chosen device (device_choice.hpp), one
// compute queue, a command buffer for the work of a step and a fence to wait on it. With
// validation asked for, VK_LAYER_KHRONOS_validation is enabled and a debug messenger counts every
// error it reports, so tests can require it to stay silent.
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include <vulkan/vulkan.h>

#include "gpu/device_choice.hpp"

namespace meadow::gpu {

struct ContextOptions {
  // Accept a CPU-type device (lavapipe, SwiftShader) when no real GPU is there.
  bool allow_cpu_device = false;
  // Enable the Khronos validation layer and count its errors; throws if the layer is missing.
  bool validation = false;
};

class VulkanContext {
 public:
  // Throws GpuError when there is no loader or instance, no suitable device, or the device
  // cannot be created.
  explicit VulkanContext(const ContextOptions& options);
  ~VulkanContext();
  VulkanContext(const VulkanContext&) = delete;
  VulkanContext& operator=(const VulkanContext&) = delete;

  [[nodiscard]] VkDevice device() const { return device_; }
  [[nodiscard]] VkPhysicalDevice physical_device() const { return physical_; }
  [[nodiscard]] const VkPhysicalDeviceProperties& properties() const { return properties_; }
  [[nodiscard]] const std::string& device_name() const { return name_; }
  [[nodiscard]] DeviceKind device_kind() const { return kind_; }

  // A memory type among `type_bits` with all of `required` (and, when one exists, all of
  // `preferred` too); throws GpuError when none has `required`.
  [[nodiscard]] std::uint32_t memory_type(std::uint32_t type_bits, VkMemoryPropertyFlags required,
                                          VkMemoryPropertyFlags preferred) const;
  [[nodiscard]] bool memory_is_host_visible(std::uint32_t type) const;

  // The one command buffer: begin() waits for a submission still in flight, then resets and
  // begins it; submit() ends and submits it without waiting; wait() waits for the submission in
  // flight (nothing when none is); submit_and_wait() is both. All throw GpuError (device_lost()
  // when the device is gone).
  [[nodiscard]] VkCommandBuffer begin();
  void submit();
  void wait();
  void submit_and_wait();
  [[nodiscard]] bool in_flight() const { return in_flight_; }

  // Validation errors reported so far, and their messages (empty without validation).
  [[nodiscard]] std::size_t validation_errors() const;
  [[nodiscard]] std::vector<std::string> validation_messages() const;

 private:
  static VKAPI_ATTR VkBool32 VKAPI_CALL on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                   VkDebugUtilsMessageTypeFlagsEXT types,
                                                   const VkDebugUtilsMessengerCallbackDataEXT* data, void* self);
  void destroy();

  VkInstance instance_ = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
  VkPhysicalDevice physical_ = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties_{};
  VkPhysicalDeviceMemoryProperties memory_{};
  std::string name_;
  DeviceKind kind_ = DeviceKind::kOther;
  VkDevice device_ = VK_NULL_HANDLE;
  std::uint32_t queue_family_ = 0;
  VkQueue queue_ = VK_NULL_HANDLE;
  VkCommandPool pool_ = VK_NULL_HANDLE;
  VkCommandBuffer commands_ = VK_NULL_HANDLE;
  VkFence fence_ = VK_NULL_HANDLE;
  bool in_flight_ = false;  // submitted, not yet waited for

  mutable std::mutex messages_mutex_;  // the messenger may be called from any thread
  std::vector<std::string> errors_;
};

}  // namespace meadow::gpu
