#pragma once
// The colony as a world (docs/rules.md "The colony", "The flowers", "The breeze"): it lives on the
// meadow in the middle of the land, one step a tick. The flower tool drops a flower here and the
// frog tool a frog (or takes one away; the operator's Clear of "frogs" takes them all); attract and the
// predator do nothing here; a rock crushes the flowers under it and may not go on the stump
// or a frog.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "sim/colony/colony.hpp"
#include "sim/colony/colony_state_hash.hpp"
#include "sim/world.hpp"

namespace meadow::sim {

// What the operator clears in the colony (Clear): every frog.
inline constexpr std::string_view kClearFrogs = "frogs";

class ColonyWorld final : public World {
 public:
  static constexpr WorldKind kKind = WorldKind::colony;

  ColonyWorld(std::uint64_t seed, const Land& land, const ColonyParams& params = {});

  [[nodiscard]] const Colony& colony() const { return colony_; }

  // World
  [[nodiscard]] WorldKind kind() const override { return kKind; }
  void step(const WorldStep& step) override;
  [[nodiscard]] std::uint64_t steps() const override { return colony_.state().step; }
  [[nodiscard]] std::span<const Price> prices() const override { return prices_; }
  [[nodiscard]] std::string_view tools_hint() const override {
    return "In the colony the flower, rock and frog tools work.";
  }
  std::optional<ActionOutcome> apply(const Action& action, Land& land) override;
  [[nodiscard]] std::vector<std::string_view> clearables() const override { return {kClearFrogs}; }
  void take_away(const TakeAway& who) override { colony_.take_away(who); }
  // Dark: every firefly gone but the spark asleep in the stump. The source's three flowers wake it.
  [[nodiscard]] bool languishing() const override { return colony_.dormant(); }
  [[nodiscard]] std::vector<ActionBody> revival() const override;
  [[nodiscard]] std::optional<ActionOutcome> refuses_rock(Vec2 at) const override;
  void rock_placed(const Rock& rock) override { colony_.crush_flowers(rock.center, rock.radius); }
  [[nodiscard]] std::optional<std::uint64_t> state_hash() const override { return colony_state_hash(colony_.state()); }
  // Its events so far (sim/colony/colony_events.hpp; readers take those after the last they saw).
  [[nodiscard]] const ColonyEventLog& events() const { return colony_.events(); }
  void figures(std::vector<WorldFigure>& out) const override;
  // A ColonyWorldState (colony_world_state.hpp).
  [[nodiscard]] std::unique_ptr<WorldState> save() const override;
  void restore(const WorldState& state, Land& land) override;

 private:
  Colony colony_;
  std::array<Price, 3> prices_;
};

}  // namespace meadow::sim
