#include "sim/colony/breeze.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "sim/random.hpp"
#include "sim/colony/colony_random.hpp"

namespace meadow::sim {

namespace {

// A full turn, in double like the waves below.
constexpr double kFullTurn = 2.0 * std::numbers::pi;

float wave(std::uint64_t step, std::uint32_t period, float phase) {
  const double turns = static_cast<double>(step % period) / static_cast<double>(period);
  return static_cast<float>(std::sin(turns * kFullTurn + static_cast<double>(phase)));
}

float smoothstep(float x) {
  const float t = std::clamp(x, 0.0F, 1.0F);
  return t * t * (3.0F - 2.0F * t);
}

std::uint64_t gap_after(std::uint64_t seed, const ColonyParams& p, std::uint32_t gust) {
  const float u = CounterRandom(seed, gust, colony_random::kBreezeGust).unit(0, 0);
  return p.gust_gap_min + static_cast<std::uint64_t>(u * static_cast<float>(p.gust_gap_max - p.gust_gap_min));
}

// 0 … 1 … 0: rising over gust_rise_steps, easing back over gust_ease_steps.
float envelope(const BreezeState& s, const ColonyParams& p, std::uint64_t step) {
  if (!s.gusting || step < s.gust_start) return 0.0F;
  const auto into = static_cast<float>(step - s.gust_start);
  const auto rise = static_cast<float>(p.gust_rise_steps);
  if (into < rise) return smoothstep(into / rise);
  return 1.0F - smoothstep((into - rise) / static_cast<float>(p.gust_ease_steps));
}

}  // namespace

BreezeNow calm_breeze_at(std::uint64_t seed, const ColonyParams& p, std::uint64_t step) {
  const CounterRandom phases(seed, 0, colony_random::kBreezeWaves);
  const auto phase = [&](std::uint32_t i) { return phases.unit(i) * static_cast<float>(kFullTurn); };
  BreezeNow now;
  now.direction = p.breeze_sway_wide * wave(step, p.breeze_sway_wide_period, phase(0)) +
                  p.breeze_sway_narrow * wave(step, p.breeze_sway_narrow_period, phase(1));
  now.strength = std::clamp(
      p.breeze_strength_mean + p.breeze_strength_swing * wave(step, p.breeze_strength_period, phase(2)), 0.0F, 1.0F);
  return now;
}

bool advance_breeze(BreezeState& s, std::uint64_t seed, const ColonyParams& p, std::uint64_t step,
                    GustStart* started) {
  if (s.next_gust_step == 0) s.next_gust_step = step + gap_after(seed, p, 0);
  if (s.gusting && step >= s.gust_start + p.gust_rise_steps + p.gust_ease_steps) s.gusting = false;
  if (step < s.next_gust_step) return false;
  ++s.gusts;
  const CounterRandom draw(seed, s.gusts, colony_random::kBreezeGust);
  const float side = draw.unit(0, 1) < 0.5F ? -1.0F : 1.0F;
  s.gust_swing = side * (p.gust_swing_min + draw.unit(0, 2) * (p.gust_swing_max - p.gust_swing_min));
  s.gust_boost = p.gust_boost_min + draw.unit(0, 3) * (p.gust_boost_max - p.gust_boost_min);
  s.gust_start = step;
  s.gusting = true;
  // Gaps run from one gust's start to the next.
  s.next_gust_step = step + gap_after(seed, p, s.gusts);
  if (started != nullptr) *started = GustStart{s.gust_swing, s.gust_boost};
  return true;
}

BreezeNow breeze_at(const BreezeState& s, std::uint64_t seed, const ColonyParams& p, std::uint64_t step) {
  BreezeNow now = calm_breeze_at(seed, p, step);
  const float e = envelope(s, p, step);
  now.direction += s.gust_swing * e;
  now.strength = std::min(1.0F, now.strength + s.gust_boost * e);
  now.gust = e;
  return now;
}

}  // namespace meadow::sim
