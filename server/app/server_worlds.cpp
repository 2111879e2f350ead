// meadow-server's worlds: the standard ones (the tests' server links its own server_worlds,
// which adds a test-only world).
#include "app/worlds.hpp"

namespace meadow::app {

std::vector<WorldRegistration> server_worlds(const WorldOptions& options) { return standard_worlds(options); }

}  // namespace meadow::app
