// docs/limits.md carries every declared price, as the declarations make it: a new message, or a
// changed price, fails here until the doc says so too (`meadow-server --print-prices`).
#include "app/prices_table.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "app/worlds.hpp"
#include "net/message_prices.hpp"
#include "support/test_paths.hpp"

namespace meadow::app {
namespace {

std::string limits_doc() {
  std::ifstream in(std::string(MEADOW_SOURCE_DIR) + "/docs/limits.md");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(PricesTable, TheDocCarriesEveryDeclaredPriceAsDeclared) {
  const std::string table = standard_prices_table();
  const std::string doc = limits_doc();
  ASSERT_FALSE(doc.empty()) << "docs/limits.md not found";
  EXPECT_NE(doc.find(table), std::string::npos)
      << "docs/limits.md's price tables differ from the declarations: paste in the output of "
         "`meadow-server --print-prices`:\n"
      << table;
}

// The doc's section of measured costs, whose table has a row for each message.
constexpr std::string_view kCostSection = "## What each message costs";

TEST(PricesTable, EveryDeclaredMessageHasAMeasuredCostInTheDoc) {
  const std::string doc = limits_doc();
  const std::size_t from = doc.find(kCostSection);
  ASSERT_NE(from, std::string::npos) << "docs/limits.md has no section '" << kCostSection << "'";
  const std::string costs = doc.substr(from, doc.find("\n## ", from + 1) - from);
  const auto has_cost_row = [&](std::string_view message) {
    return costs.find("\n| " + std::string(message) + " | ") != std::string::npos;
  };
  WorldOptions options;
  options.use_cpu_engines();
  const sim::Meadow meadow(1, makers_of(standard_worlds(options)));
  for (const sim::Price& p : sim::meadow_prices()) EXPECT_TRUE(has_cost_row(p.message)) << p.message;
  for (const sim::World* w : meadow.worlds()) {
    for (const sim::Price& p : w->prices()) EXPECT_TRUE(has_cost_row(p.message)) << p.message;
  }
  for (const net::MessagePrice& m : net::message_prices()) EXPECT_TRUE(has_cost_row(m.message)) << m.message;
}

TEST(PricesTable, EveryWorldDeclaresEachActionOnce) {
  WorldOptions options;
  options.use_cpu_engines();
  const sim::Meadow meadow(1, makers_of(standard_worlds(options)));
  for (const sim::World* w : meadow.worlds()) {
    for (const sim::Price& p : w->prices()) {
      EXPECT_EQ(sim::price_of(sim::meadow_prices(), p.body), nullptr) << p.message << ": the meadow's already";
      EXPECT_EQ(sim::price_of(w->prices(), p.body), &p) << p.message << ": declared twice";
      if (p.cooldown.ticks > 0) {
        EXPECT_FALSE(p.cooldown.group.empty()) << p.message;
      }
      if (p.lock != nullptr) {
        EXPECT_FALSE(p.locked_what.empty()) << p.message;
      }
    }
  }
}

}  // namespace
}  // namespace meadow::app
