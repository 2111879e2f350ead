#pragma once
// The pond's part of the server (docs/rules.md "The pond"): how the server makes it (it has no
// flags of its own: the source's numbers are its defaults, its settings the live ones).
#include "app/world_registration.hpp"

namespace meadow::app {

[[nodiscard]] WorldRegistration pond_registration();

}  // namespace meadow::app
