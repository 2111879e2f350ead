#include "gpu/swarm/gather_kernels.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "meadow_swarm_shaders.hpp"

namespace meadow::gpu {

namespace {
// shaders/swarm/swarm_gather.comp `Gather`.
struct Push {
  std::uint32_t count, wanted;
};
// The filter before the wanted list (shaders/swarm/swarm_gather.comp, which has the same numbers):
// kFilterBits bits, an id's the top bits of its multiplicative hash. With 256 ids wanted, 3 % of the others pass it and search
// the list; with the most, 12 %.
constexpr std::uint32_t kFilterWords = 256;
constexpr std::uint32_t kFilterBits = kFilterWords * 32;
constexpr std::uint32_t kFilterShift = 19;  // 32 − log2(kFilterBits)
static_assert(std::uint32_t{1} << (32 - kFilterShift) == kFilterBits);
constexpr std::uint32_t filter_bit(std::uint32_t id) { return (id * 0x9E3779B1U) >> kFilterShift; }
// Fireflies an invocation looks at (a grid-stride loop): fewer invocations cost less on a CPU
// device (lavapipe: 25 % less than one each), and 16 million fireflies still make 7,800
// workgroups on a GPU.
constexpr std::uint32_t kPerInvocation = 8;
// A quiet NaN's bits, what the slots are filled with before the kernel writes the found ones.
static_assert(sizeof(sim::Vec2) == 2 * sizeof(float), "a slot is a vec2");
constexpr std::uint32_t kNanBits = std::bit_cast<std::uint32_t>(std::numeric_limits<float>::quiet_NaN());
}  // namespace

GatherKernels::GatherKernels(VulkanContext& context)
    : context_(context),
      gather_(context, shaders::swarm_gather(), 4, sizeof(Push), 1),
      wanted_(context, (kFilterWords + kMostWanted) * sizeof(std::uint32_t), Memory::kShared),
      positions_(context, kMostWanted * sizeof(sim::Vec2), Memory::kShared) {}

void GatherKernels::bind(const Buffer& state, const Buffer& meta) {
  if (state.handle() == bound_state_ && state.bytes() == bound_state_bytes_ && meta.handle() == bound_meta_ &&
      meta.bytes() == bound_meta_bytes_) {
    return;
  }
  gather_.reset_sets();
  set_ = gather_.make_set({&state, &meta, &wanted_, &positions_});
  bound_state_ = state.handle();
  bound_meta_ = meta.handle();
  bound_state_bytes_ = state.bytes();
  bound_meta_bytes_ = meta.bytes();
}

void GatherKernels::gather(const Buffer& state, const Buffer& meta, std::size_t count,
                           std::span<const std::uint32_t> wanted, std::span<sim::Vec2> out) {
  if (wanted.size() > kMostWanted || out.size() != wanted.size()) {
    throw std::invalid_argument("gather: more ids than kMostWanted, or out not as long as wanted");
  }
  if (wanted.empty()) return;
  if (count == 0) {
    std::ranges::fill(out, sim::Vec2{std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::quiet_NaN()});
    return;
  }
  const std::span<std::uint32_t> filter = wanted_.as<std::uint32_t>().first(kFilterWords);
  std::ranges::fill(filter, 0U);
  for (const std::uint32_t id : wanted) {
    const std::uint32_t bit = filter_bit(id);
    filter[bit / 32] |= std::uint32_t{1} << (bit % 32);
  }
  std::memcpy(wanted_.as<std::uint32_t>().subspan(kFilterWords).data(), wanted.data(), wanted.size_bytes());
  bind(state, meta);
  const Push push{static_cast<std::uint32_t>(count), static_cast<std::uint32_t>(wanted.size())};
  VkCommandBuffer commands = context_.begin();
  compute_barrier(commands);  // the step's last writes to the state, before the kernel reads it
  vkCmdFillBuffer(commands, positions_.handle(), 0, wanted.size() * sizeof(sim::Vec2), kNanBits);
  compute_barrier(commands);
  gather_.dispatch(commands, set_, groups_for(count, kGroup * kPerInvocation), &push);
  host_read_barrier(commands);
  context_.submit_and_wait();
  std::memcpy(out.data(), positions_.as<const sim::Vec2>().data(), out.size_bytes());
}

}  // namespace meadow::gpu
