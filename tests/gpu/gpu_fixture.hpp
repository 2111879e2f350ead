#pragma once
// The Vulkan context of the GPU tests: any device, CPU-type ones included (lavapipe), with the
// validation layer on. A test skips (GTEST_SKIP, with the reason) only when there is no Vulkan
// device at all; with a device it runs, and fails on any validation message.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>

#include "gpu/gpu_error.hpp"
#include "gpu/vk_context.hpp"

namespace meadow::gpu::testing {

// Why no Vulkan device can be used here, or nullopt when one can (checked once, without
// validation, so that a missing validation layer fails the tests rather than skipping them).
inline const std::optional<std::string>& no_device_reason() {
  static const std::optional<std::string> reason = []() -> std::optional<std::string> {
    try {
      VulkanContext probe(ContextOptions{.allow_cpu_device = true, .validation = false});
      return std::nullopt;
    } catch (const GpuError& e) {
      return std::string("no Vulkan device: ") + e.what();
    }
  }();
  return reason;
}

class GpuTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const auto& reason = no_device_reason()) GTEST_SKIP() << *reason;
    context_ = std::make_shared<VulkanContext>(ContextOptions{.allow_cpu_device = true, .validation = true});
  }
  void TearDown() override {
    if (!context_) return;
    std::string all;
    for (const std::string& m : context_->validation_messages()) all += m + "\n";
    EXPECT_EQ(context_->validation_errors(), 0U) << "validation layer:\n" << all;
  }
  VulkanContext& context() { return *context_; }
  std::shared_ptr<VulkanContext> context_;
};

}  // namespace meadow::gpu::testing
