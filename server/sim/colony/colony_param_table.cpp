#include "sim/colony/colony_param_table.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

namespace meadow::sim {

std::span<const ColonyParamInfo> colony_param_table() {
  static const ColonyParamInfo table[] = {
      {"start_fireflies", "fireflies", "fireflies around the stump at the start", &ColonyParams::start_fireflies},
      {"max_fireflies", "fireflies", "the colony never grows past this", &ColonyParams::max_fireflies},
      {"start_store", "share of full", "the stump's store at the start", &ColonyParams::start_store},
      {"start_spread", "units", "the first fireflies start within this of the stump", &ColonyParams::start_spread},
      {"flight_steps", "steps", "a full firefly lasts this long in flight", &ColonyParams::flight_steps},
      {"hungry_below", "share of full", "energy under which a firefly goes home to eat", &ColonyParams::hungry_below},
      {"meal_steps", "steps", "a meal from empty to full takes this long", &ColonyParams::meal_steps},
      {"full_meal_store", "share of full store", "what a meal from empty to full takes from the store", &ColonyParams::full_meal_store},
      {"birth_store_above", "share of full", "births only while the store is fuller", &ColonyParams::birth_store_above},
      {"birth_cost", "share of full store", "nectar one birth spends", &ColonyParams::birth_cost},
      {"birth_gap_steps", "steps", "at least this long between births", &ColonyParams::birth_gap_steps},
      {"rising_steps", "steps", "a newborn rises out of the hollow this long", &ColonyParams::rising_steps},
      {"fade_steps", "steps", "a dead firefly's light fades over this", &ColonyParams::fade_steps},
      {"find_radius", "units", "a wanderer finds a flower passing this close", &ColonyParams::find_radius},
      {"sip_steps", "steps", "a sip takes this long on the flower", &ColonyParams::sip_steps},
      {"sips_per_flower", "sips", "sips of nectar in a full flower", &ColonyParams::sips_per_flower},
      {"sip_store", "share of full store", "one delivered sip adds this to the store", &ColonyParams::sip_store},
      {"max_foragers", "fireflies", "at most this many foragers per flower", &ColonyParams::max_foragers},
      {"land_radius", "units", "close enough to land on a flower or a seat on the stump", &ColonyParams::land_radius},
      {"recruit_radius", "units", "a wanderer this close to a carrier may join it", &ColonyParams::recruit_radius},
      {"recruit_chance", "chance per step", "a wanderer near a carrier joins it", &ColonyParams::recruit_chance},
      {"switch_distance_ratio", "ratio", "switch to a remembered flower at most this share as far from home", &ColonyParams::switch_distance_ratio},
      {"flash_period_min", "steps", "shortest own flash period", &ColonyParams::flash_period_min},
      {"flash_period_max", "steps", "longest own flash period", &ColonyParams::flash_period_max},
      {"flash_coupling", "radians per step", "Kuramoto coupling K within a foraging group", &ColonyParams::flash_coupling},
      {"flash_glow_steps", "steps", "a flash glows this long", &ColonyParams::flash_glow_steps},
      {"sync_enter", "0 … 1", "a group flashes as one above this sync", &ColonyParams::sync_enter},
      {"sync_leave", "0 … 1", "…until it falls below this", &ColonyParams::sync_leave},
      {"sync_min_members", "fireflies", "smallest group that counts as flashing as one", &ColonyParams::sync_min_members},
      {"cruise_speed", "units per step", "how fast colony fireflies fly", &ColonyParams::cruise_speed},
      {"steer_rate", "per step", "share of the gap to the wanted velocity closed each step", &ColonyParams::steer_rate},
      {"wander_turn", "radians per step", "a wanderer's largest random turn", &ColonyParams::wander_turn},
      {"max_dropped_flowers", "flowers", "viewers may drop a flower while fewer are on the meadow", &ColonyParams::max_dropped_flowers},
      {"max_dropped_flowers_per_viewer", "flowers", "one viewer's dropped flowers on the meadow at once", &ColonyParams::max_dropped_flowers_per_viewer},
      {"stump_clearance", "units", "no dropped flower this close to the stump's rim", &ColonyParams::stump_clearance},
      {"seed_chance", "chance per sip", "a sip leaves a seed stuck on the firefly", &ColonyParams::seed_chance},
      {"seed_flight_min", "steps", "shortest flight before the seed falls off", &ColonyParams::seed_flight_min},
      {"seed_flight_max", "steps", "longest flight before the seed falls off", &ColonyParams::seed_flight_max},
      {"seed_fall_steps", "steps", "a seed floats down this long", &ColonyParams::seed_fall_steps},
      {"seed_drift_min", "units", "drift while falling in a calm", &ColonyParams::seed_drift_min},
      {"seed_drift_max", "units", "drift while falling in the strongest breeze", &ColonyParams::seed_drift_max},
      {"root_chance", "chance", "a landed seed takes root (where there is room)", &ColonyParams::root_chance},
      {"root_flower_clearance", "units", "no rooting this close to another flower", &ColonyParams::root_flower_clearance},
      {"root_stump_clearance", "units", "no rooting this close to the stump's centre", &ColonyParams::root_stump_clearance},
      {"sprout_steps", "steps", "a sprout grows this long before it blooms", &ColonyParams::sprout_steps},
      {"flower_life_steps", "steps", "a flower lives this long from its bloom", &ColonyParams::flower_life_steps},
      {"flower_life_jitter", "share", "each flower's life differs by up to ± this share", &ColonyParams::flower_life_jitter},
      {"wilt_steps", "steps", "a flower wilts over the end of its life", &ColonyParams::wilt_steps},
      {"max_in_bloom", "flowers", "never more in bloom at once", &ColonyParams::max_in_bloom},
      {"breeze_sway_wide", "radians", "the breeze's slow wave of direction, amplitude", &ColonyParams::breeze_sway_wide},
      {"breeze_sway_narrow", "radians", "its faster wave of direction, amplitude", &ColonyParams::breeze_sway_narrow},
      {"breeze_sway_wide_period", "steps", "period of the slow wave", &ColonyParams::breeze_sway_wide_period},
      {"breeze_sway_narrow_period", "steps", "period of the faster wave", &ColonyParams::breeze_sway_narrow_period},
      {"breeze_strength_mean", "0 … 1", "the breeze's middle strength", &ColonyParams::breeze_strength_mean},
      {"breeze_strength_swing", "0 … 1", "how far its strength swings either side", &ColonyParams::breeze_strength_swing},
      {"breeze_strength_period", "steps", "period of its strength's wave", &ColonyParams::breeze_strength_period},
      {"gust_gap_min", "steps", "shortest time from one gust to the next", &ColonyParams::gust_gap_min},
      {"gust_gap_max", "steps", "longest time from one gust to the next", &ColonyParams::gust_gap_max},
      {"gust_swing_min", "radians", "smallest swing of a gust", &ColonyParams::gust_swing_min},
      {"gust_swing_max", "radians", "largest swing of a gust", &ColonyParams::gust_swing_max},
      {"gust_rise_steps", "steps", "a gust swings the breeze within this", &ColonyParams::gust_rise_steps},
      {"gust_ease_steps", "steps", "and eases back over this", &ColonyParams::gust_ease_steps},
      {"gust_boost_min", "0 … 1", "least strength a gust adds", &ColonyParams::gust_boost_min},
      {"gust_boost_max", "0 … 1", "most strength a gust adds", &ColonyParams::gust_boost_max},
      {"stump_radius", "units", "the stump's radius", &ColonyParams::stump_radius},
      {"max_frogs", "frogs", "frogs on the meadow at once", &ColonyParams::max_frogs},
      {"max_frogs_per_viewer", "frogs", "one viewer's frogs on the meadow at once", &ColonyParams::max_frogs_per_viewer},
      {"frog_reach", "units", "a firefly this close to a sitting frog lingers there", &ColonyParams::frog_reach},
      {"frog_patience_steps", "steps", "a firefly lingering this long without a break is eaten", &ColonyParams::frog_patience_steps},
      {"frog_catch_gap_steps", "steps", "a frog digests this long after a catch", &ColonyParams::frog_catch_gap_steps},
      {"frog_sit_min_steps", "steps", "shortest sit between a frog's hops", &ColonyParams::frog_sit_min_steps},
      {"frog_sit_max_steps", "steps", "longest sit between a frog's hops", &ColonyParams::frog_sit_max_steps},
      {"frog_hop_steps", "steps", "a hop lasts this long", &ColonyParams::frog_hop_steps},
      {"frog_hop_length", "units", "a hop goes at most this far", &ColonyParams::frog_hop_length},
      {"frog_sense_radius", "units", "a frog hops towards the flower of the foragers within this", &ColonyParams::frog_sense_radius},
      {"frog_stump_margin", "units", "frogs keep this beyond the stump's rim and a reach", &ColonyParams::frog_stump_margin},
      {"frog_body_radius", "units", "a tap this close takes a frog away; rocks keep this clear", &ColonyParams::frog_body_radius},
      {"frog_gulp_steps", "steps", "the gulp shown after a catch fades over this", &ColonyParams::frog_gulp_steps},
  };
  return table;
}

const ColonyParamInfo* find_colony_param(std::string_view name) {
  const auto table = colony_param_table();
  const auto it = std::find_if(table.begin(), table.end(), [&](const ColonyParamInfo& p) { return p.name == name; });
  return it == table.end() ? nullptr : &*it;
}

double colony_param_value(const ColonyParams& params, const ColonyParamInfo& info) {
  return std::visit([&](auto member) { return static_cast<double>(params.*member); }, info.member);
}

std::string set_colony_param(ColonyParams& params, std::string_view name, double value) {
  const ColonyParamInfo* info = find_colony_param(name);
  if (info == nullptr) return "no colony parameter is called '" + std::string(name) + "' (see --list-params)";
  if (!std::isfinite(value) || value < 0.0) return std::string(name) + " must be a finite number ≥ 0";
  return std::visit(
      [&](auto member) -> std::string {
        using T = std::remove_reference_t<decltype(params.*member)>;
        if constexpr (std::is_integral_v<T>) {
          if (value != std::floor(value) || value > static_cast<double>(std::numeric_limits<T>::max())) {
            return std::string(name) + " is a whole number (" + std::string(info->unit) + ")";
          }
        }
        params.*member = static_cast<T>(value);
        return {};
      },
      info->member);
}

}  // namespace meadow::sim
