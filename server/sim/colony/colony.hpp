#pragma once
// The colony (docs/rules.md "The colony"): a few hundred fireflies living off a hollow stump. Light
// is life: each glows with its energy, burns it in flight, goes home to eat from the stump's store
// when hungry; the store pays for births; foragers carry nectar home from flowers and recruit the
// wanderers they pass; the members of a foraging group pull their flashes together (Kuramoto). When
// all are gone a dormant spark sleeps in the stump until a flower has nectar again. Frogs
// (docs/rules.md "The frog") that viewers drop hop about the meadow and eat fireflies that linger
// by them.
//
// Pure and deterministic like the rest of sim/: fireflies are handled in id order, every random
// number is counter-based (seed, step, firefly, purpose). A colony of 500 steps in a few tens of
// microseconds on one thread, so it needs no ParallelFor.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "sim/actions.hpp"
#include "sim/colony/breeze.hpp"
#include "sim/colony/colony_rules.hpp"
#include "sim/colony/colony_state.hpp"
#include "sim/geometry.hpp"
#include "sim/land.hpp"
#include "sim/colony/colony_events.hpp"
#include "sim/random.hpp"

namespace meadow::sim {

class Colony {
 public:
  // A new colony: params.start_fireflies around the stump, the store at params.start_store.
  Colony(std::uint64_t seed, const Rect& meadow, const ColonyParams& params = {});
  // A colony as saved (or as a test set it up).
  Colony(std::uint64_t seed, const Rect& meadow, const ColonyParams& params, ColonyState state);

  [[nodiscard]] const ColonyParams& params() const { return params_; }
  [[nodiscard]] const ColonyState& state() const { return state_; }
  [[nodiscard]] const Rect& meadow() const { return meadow_; }
  [[nodiscard]] Vec2 stump() const { return stump_; }
  [[nodiscard]] const ColonyEventLog& events() const { return events_; }
  // Takes back a saved state (its events go on from where they are).
  void restore(const ColonyState& state) { state_ = state; }

  // Living fireflies: neither dying nor the dormant spark.
  [[nodiscard]] std::size_t size() const;
  // The colony died out and its spark sleeps.
  [[nodiscard]] bool dormant() const;
  [[nodiscard]] const Flower* flower(std::uint32_t id) const;
  [[nodiscard]] const ColonyFirefly* firefly(std::uint32_t id) const;
  // Fireflies whose group is this flower (foraging, sipping, carrying, and those of the group
  // gone home to eat).
  [[nodiscard]] std::uint32_t foragers(std::uint32_t flower) const;
  [[nodiscard]] const GroupSync* group(std::uint32_t flower) const;
  [[nodiscard]] std::uint32_t groups_in_sync() const;
  [[nodiscard]] std::uint32_t flowers_in_bloom() const;
  // The breeze over the meadow now.
  [[nodiscard]] BreezeNow breeze() const;

  // A viewer's flower tool (docs/rules.md "The flowers · Dropped by viewers"): a flower full of
  // nectar while fewer than params.max_dropped_flowers are on the meadow, inside the meadow, off
  // rocks and the stump, and while viewer `by` has fewer than params.max_dropped_flowers_per_viewer
  // of them (the operator, kOperator, has no such cap). `tick` stamps the event.
  ActionOutcome drop_flower(Vec2 at, const Land& land, std::uint64_t tick, std::uint64_t by = kOperator,
                            std::uint64_t visitor = 0);

  // A rock placed over flowers crushes them: they wither (and go once no sip of them is carried).
  void crush_flowers(Vec2 center, float radius);

  // The frog tool (docs/rules.md "The frog"): takes away the frog within params.frog_body_radius of
  // `at` (a viewer only its own: else "not_yours"; the operator any), else drops one there
  // (drop_frog).
  ActionOutcome tap_frog(Vec2 at, const Land& land, std::uint64_t by = kOperator, std::uint64_t visitor = 0);
  // A frog at `at`, dropped by `by`, while fewer than params.max_frogs are on the meadow (for
  // the operator too: else "frog_limit") and fewer than params.max_frogs_per_viewer are `by`'s (a
  // viewer's: else "frog_limit_viewer"), where a frog may sit (frog_spot: else "outside_meadow",
  // or "no_room" on the stump's keep-out, a rock or another frog).
  ActionOutcome drop_frog(Vec2 at, const Land& land, std::uint64_t by = kOperator, std::uint64_t visitor = 0);
  // The frog within params.frog_body_radius of `at` (the nearest), or nullopt: its place in
  // state().frogs.
  [[nodiscard]] std::optional<std::size_t> frog_at(Vec2 at) const;
  // Every frog off the meadow (the operator's ClearFrogs).
  void clear_frogs() { state_.frogs.clear(); }
  // What `who` placed goes: its dropped flowers wither (as under a rock), its frogs go.
  void take_away(const TakeAway& who);
  // Whether a rock of `radius` at `center` would land on a frog (where it sits or lands).
  [[nodiscard]] bool frog_under(Vec2 center, float radius) const;

