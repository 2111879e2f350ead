// The mold's own attack (abuse/world_attacks.hpp): eight viewers of one address alternate the
// mold's agents between a million and the fewest, in the mold's own settings message as older
// clients send it. Beside the trails' flood and the walk of every world's settings in a full run.
#include <cstdint>
#include <memory>
#include <vector>

#include "abuse/attack_kit.hpp"
#include "abuse/world_attacks.hpp"

namespace meadow::client::abuse {
namespace {

// The mold's agents the mold flood alternates between: what viewers could ask for before their
// ceiling was measured per engine, and the fewest.
constexpr std::uint32_t kFloodHighAgents = 1U << 20U;
constexpr std::uint32_t kFloodLowAgents = 256;

AttackOutcome mold_flood(const AttackContext& c) {
  // Each of the address's viewer slots alternates the mold between a million agents (without
  // occupancy, so the map takes them all) and the fewest, at the rate limit.
  std::vector<std::unique_ptr<FloodingViewer>> viewers;
  for (std::size_t v = 0; v < kViewersPerAddress; ++v) viewers.push_back(std::make_unique<FloodingViewer>(c));
  std::uint64_t sent = 0;
  every_until_done(c, kMessageEvery, [&](std::uint64_t k) {
    for (std::size_t v = 0; v < viewers.size(); ++v) {
      v1::ClientMessage m;
      m.mutable_mold_settings()->set_agents((k + v) % 2 == 0 ? kFloodHighAgents : kFloodLowAgents);
      m.mutable_mold_settings()->set_occupancy(false);
      viewers[v]->send(m);
      ++sent;
    }
  });
  AttackOutcome out = viewers.front()->finish(sent);
  for (std::size_t v = 1; v < viewers.size(); ++v) (void)viewers[v]->finish(0);
  return out;
}

[[maybe_unused]] const bool kMoldFloodRegistered =
    register_world_attack({v1::WORLD_MOLD, "mold-flood", "a mold flood", 1, mold_flood});

}  // namespace
}  // namespace meadow::client::abuse
