#pragma once
// The colony's part of the server (docs/rules.md "The colony"): how the server makes it (it has no
// flags of its own).
#include "app/world_registration.hpp"

namespace meadow::app {

[[nodiscard]] WorldRegistration colony_registration();

}  // namespace meadow::app
