// The one check of a world's settings change against its schema (sim/settings.hpp).
#include "sim/settings.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "support/test_world_kind.hpp"

namespace meadow::sim {
namespace {

// A schema of each kind, and a preset.
SettingsSchema schema() {
  return {meadow::testing::kTestWorldKind,
          {{"size", "beacon size", "pixels", SettingKind::whole, 1.0, 4.0, 1.0},
           {"glow", "glow", "", SettingKind::number, 0.1, 1.0, 0.1},
           {"blink", "blinking", "", SettingKind::flag, 0.0, 1.0, 1.0}},
          {{"lantern", "Lantern"}}};
}

std::string code_of(const SettingsChange& change) {
  const auto refusal = settings_refusal(schema(), change);
  if (!refusal) return "(fits)";
  EXPECT_FALSE(refusal->text.empty());
  return refusal->code;
}

SettingsChange change(std::vector<SettingValue> values, std::optional<std::string> preset = std::nullopt) {
  return {meadow::testing::kTestWorldKind, std::move(values), std::move(preset)};
}

TEST(Settings, AChangeInsideItsRangesFits) {
  EXPECT_EQ(code_of(change({{"size", 1}, {"glow", 1.0}, {"blink", 0}})), "(fits)");
  EXPECT_EQ(code_of(change({{"size", 4}, {"glow", 0.1}, {"blink", 1}})), "(fits)") << "bounds are inside";
  EXPECT_EQ(code_of(change({}, "lantern")), "(fits)");
  EXPECT_EQ(code_of(change({})), "(fits)") << "nothing asked, nothing wrong";
}

TEST(Settings, EachWayOutIsRefusedWithItsCode) {
  EXPECT_EQ(code_of(change({{"size", 5}})), "out_of_range");
  EXPECT_EQ(code_of(change({{"glow", 0.05}})), "out_of_range");
  EXPECT_EQ(code_of(change({{"size", 2.5}})), "out_of_range") << "a whole number";
  EXPECT_EQ(code_of(change({{"blink", 0.5}})), "out_of_range") << "on or off";
  EXPECT_EQ(code_of(change({{"glow", std::numeric_limits<double>::quiet_NaN()}})), "not_finite");
  EXPECT_EQ(code_of(change({{"glow", std::numeric_limits<double>::infinity()}})), "not_finite");
  EXPECT_EQ(code_of(change({{"gravity", 1}})), "unknown_value");
  EXPECT_EQ(code_of(change({{std::string(1000, 'a'), 1}})), "unknown_value");
  EXPECT_EQ(code_of(change({}, "rivers")), "unknown_value");
  EXPECT_EQ(code_of(change({{"glow", 0.5}, {"glow", 0.6}})), "duplicate");
  SettingsChange elsewhere = change({});
  elsewhere.world = WorldKind::mold;
  EXPECT_EQ(code_of(elsewhere), "unknown_value") << "another world's change";
}

TEST(Settings, OneBadValueRefusesTheWholeChange) {
  EXPECT_EQ(code_of(change({{"size", 2}, {"glow", 7.0}})), "out_of_range");
}

TEST(Settings, TheWordsNameTheWorldTheSettingAndItsRangeButNeverEchoTheSender) {
  EXPECT_EQ(settings_refusal(schema(), change({{"size", 9}}))->text, "The test's beacon size must be between 1 and 4.");
  const std::string unknown = settings_refusal(schema(), change({{"<b>x</b>", 1}}))->text;
  EXPECT_EQ(unknown, "The test has no setting of that name; it has: size, glow, blink.");
  EXPECT_EQ(settings_refusal(schema(), change({}, "<b>"))->text,
            "The test has no preset of that name; it has: lantern.");
}

TEST(Settings, ValuesAreFoundByName) {
  const SettingsChange c = change({{"size", 3}, {"glow", 0.5}});
  EXPECT_EQ(c.value("size"), 3.0);
  EXPECT_EQ(c.value("blink"), std::nullopt);
  const std::vector<SettingsSchema> schemas = {schema()};
  EXPECT_EQ(schema_of(schemas, meadow::testing::kTestWorldKind), &schemas[0]);
  EXPECT_EQ(schema_of(schemas, WorldKind::swarm), nullptr);
  EXPECT_EQ(shortest_number(0.5), "0.5");
  EXPECT_EQ(shortest_number(2000000), "2000000");
}

}  // namespace
}  // namespace meadow::sim
