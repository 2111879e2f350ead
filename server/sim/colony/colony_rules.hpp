#pragma once
// The numbers of the colony's rules (docs/rules.md "The colony"), each with its unit. Units: world
// units (one meadow is 1600 × 900) and steps (ticks of 1/60 s); a speed is units per step; "store"
// is the stump's store of nectar as a share of full (0 … 1); "energy" is a firefly's as a share of
// full.
//
// They are one struct, not loose constants, because anyone tuning the meadow (the study
// tool, docs/colony-study.md) must be able to change them per run; the defaults are the rules'
// numbers, and the few the rules leave open (marked "ours") are chosen so that a colony with a
// flower or two lives on.
#include <cstdint>

#include "sim/geometry.hpp"

namespace meadow::sim {

// No colony firefly flies faster than this, however the land pushes it (units/step): the top of
// the band every firefly of the meadow keeps (docs/rules.md "The colony · Foraging").
inline constexpr float kColonyTopSpeed = 3.2F;

struct ColonyParams {
  // --- Population (docs/rules.md "The colony · Start") -------------------------------------
  std::uint32_t start_fireflies = 50;  // fireflies around the stump at the start
  std::uint32_t max_fireflies = 500;   // the colony never grows past this
  double start_store = 0.60;           // the store at the start (share of full)
  float start_spread = 70.0F;          // ours: the first fireflies start within this of the stump (units)

  // --- Energy: light is life ------------------------------------------------------------------
  // A full firefly lasts about two minutes of flight: it burns 1 / flight_steps per step flown.
  std::uint32_t flight_steps = 7200;  // steps (2 min at 60 steps/s)
  float hungry_below = 0.25F;         // energy under which a firefly heads home to eat
  // A meal from empty to full takes this long; a half-empty firefly eats half as long and half
  // as much (docs/rules.md "The colony · Hunger").
  std::uint32_t meal_steps = 180;  // steps (3 s)
  // Ours: what a meal from empty to full takes from the store (share of full store). A sip
  // brings 0.012, so a full meal is worth a little under one sip.
  double full_meal_store = 0.010;

  // --- Births ------------------------------------------------------------------------------------
  double birth_store_above = 0.80;    // births only while the store is fuller than this
  double birth_cost = 0.15;           // share of full store spent on one firefly
  std::uint32_t birth_gap_steps = 90;  // at least 1.5 s between births (steps)
  std::uint32_t rising_steps = 60;     // ours: a newborn rises out of the hollow for 1 s (steps)

  // --- Death -----------------------------------------------------------------------------------
  std::uint32_t fade_steps = 120;  // a firefly with no energy settles; its light fades over 2 s

  // --- Foraging ------------------------------------------------------------------------------------
  float find_radius = 25.0F;          // a wanderer finds a flower passing within this (units)
  std::uint32_t sip_steps = 60;       // it sits this long on the flower to take a sip (1 s)
  std::uint32_t sips_per_flower = 90;  // sips of a full flower
  double sip_store = 0.012;           // one sip delivered adds this to the store (1.2 %)
  std::uint32_t max_foragers = 15;    // at most this many foragers per flower
  float land_radius = 4.0F;           // ours: close enough to a flower to land on it (units)

  // --- Recruitment -------------------------------------------------------------------------------
  float recruit_radius = 24.0F;  // a wanderer this close to a carrier may join it (units)
  float recruit_chance = 0.05F;  // chance per step it stays that close

  // --- Memory ------------------------------------------------------------------------------------
  // After a delivery a forager switches to the flower it remembers only if that one is at most
  // this share of its own flower's distance from home.
  float switch_distance_ratio = 0.80F;