  // One step (1/60 s) on the land (its rocks). `tick` stamps the events.
  void step(const Land& land, std::uint64_t tick);

 private:
  // colony_foraging.cpp: what each firefly decides this step, recruitment, flowers going.
  void behave(ColonyFirefly& f);
  void sense_flowers(ColonyFirefly& f);
  void deliver(ColonyFirefly& f);
  void back_to_work(ColonyFirefly& f);
  void lost_flower(ColonyFirefly& f);
  void recruit();
  void remove_spent_flowers();
  [[nodiscard]] bool can_join(std::uint32_t flower) const;
  void join(ColonyFirefly& f, std::uint32_t flower);
  void leave_group(ColonyFirefly& f);
  // colony_life.cpp: meals, energy, deaths, births and the spark.
  void eat(ColonyFirefly& f);
  void finish_meal(ColonyFirefly& f);
  void go_home_hungry(ColonyFirefly& f);
  [[nodiscard]] bool should_go_home(const ColonyFirefly& f) const;
  void die(ColonyFirefly& f);
  void bury_faded();
  void give_birth();
  void sleep_spark_if_extinct();
  void wake_spark(ColonyFirefly& f);
  ColonyFirefly& hatch(Vec2 at, FireflyState state);
  // colony_flight.cpp: steering and moving those in flight, burning their energy.
  void fly(ColonyFirefly& f, std::span<const Rock> rocks);
  [[nodiscard]] Vec2 home_spot(const ColonyFirefly& f) const;
  // flower_life.cpp: the breeze, flowers growing and wilting, seeds stuck, falling, rooting.
  void blow();
  void grow_flowers();
  void maybe_stick_seed(ColonyFirefly& f);
  void shed_seed(ColonyFirefly& f);
  void float_seeds(const Land& land);
  [[nodiscard]] bool room_to_root(Vec2 at, const Land& land) const;
  [[nodiscard]] std::uint32_t draw_life(std::uint32_t flower) const;
  // frog_tool.cpp: where a frog may sit. frog_hops.cpp: frogs sitting and hopping.
  // frog_hunt.cpp: fireflies lingering by a frog, and its catches.
  enum class FrogSpot : std::uint8_t { free, outside, stump, rock, frog };
  [[nodiscard]] FrogSpot frog_spot(Vec2 at, const Land& land, std::uint32_t except_frog = 0) const;
  void move_frogs(const Land& land);
  void move_frog(Frog& frog, const Land& land);
  bool take_off(Frog& frog, const Land& land);
  [[nodiscard]] std::optional<Vec2> hop_landing(const Frog& frog, const Land& land) const;
  [[nodiscard]] std::optional<Vec2> where_fireflies_linger(Vec2 about) const;
  [[nodiscard]] std::uint64_t draw_sit(std::uint32_t frog) const;
  void hunt();
  void watch_lingerers(Frog& frog);
  void catch_firefly(Frog& frog, ColonyFirefly& f);
  // flash_sync.cpp: phases, flashes, and each group's synchrony.
  void flash();
  void update_groups();

  [[nodiscard]] Flower* find_flower(std::uint32_t id);
  void count_members();
  [[nodiscard]] CounterRandom random(RandomPurpose purpose) const {
    return CounterRandom(seed_, state_.step, purpose);
  }

  std::uint64_t seed_;
  Rect meadow_;
  ColonyParams params_;
  Vec2 stump_;
  ColonyState state_;
  ColonyEventLog events_;
  std::uint64_t tick_ = 0;  // the tick of the step under way, for the events
  // Scratch: members per flower, parallel to state_.flowers (kept current within a step).
  std::vector<std::uint32_t> members_;
  std::vector<std::size_t> wanderers_;  // scratch for recruit()
  std::vector<FrogLingerer> lingering_;  // scratch for watch_lingerers()
};

}  // namespace meadow::sim
