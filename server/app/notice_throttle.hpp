#pragma once
// At most one notice of a kind to a viewer a second: a viewer that floods the meadow with refused
// actions is told why, once a second, not sixty times (the refusals themselves are all counted).
// Keyed by tick, so it needs no clock. Sim thread only.
#include <cstdint>
#include <map>
#include <string>
#include <utility>

namespace meadow::app {

class NoticeThrottle {
 public:
  // Ticks between two notices of the same code to the same viewer (one second).
  static constexpr std::uint64_t kEveryTicks = 60;

  // Whether a notice `code` may go to `viewer` at `tick`; recorded when it may.
  bool allow(std::uint64_t viewer, const std::string& code, std::uint64_t tick) {
    auto [it, fresh] = last_.try_emplace({viewer, code}, tick);
    if (fresh) return true;
    if (tick < it->second + kEveryTicks) return false;
    it->second = tick;
    return true;
  }
  // The viewer left: its entries go.
  void forget(std::uint64_t viewer) {
    last_.erase(last_.lower_bound({viewer, std::string()}), last_.lower_bound({viewer + 1, std::string()}));
  }
  [[nodiscard]] std::size_t size() const { return last_.size(); }

 private:
  std::map<std::pair<std::uint64_t, std::string>, std::uint64_t> last_;
};

}  // namespace meadow::app
