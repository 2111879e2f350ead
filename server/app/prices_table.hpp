#pragma once
// docs/limits.md's tables of prices, made from the declarations themselves: the meadow's and each
// world's (sim/price.hpp) and the door's (net/message_prices.hpp). `meadow-server --print-prices`
// prints them; tests/app/prices_table_test.cpp fails while the doc's copy differs, so the doc
// cannot fall behind a new message or a changed price.
#include <string>

#include "sim/meadow.hpp"

namespace meadow::app {

// The markdown of every price declared on `meadow` (its own and its worlds'), then the door's.
[[nodiscard]] std::string prices_table(const sim::Meadow& meadow);
// The same for the worlds meadow-server runs (their CPU engines: the prices do not depend on them).
[[nodiscard]] std::string standard_prices_table();

}  // namespace meadow::app
