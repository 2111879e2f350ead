// The tests' server (meadow-server-test-worlds): the standard worlds and, registered here and
// nowhere else, the test world (test_world.hpp).
#include "app/worlds.hpp"
#include "support/test_world.hpp"

namespace meadow::app {

std::vector<WorldRegistration> server_worlds(const WorldOptions& options) {
  std::vector<WorldRegistration> worlds = standard_worlds(options);
  worlds.push_back({testing::kTestWorldKind,
                    [](std::uint64_t /*seed*/, sim::Land& /*land*/) -> std::unique_ptr<sim::World> {
                      return std::make_unique<testing::TestWorld>();
                    },
                    [] { return std::make_unique<testing::TestWorldStream>(); }});
  return worlds;
}

}  // namespace meadow::app
