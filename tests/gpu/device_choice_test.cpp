#include "gpu/device_choice.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace meadow::gpu {
namespace {

TEST(DeviceChoice, RealGpuBeforeCpuAndDiscreteBeforeIntegrated) {
  const std::vector<DeviceCandidate> devices{{"llvmpipe", DeviceKind::kCpu, true},
                                             {"iGPU", DeviceKind::kIntegrated, true},
                                             {"dGPU", DeviceKind::kDiscrete, true}};
  EXPECT_EQ(choose_device(devices, false), 2U);
  EXPECT_EQ(choose_device(devices, true), 2U);
}

TEST(DeviceChoice, CpuDevicesOnlyWhenAllowed) {
  const std::vector<DeviceCandidate> devices{{"llvmpipe", DeviceKind::kCpu, true},
                                             {"SwiftShader", DeviceKind::kCpu, true}};
  EXPECT_EQ(choose_device(devices, false), std::nullopt);
  EXPECT_EQ(choose_device(devices, true), 0U);  // ties: the loader's order
}

TEST(DeviceChoice, DevicesWithoutComputeAreNeverChosen) {
  const std::vector<DeviceCandidate> devices{{"no compute", DeviceKind::kDiscrete, false},
                                             {"virtual", DeviceKind::kVirtual, true}};
  EXPECT_EQ(choose_device(devices, false), 1U);
  EXPECT_EQ(choose_device(std::vector<DeviceCandidate>{}, true), std::nullopt);
}

}  // namespace
}  // namespace meadow::gpu
