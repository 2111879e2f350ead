#pragma once
// What happens in the colony that its frames announce (sim/event_log.hpp): its fireflies' lives,
// sips, meals and flashes, its flowers, seeds and breeze, and its frogs.
#include <cstdint>
#include <variant>

#include "sim/event_log.hpp"
#include "sim/geometry.hpp"

namespace meadow::sim {

// --- The colony (docs/rules.md "The colony") ------------------------------------------------
struct ColonyBirthEvent {  // a newborn rises out of the hollow
  std::uint32_t firefly = 0;
  Vec2 at;
  float store = 0.0F;  // the store after paying for it, 0 … 1
};
struct ColonyDeathEvent {  // a firefly ran out of energy
  std::uint32_t firefly = 0;
  Vec2 at;
};
struct ColonySipEvent {  // a forager took a sip of its flower
  std::uint32_t firefly = 0;
  std::uint32_t flower = 0;
  std::uint32_t sips_left = 0;
};
struct ColonyDeliveryEvent {  // a carrier brought its sip home
  std::uint32_t firefly = 0;
  std::uint32_t flower = 0;
  float store = 0.0F;
};
struct ColonyMealEvent {  // a hungry firefly ate from the store
  std::uint32_t firefly = 0;
  float energy_gained = 0.0F;
  float store = 0.0F;
};
struct ColonyFlashEvent {
  std::uint32_t firefly = 0;
  std::uint32_t flower = 0;  // its group's flower; 0 for a wanderer
  Vec2 at;
  bool group_in_sync = false;
};
struct ColonyGroupSyncEvent {  // a foraging group fell into (or out of) flashing as one
  std::uint32_t flower = 0;
  std::uint32_t members = 0;
  float sync = 0.0F;
  bool in_sync = false;
};
struct ColonySparkEvent {  // the colony died out and a spark sleeps, or the spark woke
  bool awake = false;
  Vec2 at;
  std::uint32_t flower = 0;  // awake: the flower it flies to
};
struct FlowerDroppedEvent {
  std::uint32_t flower = 0;
  Vec2 at;
};
struct FlowerGoneEvent {
  std::uint32_t flower = 0;
  Vec2 at;
};

// --- Flowers, seeds and the breeze (docs/rules.md "The flowers", "The breeze") -------------------
struct SeedDroppedEvent {  // a seed fell off a firefly
  std::uint32_t firefly = 0;
  std::uint32_t seed = 0;
  Vec2 at;
};
struct SeedLandedEvent {  // it reached the ground; `rooted`: it took root there
  std::uint32_t seed = 0;
  Vec2 at;
  bool rooted = false;
};
struct TookRootEvent {  // a shoot pops up where a seed took root
  std::uint32_t flower = 0;
  Vec2 at;
};
struct SproutEvent {  // a shoot grew into a bud
  std::uint32_t flower = 0;
  Vec2 at;
};
struct BloomEvent {
  std::uint32_t flower = 0;
  Vec2 at;
};
struct WiltEvent {  // a flower began to wilt (its last 30 s)
  std::uint32_t flower = 0;
  Vec2 at;
};
struct GustEvent {
  float swing = 0.0F;     // radians, signed: the side it swings the breeze to
  float strength = 0.0F;  // the breeze's strength at the gust's height, 0 … 1
};

// --- The frog (docs/rules.md "The frog") ---------------------------------------------------------
struct FrogCatchEvent {  // a frog ate a firefly that lingered too long (it also dies: a ColonyDeathEvent)
  std::uint32_t frog = 0;
  std::uint32_t firefly = 0;
  Vec2 at;  // where the firefly was caught
};
struct FrogHopEvent {  // a frog set off on a hop
  std::uint32_t frog = 0;
  Vec2 from;
  Vec2 to;
};

using ColonyEventBody =
    std::variant<ColonyBirthEvent, ColonyDeathEvent, ColonySipEvent, ColonyDeliveryEvent, ColonyMealEvent,
                 ColonyFlashEvent, ColonyGroupSyncEvent, ColonySparkEvent, FlowerDroppedEvent, FlowerGoneEvent,
                 SeedDroppedEvent, SeedLandedEvent, TookRootEvent, SproutEvent, BloomEvent, WiltEvent, GustEvent,
                 FrogCatchEvent, FrogHopEvent>;
using ColonyEvent = WorldEvent<ColonyEventBody>;
using ColonyEventLog = EventLog<ColonyEventBody>;

}  // namespace meadow::sim
