#pragma once
// A storage buffer and its memory. Two kinds: kDevice for what only the kernels touch (device
// local: fast on a real GPU), kShared for what the host writes or reads every step (host visible
// and coherent, mapped for the buffer's life; device local too where such memory exists, as on
// lavapipe or with resizable BAR). Sized once and grown in steps by the owner, never per step.
#include <cstddef>
#include <cstdint>
#include <span>

#include <vulkan/vulkan.h>

#include "gpu/vk_context.hpp"

namespace meadow::gpu {

enum class Memory : std::uint8_t { kDevice, kShared };

class Buffer {
 public:
  Buffer() = default;
  // A buffer of `bytes` (at least 4) for storage and transfers.
  Buffer(VulkanContext& context, VkDeviceSize bytes, Memory memory);
  ~Buffer();
  Buffer(Buffer&& other) noexcept;
  Buffer& operator=(Buffer&& other) noexcept;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  [[nodiscard]] VkBuffer handle() const { return buffer_; }
  [[nodiscard]] VkDeviceSize bytes() const { return bytes_; }
  [[nodiscard]] bool host_visible() const { return mapped_ != nullptr; }
  // The mapped memory of a host-visible buffer as T (null span otherwise).
  template <typename T>
  [[nodiscard]] std::span<T> as() const {
    return {static_cast<T*>(mapped_), mapped_ == nullptr ? 0 : static_cast<std::size_t>(bytes_ / sizeof(T))};
  }

 private:
  void release();

  VkDevice device_ = VK_NULL_HANDLE;
  VkBuffer buffer_ = VK_NULL_HANDLE;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  VkDeviceSize bytes_ = 0;
  void* mapped_ = nullptr;
};

// A barrier between two compute dispatches (or a fill/copy and a dispatch): every write before it
// is visible to every read and write after it. Coarse but enough: each stage of the step reads
// what the one before wrote.
void compute_barrier(VkCommandBuffer commands);
// Makes the kernels' writes visible to the host once the fence has signalled.
void host_read_barrier(VkCommandBuffer commands);
// Makes host writes (through mapped memory, before the submit) and transfer writes visible to
// the kernels; host writes before vkQueueSubmit are visible anyway, this covers transfers.
void transfer_to_compute_barrier(VkCommandBuffer commands);

// Copies `bytes` from `from` into `to` (any kinds) and waits: for tests and rare uploads.
void copy_and_wait(VulkanContext& context, const Buffer& from, const Buffer& to, VkDeviceSize bytes);

}  // namespace meadow::gpu
