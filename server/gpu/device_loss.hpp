#pragma once
// How a world's GPU engine (gpu/<world>/) lives with a device that fails
// (docs/architecture.md "Engines"). Once a Vulkan call has failed the device is no longer trusted:
// nothing more is read back from it (frozen), so the host's copies stay as last read, what a
// fallback to the CPU engine starts from. A failure met where nothing can be thrown (a getter
// reading back) is kept and thrown by the engine's next step or change, so the caller falls back
// then. And, for tests of the fallback, a loss can be simulated.
#include <cstdint>
#include <exception>
#include <utility>

#include "gpu/gpu_error.hpp"

namespace meadow::gpu {

class DeviceLoss {
 public:
  // After a simulated loss: kReadable, what the device holds can still be read back (the last
  // step's); kUnreadable, as after a real loss, nothing more is read.
  enum class AfterLoss : std::uint8_t { kReadable, kUnreadable };

  // From now on throw_pending() throws GpuError as a lost device would.
  void simulate(AfterLoss after) {
    simulated_ = true;
    frozen_ = after == AfterLoss::kUnreadable;
  }

  // Nothing is read back from the device any more.
  [[nodiscard]] bool frozen() const { return frozen_; }
  // throw_pending() would throw: a simulated loss, or a failure kept.
  [[nodiscard]] bool pending() const { return simulated_ || deferred_ != nullptr; }

  // Before a step or a change made on the host: throws the simulated loss, or the failure kept
  // (once).
  void throw_pending() {
    if (simulated_) throw GpuError("simulated device loss", VK_ERROR_DEVICE_LOST);
    if (deferred_) std::rethrow_exception(std::exchange(deferred_, nullptr));
  }

  // Runs `work` (Vulkan calls, which throw GpuError) and returns what it returns; after a
  // GpuError the device is trusted no more, and the error goes on.
  template <typename Work>
  decltype(auto) guard(Work&& work) {
    try {
      return std::forward<Work>(work)();
    } catch (const GpuError&) {
      frozen_ = true;
      throw;
    }
  }

  // Keeps the exception being handled (call it in a catch block) for throw_pending().
  void defer() { deferred_ = std::current_exception(); }

  // Reads back with `read` (which throws GpuError) when the host's copy is `behind` the device's
  // and the device is still trusted. sync() is for the getters, which cannot throw: a failure is
  // kept for throw_pending(), and the copy stays as last read. pull() is for changes made on the
  // host, which can: it throws what is pending first, and a failure of the read.
  template <typename Read>
  void sync(bool behind, Read&& read) {
    if (!behind || frozen_) return;
    try {
      std::forward<Read>(read)();
    } catch (const GpuError&) {
      defer();
    }
  }
  template <typename Read>
  void pull(bool behind, Read&& read) {
    throw_pending();
    if (behind && !frozen_) std::forward<Read>(read)();
  }

 private:
  bool simulated_ = false;
  bool frozen_ = false;
  std::exception_ptr deferred_;
};

}  // namespace meadow::gpu
