#pragma once
// How often one viewer may do what costs the sim thread the most (docs/rules.md "The tools · Limits
// and locks": limits keep one viewer from swamping the meadow). Kept per viewer by tick, inside the sim, so that the same stamped actions meet the same
// limits on a replay. The caps on how much of the land one viewer may fill live beside the rules
// they bound (land.hpp's rocks; each world's own, in its rules). docs/limits.md gives
// each action's worst cost per viewer per second under these limits.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace meadow::sim {

namespace viewer_limits {
// Rock, flower and frog taps (placing or taking away) at most once every this many ticks per viewer
// (0.2 s: faster than people tap): every rock change goes out to every viewer. One cooldown group
// ("tap") declared by the meadow's and the worlds' prices.
inline constexpr std::uint64_t kTapCooldownTicks = 12;
}  // namespace viewer_limits

// Each viewer's last action of each cooldown group (a Price's Cooldown: "tap" for rocks, flowers
// and frogs), for the actions whose declared cooldown refuses what comes too soon.
class Cooldowns {
 public:
  // Whether `viewer` may act in `group` at `tick`, `ticks` after its last there; recorded when it may.
  bool take(std::uint64_t viewer, std::string_view group, std::uint64_t ticks, std::uint64_t tick);
  // The viewer left: its cooldowns go.
  void forget(std::uint64_t viewer) { last_.erase(viewer); }
  [[nodiscard]] std::size_t viewers_known() const { return last_.size(); }

  // viewer → group → tick of its last action there (snapshots).
  using Groups = std::map<std::string, std::uint64_t, std::less<>>;
  using State = std::map<std::uint64_t, Groups>;
  [[nodiscard]] const State& state() const { return last_; }
  void restore(const State& state) { last_ = state; }

 private:
  State last_;
};

// Each viewer's turns to change a count that costs a pass over a whole world (a world's size in
// movers): one change every `cooldown_ticks`, the last wish waiting for its turn.
class CountTurns {
 public:
  explicit CountTurns(std::uint64_t cooldown_ticks)
      : cooldown_ticks_(cooldown_ticks) {}
  [[nodiscard]] std::uint64_t cooldown_ticks() const { return cooldown_ticks_; }

  // Whether `viewer`'s count change may take effect at `tick` (then its turn is recorded);
  // otherwise `count` waits for the viewer's next turn, replacing any count already waiting.
  bool take(std::uint64_t viewer, std::uint64_t tick, std::size_t count);
  // Ticks until `viewer`'s next turn (0: now).
  [[nodiscard]] std::uint64_t wait(std::uint64_t viewer, std::uint64_t tick) const;
  // The waiting counts whose turn has come at `tick`, in the order of the viewers' ids (so the
  // same on every replay); their turns are recorded.
  void release_waiting(std::uint64_t tick, std::vector<std::size_t>& out);
  // The viewer left: its turns and what it had waiting are forgotten.
  void forget(std::uint64_t viewer) { viewers_.erase(viewer); }
  [[nodiscard]] std::size_t viewers_known() const { return viewers_.size(); }

  struct Viewer {
    std::optional<std::uint64_t> last;     // the tick of its last count change
    std::optional<std::size_t> waiting;  // a count waiting for its turn
    friend bool operator==(const Viewer&, const Viewer&) = default;
  };
  // viewer → its turns (snapshots).
  using State = std::map<std::uint64_t, Viewer>;
  [[nodiscard]] const State& state() const { return viewers_; }
  void restore(const State& state) { viewers_ = state; }

 private:
  std::uint64_t cooldown_ticks_;
  std::map<std::uint64_t, Viewer> viewers_;
};

}  // namespace meadow::sim