  // --- Flashing (Kuramoto) -----------------------------------------------------------------------
  std::uint32_t flash_period_min = 70;   // each firefly flashes once every 70 … 110 steps
  std::uint32_t flash_period_max = 110;  // (its own period, drawn once from its id)
  // Ours: K of the Kuramoto model, radians per step: each step a group member's phase moves
  // K · R · sin(ψ − θ) towards the group's mean phase ψ (R: the mean phase vector's length).
  // Periods differ by up to about 0.03 rad/step, so K = 0.1 locks any group, and a new group
  // falls into step within a second or two.
  float flash_coupling = 0.10F;
  std::uint32_t flash_glow_steps = 12;  // ours: a flash glows this long, fading (steps)
  float sync_enter = 0.90F;  // a group of at least sync_min_members flashes as one above this…
  float sync_leave = 0.80F;  // …until it falls below this (hysteresis, so noise is not news)
  std::uint32_t sync_min_members = 3;

  // --- Flight (ours; the colony wanders, it does not flock) ----------------------------------
  float cruise_speed = 2.0F;    // units/step: inside a firefly's band 1.8 … 3.2
  float steer_rate = 0.12F;     // share of the gap to the wanted velocity closed per step (1/step)
  float wander_turn = 0.30F;    // a wanderer's heading turns by up to ± this each step (radians)
  // Wanderers meander about home: beyond home_range of the stump their heading turns towards it,
  // by up to home_pull a step, more the further out (units, radians per step).
  float home_range = 400.0F;
  float home_pull = 0.03F;

  // --- Flowers viewers drop (docs/rules.md "The flowers · Dropped by viewers") -------------------
  std::uint32_t max_dropped_flowers = 3;  // anyone may drop a flower while fewer are on the meadow
  // Ours: one viewer's dropped flowers on the meadow at once, so one viewer cannot take every
  // dropped flower's place (docs/rules.md "The tools · Limits and locks": limits keep one viewer
  // from swamping the meadow).
  std::uint32_t max_dropped_flowers_per_viewer = 2;
  float stump_clearance = 20.0F;  // ours: no dropped flower within this of the stump's rim (units)

  // --- Pollination (docs/rules.md "The flowers · Seeds") -----------------------------------------
  float seed_chance = 0.10F;  // a sip leaves a seed stuck on the firefly with this chance
  // The seed falls off after 5 … 20 s of flight (steps of flight, drawn per seed).
  std::uint32_t seed_flight_min = 300;
  std::uint32_t seed_flight_max = 1200;
  std::uint32_t seed_fall_steps = 180;  // it floats down for 3 s
  // While falling it drifts 80 … 300 units on the breeze: 80 in a calm, 300 in the strongest
  // breeze (drift speed follows the breeze's strength, 0 … 1, step by step).
  float seed_drift_min = 80.0F;
  float seed_drift_max = 300.0F;
  float root_chance = 0.25F;             // a landed seed takes root with this chance…
  float root_flower_clearance = 60.0F;   // …only where no flower stands within this (units)…
  float root_stump_clearance = 150.0F;   // …nor the stump within this (units, from its centre)…
                                         // …and not on a rock.

  // --- Flowers' lives (docs/rules.md "The flowers · A flower's life") ----------------------------
  std::uint32_t sprout_steps = 1800;  // a sprout grows 30 s: shoot, then bud, then bloom
  // Ours: "every flower lives about three minutes", counted from its bloom (so a dropped flower,
  // which starts in bloom, gets its three minutes too), each flower ± flower_life_jitter of it.
  std::uint32_t flower_life_steps = 10800;
  float flower_life_jitter = 0.10F;
  std::uint32_t wilt_steps = 1800;    // it wilts over its last 30 s (nectar still there)
  std::uint32_t max_in_bloom = 12;    // never more in bloom: a bud waits for room

