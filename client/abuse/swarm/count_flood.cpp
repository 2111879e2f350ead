// The swarm's own attack (abuse/world_attacks.hpp): one viewer asks for 2,000,000 fireflies and
// then 5,000, over and over, 60 messages a second (inside the rate limit), in the swarm's own
// settings message as older clients send it. Clear: a notice that says why the count is held back.
// Alone in the first turn of a full run: the heaviest on the tick.
#include <cstdint>

#include "abuse/attack_kit.hpp"
#include "abuse/world_attacks.hpp"

namespace meadow::client::abuse {
namespace {

// The counts the count flood alternates between: the largest a viewer's count may name, and the
// default.
constexpr std::uint32_t kFloodHighCount = 2'000'000;
constexpr std::uint32_t kFloodLowCount = 5'000;

AttackOutcome count_flood(const AttackContext& c) {
  FloodingViewer viewer(c);
  std::uint64_t sent = 0;
  every_until_done(c, kMessageEvery, [&](std::uint64_t k) {
    v1::ClientMessage m;
    m.mutable_swarm_settings()->set_count(k % 2 == 0 ? kFloodHighCount : kFloodLowCount);
    viewer.send(m);
    ++sent;
  });
  return viewer.finish(sent);
}

[[maybe_unused]] const bool kCountFloodRegistered =
    register_world_attack({v1::WORLD_SWARM, "count-flood", "a count flood", 0, count_flood});

}  // namespace
}  // namespace meadow::client::abuse
