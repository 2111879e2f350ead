#pragma once
// Everything the colony is, as plain data: its fireflies, the flowers on the meadow, the stump's
// store and the counters. Plain so that it can be saved and restored (docs/durability.md) and so
// that tests can set up a scene and hand it to a Colony.
#include <cstdint>
#include <vector>

#include "sim/colony/breeze.hpp"
#include "sim/geometry.hpp"

namespace meadow::sim {

// What a colony firefly is doing (docs/rules.md "The colony"). Append new states at the end: the
// wire maps them.
enum class FireflyState : std::uint8_t {
  wandering,  // flying about on its own, with its own flash rhythm
  foraging,   // flying out to its group's flower
  sipping,    // sitting on its flower taking a sip
  carrying,   // flying home with a sip
  hungry,     // under the hunger line, flying home to eat
  eating,     // sitting on the stump, eating from the store
  dying,      // out of energy: settled where it was, its light fading
  dormant,    // the last spark, asleep in the stump until a flower has nectar
  rising,     // newborn, rising out of the hollow
};

inline constexpr std::uint32_t kNoFlower = 0;

struct ColonyFirefly {
  std::uint32_t id = 0;  // unique for the colony's life; the vector is kept in id order
  Vec2 at;               // units
  Vec2 velocity;         // units/step
  float energy = 1.0F;   // 0 … 1: its glow (light is life)
  FireflyState state = FireflyState::wandering;
  std::uint32_t timer = 0;  // steps left in a timed state (sipping, eating, dying, rising)
  // Its foraging group's flower (kNoFlower: none), and the other flower with nectar it passed.
  std::uint32_t flower = kNoFlower;
  std::uint32_t remembered = kNoFlower;
  // While carrying: the flower its sip came from (the flower stays while a sip of it is carried).
  std::uint32_t carried_from = kNoFlower;
  // Flashing: phase in radians [0, 2π); a flash when it wraps; steps since the last flash.
  float phase = 0.0F;
  float period = 90.0F;  // steps between flashes when left alone
  std::uint32_t since_flash = 1000;
  float heading = 0.0F;  // radians; what a wanderer turns, and the last heading of one that sits
  float meal_gained = 0.0F;  // energy gained in the meal under way
  // A seed stuck on it (docs/rules.md "The flowers · Seeds"): steps of flight left before it falls
  // off; 0: no seed.
  std::uint32_t seed_steps = 0;

  [[nodiscard]] bool alive() const { return state != FireflyState::dying && state != FireflyState::dormant; }
};

// A flower's life (docs/rules.md "The flowers · A flower's life"): a sprout grows as a shoot, then
// a bud, then blooms; it wilts over the end of its life and then withers. Append new stages at the
// end: the wire maps them.
enum class FlowerStage : std::uint8_t { shoot, bud, bloom, wilting, withered };

struct Flower {
  std::uint32_t id = 0;
  Vec2 at;                 // units
  std::uint32_t sips = 0;  // sips of nectar left (a sprout gets its sips when it blooms)
  FlowerStage stage = FlowerStage::bloom;
  std::uint32_t age = 0;   // steps in the life so far: growing while a sprout, then in bloom
  std::uint32_t life = 0;  // steps of bloom it gets (wilting included)
  bool dropped = false;    // dropped by a viewer (not grown from a seed)
  std::uint64_t dropped_by = 0;  // who dropped it: a viewer's session, or 0 (the operator)
  std::uint64_t dropped_by_visitor = 0;  // who that viewer is at the door (sim/holder.hpp; 0: not known)

  [[nodiscard]] bool in_bloom() const { return stage == FlowerStage::bloom || stage == FlowerStage::wilting; }
  // Nectar only in bloom.
  [[nodiscard]] bool has_nectar() const { return in_bloom() && sips > 0; }
  // Nothing left for anyone: withered, or emptied in bloom. It goes once no sip of it is carried.
  [[nodiscard]] bool spent() const { return stage == FlowerStage::withered || (in_bloom() && sips == 0); }
};

// A seed that fell off a firefly, floating down and drifting on the breeze.
struct FallingSeed {
  std::uint32_t id = 0;
  Vec2 at;                      // units
  std::uint32_t steps_left = 0;  // until it lands
  std::uint32_t fall_steps = 0;  // its whole fall (for its height: steps_left / fall_steps)
};

// A foraging group's flash synchrony, per flower.
struct GroupSync {
  std::uint32_t flower = kNoFlower;
  std::uint32_t members = 0;
  float sync = 0.0F;     // length of the members' mean phase vector, 0 … 1
  float mean_phase = 0.0F;  // radians
  bool in_sync = false;  // at least sync_min_members flashing as one (with hysteresis)
};

// A firefly lingering within a sitting frog's reach, and for how long without a break.
struct FrogLingerer {
  std::uint32_t firefly = 0;
  std::uint32_t steps = 0;
  friend bool operator==(const FrogLingerer&, const FrogLingerer&) = default;
};

// A frog (docs/rules.md "The frog"): dropped on the meadow, it sits, hops now and then towards
// where fireflies linger, and eats one that lingers within its reach too long.
struct Frog {
  std::uint32_t id = 0;
  Vec2 at;               // where it is now: where it sits, or along its hop (units)
  float heading = 0.0F;  // the way it faces: radians, 0 = +x, turning towards +y
  // Its hop: from where, to where, and the steps of it done (0: sitting).
  Vec2 hop_from;
  Vec2 hop_to;
  std::uint32_t hop_step = 0;
  std::uint64_t next_hop_step = 0;      // the colony step at which it next hops (while sitting)
  std::uint64_t digest_until_step = 0;  // it catches nothing before this colony step
  std::uint32_t gulp_steps = 0;         // steps left of the gulp shown after a catch
  std::uint64_t owner = 0;              // who dropped it: a viewer's session, or 0 (the operator)
  std::uint64_t visitor = 0;            // who that viewer is at the door (sim/holder.hpp; 0: not known)
  std::vector<FrogLingerer> lingering;  // firefly id order; empty while it hops

  [[nodiscard]] bool hopping() const { return hop_step > 0; }
  friend bool operator==(const Frog&, const Frog&) = default;
};

struct ColonyState {
  std::vector<ColonyFirefly> fireflies;  // id order
  std::vector<Flower> flowers;           // id order
  std::vector<GroupSync> groups;         // one per flower that has foragers, flower order
  std::vector<FallingSeed> seeds;        // id order
  BreezeState breeze;
  double store = 0.0;                    // 0 … 1 of a full store
  std::uint64_t step = 0;                // steps lived
  std::uint64_t last_birth_step = 0;     // 0: never
  bool had_birth = false;
  std::uint32_t next_firefly_id = 1;
  std::uint32_t next_flower_id = 1;
  std::uint32_t next_seed_id = 1;
  std::vector<Frog> frogs;  // id order
  std::uint32_t next_frog_id = 1;
  std::uint64_t eaten_by_frogs = 0;  // fireflies the frogs have eaten in the colony's life
};

}  // namespace meadow::sim