  // --- The breeze (docs/rules.md "The breeze"), deterministic from the world seed ----------------
  // Its direction wanders round east (0 rad, away from the stump) as two slow waves of random
  // phase: amplitudes in radians, periods in steps; "a few tens of degrees a minute".
  float breeze_sway_wide = 0.35F;      // radians (20°)
  float breeze_sway_narrow = 0.20F;    // radians (11°)
  std::uint32_t breeze_sway_wide_period = 9000;    // steps (2.5 min)
  std::uint32_t breeze_sway_narrow_period = 4100;  // steps (68 s)
  // Its strength (0 … 1) changes over a minute or so round a middle.
  float breeze_strength_mean = 0.40F;
  float breeze_strength_swing = 0.20F;
  std::uint32_t breeze_strength_period = 5000;  // steps (83 s)
  // Gusts: one every 20 … 45 s swings the breeze 30 … 60° to one side within 2 s, blows
  // harder, and eases back over 6 s.
  std::uint32_t gust_gap_min = 1200;   // steps (20 s)
  std::uint32_t gust_gap_max = 2700;   // steps (45 s)
  float gust_swing_min = 0.5236F;      // radians (30°)
  float gust_swing_max = 1.0472F;      // radians (60°)
  std::uint32_t gust_rise_steps = 120;   // 2 s
  std::uint32_t gust_ease_steps = 360;   // 6 s
  float gust_boost_min = 0.25F;        // ours: strength added at the gust's height (0 … 1 scale)
  float gust_boost_max = 0.45F;

  // --- The stump (docs/rules.md "The land · The ground": the colony's meadow's bottom left) ------
  float stump_radius = 30.0F;     // units
  Vec2 stump_inset{150.0F, 140.0F};  // its centre, from the meadow's bottom-left corner (units)

  // --- The frog (docs/rules.md "The frog": dropped like a rock, it hops about and eats the
  // fireflies that hang around it too long) ------------------------------------------------------
  std::uint32_t max_frogs = 3;  // frogs on the meadow at once: a drop beyond is refused (anyone's)
  // Ours: one viewer's frogs on the meadow at once, so that one viewer cannot take every frog's
  // place (the operator has no such cap).
  std::uint32_t max_frogs_per_viewer = 1;
  float frog_reach = 30.0F;     // a firefly within this of a sitting frog lingers there (units)
  // Ours: a firefly lingering this long without a break is eaten (steps; 1 s, as long as a sip):
  // a forager sipping beside a frog is caught, one passing by gets away. Tuned with the study
  // (docs/colony-study.md "Frogs"): longer, and frogs hardly ever catch anything.
  std::uint32_t frog_patience_steps = 60;
  std::uint32_t frog_catch_gap_steps = 240;  // after a catch it digests, catching nothing, 4 s (steps)
  std::uint32_t frog_sit_min_steps = 180;    // it sits 3 … 8 s between hops (steps, drawn per hop)
  std::uint32_t frog_sit_max_steps = 480;
  std::uint32_t frog_hop_steps = 30;  // a hop lasts 0.5 s (steps)
  float frog_hop_length = 80.0F;      // and goes at most this far (units)…
  // …towards the flower most of the foragers within this forage at (units)
  float frog_sense_radius = 220.0F;
  // Frogs keep this far beyond the stump's rim and a reach out (units): the stump is the colony's
  // home, and a frog at its door would eat every firefly coming home to eat.
  float frog_stump_margin = 40.0F;
  float frog_body_radius = 14.0F;        // a tap this close takes the frog away; rocks keep this clear (units)
  std::uint32_t frog_gulp_steps = 24;    // the gulp shown after a catch fades over 0.4 s (steps)
};

// No frog sits or lands closer than this to the stump's centre (units).
[[nodiscard]] constexpr float frog_stump_keep_out(const ColonyParams& p) {
  return p.stump_radius + p.frog_reach + p.frog_stump_margin;
}

// Where the hollow stump stands on a meadow.
[[nodiscard]] constexpr Vec2 stump_center(const Rect& meadow, const ColonyParams& p) {
  return {meadow.x + p.stump_inset.x, meadow.bottom() - p.stump_inset.y};
}

}  // namespace meadow::sim
