// The swarm's settings as its schema declares them (sim/swarm/swarm_settings.hpp).
#include "sim/swarm/swarm_settings.hpp"

#include <gtest/gtest.h>

#include "sim/swarm/swarm_engine.hpp"
#include "sim/swarm/swarm_rules.hpp"

namespace meadow::sim {
namespace {

TEST(SwarmSettings, TheSchemaIsTheRulesRanges) {
  const SettingsSchema schema = swarm_settings_schema(2'000'000);
  EXPECT_EQ(schema.world, WorldKind::swarm);
  const SettingSpec* count = schema.find(swarm_setting::kCount);
  ASSERT_NE(count, nullptr);
  EXPECT_EQ(count->kind, SettingKind::whole);
  EXPECT_EQ(count->min, static_cast<double>(SwarmEngine::kMinCount));
  EXPECT_EQ(count->max, 2'000'000.0) << "the engine's own largest count";
  for (const std::string_view weight : {swarm_setting::kSeparation, swarm_setting::kAlignment, swarm_setting::kCohesion}) {
    const SettingSpec* s = schema.find(weight);
    ASSERT_NE(s, nullptr) << weight;
    EXPECT_EQ(s->min, SwarmWeights::kMin);
    EXPECT_EQ(s->max, SwarmWeights::kMax);
  }
  const SettingSpec* speed = schema.find(swarm_setting::kSpeed);
  ASSERT_NE(speed, nullptr);
  EXPECT_EQ(speed->min, swarm_rules::kLeastSpeedFactor);
  EXPECT_EQ(speed->max, swarm_rules::kMostSpeedFactor);
  EXPECT_TRUE(schema.presets.empty());
  EXPECT_EQ(swarm_settings_schema(24'000).find(swarm_setting::kCount)->max, 24'000.0);
}

TEST(SwarmSettings, AChangeCrossesToTheGenericShapeAndBackWhole) {
  SwarmSettingsChange change;
  change.count = 9000;
  change.cohesion = 0.25F;
  change.speed = 1.5F;
  const SettingsChange generic = as_settings(change);
  EXPECT_EQ(generic.world, WorldKind::swarm);
  EXPECT_EQ(generic.values.size(), 3U) << "only what was given";
  EXPECT_EQ(settings_refusal(swarm_settings_schema(2'000'000), generic), std::nullopt);
  const SwarmSettingsChange back = swarm_settings_change(generic);
  EXPECT_EQ(back.count, 9000U);
  EXPECT_EQ(back.cohesion, 0.25F);
  EXPECT_EQ(back.speed, 1.5F);
  EXPECT_FALSE(back.separation.has_value());
  EXPECT_FALSE(back.alignment.has_value());
}

}  // namespace
}  // namespace meadow::sim
