#include "meadowctl/world_settings_args.hpp"

#include <gtest/gtest.h>

namespace meadow::client {
namespace {

TEST(WorldSettingsArgs, WorldsAreTheWiresNames) {
  EXPECT_EQ(world_by_name("mold"), v1::WORLD_MOLD);
  EXPECT_EQ(world_by_name("swarm"), v1::WORLD_SWARM);
  EXPECT_EQ(world_by_name("nowhere"), std::nullopt);
  EXPECT_EQ(world_by_name("unspecified"), std::nullopt);
  EXPECT_EQ(world_by_name(""), std::nullopt);
  EXPECT_EQ(world_label(v1::WORLD_COLONY), "colony");
}

TEST(WorldSettingsArgs, NameEqualsValueBecomesTheChange) {
  v1::WorldSettings out;
  EXPECT_EQ(parse_setting_args(v1::WORLD_MOLD, {"decay=0.25", "occupancy=off", "agents=4096"}, "web", out), "");
  EXPECT_EQ(out.world(), v1::WORLD_MOLD);
  EXPECT_EQ(out.preset(), "web");
  ASSERT_EQ(out.values_size(), 3);
  EXPECT_EQ(out.values(0).name(), "decay");
  EXPECT_EQ(out.values(0).value(), 0.25);
  EXPECT_EQ(out.values(1).value(), 0.0);
  EXPECT_EQ(out.values(2).value(), 4096.0);
  EXPECT_EQ(parse_setting_args(v1::WORLD_MOLD, {"occupancy=on"}, std::nullopt, out), "");
  EXPECT_EQ(out.values(0).value(), 1.0);
  EXPECT_FALSE(out.has_preset());
}

TEST(WorldSettingsArgs, WhatIsNotNameEqualsNumberIsRefusedWithWhy) {
  v1::WorldSettings out;
  EXPECT_NE(parse_setting_args(v1::WORLD_SWARM, {"count"}, std::nullopt, out), "");
  EXPECT_NE(parse_setting_args(v1::WORLD_SWARM, {"=5"}, std::nullopt, out), "");
  EXPECT_NE(parse_setting_args(v1::WORLD_SWARM, {"count=many"}, std::nullopt, out), "");
  EXPECT_NE(parse_setting_args(v1::WORLD_SWARM, {"count=5x"}, std::nullopt, out), "");
  EXPECT_NE(parse_setting_args(v1::WORLD_SWARM, {}, std::nullopt, out), "") << "nothing to change";
}

TEST(WorldSettingsArgs, TheSettingsTextIsBuiltFromTheSchemaAlone) {
  v1::Status status;
  v1::WorldStatus& w = *status.add_worlds();
  // A world meadowctl knows nothing of: a wire number the product's enum leaves free, as the
  // tests' world has (tests/support/test_world_kind.hpp).
  w.set_world(static_cast<v1::World>(15));
  w.set_name("test");  // as the server names it
  v1::SettingSpec& spec = *w.mutable_settings_schema()->add_settings();
  spec.set_name("brightness");
  spec.set_label("brightness");
  spec.set_unit("lumens");
  spec.set_kind(v1::SettingSpec::KIND_NUMBER);
  spec.set_min(0);
  spec.set_max(2.5);
  v1::SettingSpec& flag = *w.mutable_settings_schema()->add_settings();
  flag.set_name("blink");
  flag.set_label("blinking");
  flag.set_kind(v1::SettingSpec::KIND_FLAG);
  flag.set_max(1);
  v1::SettingsPresetInfo& preset = *w.mutable_settings_schema()->add_presets();
  preset.set_name("dim");
  preset.set_title("Dim");
  v1::SettingValue& now = *w.add_settings();
  now.set_name("brightness");
  now.set_value(1.25);
  v1::SettingValue& blink = *w.add_settings();
  blink.set_name("blink");
  blink.set_value(1);
  status.add_worlds()->set_world(v1::WORLD_COLONY);  // no settings
  const std::string text = settings_text(status);
  EXPECT_NE(text.find("test\n"), std::string::npos) << text;
  EXPECT_NE(text.find("brightness       1.25       0 … 2.5 lumens (brightness)"), std::string::npos) << text;
  EXPECT_NE(text.find("blink            on         on or off (blinking)"), std::string::npos) << text;
  EXPECT_NE(text.find("presets: dim (Dim)"), std::string::npos) << text;
  EXPECT_EQ(text.find("colony"), std::string::npos) << "a world without settings is left out: " << text;
  EXPECT_EQ(settings_text(status, v1::WORLD_COLONY), "colony: no settings\n");
  EXPECT_EQ(settings_text(status, v1::WORLD_MOLD), "mold: not on this server\n");
}

}  // namespace
}  // namespace meadow::client
