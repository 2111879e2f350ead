// The table of the colony's numbers that the study tool overrides.
#include "sim/colony/colony_param_table.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace meadow::sim {
namespace {

TEST(ColonyParamTable, EveryRowIsItsOwnNumberWithAUnitAndAMeaning) {
  std::set<std::string_view> names;
  ColonyParams marked;
  for (const ColonyParamInfo& p : colony_param_table()) {
    EXPECT_TRUE(names.insert(p.name).second) << p.name << " twice";
    EXPECT_FALSE(p.unit.empty()) << p.name;
    EXPECT_FALSE(p.meaning.empty()) << p.name;
    // Setting a row changes that row only: no two rows share a member.
    const ColonyParams before = marked;
    ASSERT_EQ(set_colony_param(marked, p.name, colony_param_value(marked, p) + 1.0), "") << p.name;
    for (const ColonyParamInfo& q : colony_param_table()) {
      if (q.name == p.name) continue;
      EXPECT_EQ(colony_param_value(marked, q), colony_param_value(before, q)) << p.name << " moved " << q.name;
    }
  }
  // Every number of ColonyParams but the stump's inset (a point, not a number to sweep). Update
  // this count, and the table, when a rule gains a number.
  EXPECT_EQ(names.size(), 78U);
}

TEST(ColonyParamTable, SetsAndReadsBack) {
  ColonyParams p;
  EXPECT_EQ(set_colony_param(p, "sips_per_flower", 60), "");
  EXPECT_EQ(p.sips_per_flower, 60U);
  EXPECT_EQ(set_colony_param(p, "seed_chance", 0.2), "");
  EXPECT_FLOAT_EQ(p.seed_chance, 0.2F);
  EXPECT_EQ(set_colony_param(p, "start_store", 0.9), "");
  EXPECT_DOUBLE_EQ(p.start_store, 0.9);
  EXPECT_DOUBLE_EQ(colony_param_value(p, *find_colony_param("sips_per_flower")), 60.0);
}

TEST(ColonyParamTable, RefusesWhatCannotBe) {
  ColonyParams p;
  EXPECT_NE(set_colony_param(p, "no_such_thing", 1).find("no colony parameter"), std::string::npos);
  EXPECT_NE(set_colony_param(p, "sips_per_flower", 2.5).find("whole number"), std::string::npos);
  EXPECT_NE(set_colony_param(p, "seed_chance", -1).find("≥ 0"), std::string::npos);
  EXPECT_EQ(p.sips_per_flower, 90U);
}

}  // namespace
}  // namespace meadow::sim
