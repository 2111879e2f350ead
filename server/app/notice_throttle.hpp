#pragma once
// Notices of one kind to one viewer come in a burst of three, then one a second: a viewer that
// floods the meadow with refused actions is told why a few times, not sixty times a second (the
// refusals themselves are all counted), while a person who tries two refused tools in a row still
// hears about both. Keyed by tick, so it needs no clock. Sim thread only.
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <utility>

namespace meadow::app {

class NoticeThrottle {
 public:
  // A notice of a kind comes back to a viewer every this many ticks (one second)…
  static constexpr std::uint64_t kEveryTicks = 60;
  // …after a burst of this many.
  static constexpr std::uint32_t kBurst = 3;

  // Whether a notice `code` may go to `viewer` at `tick`; counted when it may.
  bool allow(std::uint64_t viewer, const std::string& code, std::uint64_t tick) {
    auto [it, fresh] = buckets_.try_emplace({viewer, code}, Bucket{kBurst, tick});
    Bucket& b = it->second;
    if (!fresh && tick > b.refilled_at) {
      const std::uint64_t earned = (tick - b.refilled_at) / kEveryTicks;
      b.tokens = static_cast<std::uint32_t>(std::min<std::uint64_t>(kBurst, b.tokens + earned));
      b.refilled_at = b.tokens == kBurst ? tick : b.refilled_at + earned * kEveryTicks;
    }
    if (b.tokens == 0) return false;
    --b.tokens;
    return true;
  }
  // The viewer left: its entries go.
  void forget(std::uint64_t viewer) {
    buckets_.erase(buckets_.lower_bound({viewer, std::string()}), buckets_.lower_bound({viewer + 1, std::string()}));
  }
  [[nodiscard]] std::size_t size() const { return buckets_.size(); }

 private:
  struct Bucket {
    std::uint32_t tokens = 0;
    std::uint64_t refilled_at = 0;  // the tick its last token was earned (or it was full)
  };
  std::map<std::pair<std::uint64_t, std::string>, Bucket> buckets_;
};

}  // namespace meadow::app
