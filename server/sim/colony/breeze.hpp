#pragma once
// The breeze over the meadow (docs/rules.md "The breeze"): its direction wanders round east (away
// from the stump) and its strength changes over a minute or so; every 20 … 45 s a gust swings it
// 30 … 60° to one side within 2 s, blows harder and eases back over 6 s. Deterministic from the
// world seed: the slow waves are a pure function of the step, the gusts come from counter-based
// draws keyed by the gust's number, so the breeze is the same whoever asks and however often.
#include <cstdint>

#include "sim/colony/colony_rules.hpp"

namespace meadow::sim {

// What the breeze does now.
struct BreezeNow {
  float direction = 0.0F;  // radians the air moves towards; 0 = east (+x), growing towards +y
  float strength = 0.0F;   // 0 (calm) … 1 (the strongest gust)
  float gust = 0.0F;       // 0 … 1: how far into a gust (0 none, 1 at its height)
};

// The breeze's memory between steps (plain data, saved with the colony).
struct BreezeState {
  std::uint64_t next_gust_step = 0;  // 0: not scheduled yet
  std::uint64_t gust_start = 0;
  std::uint32_t gusts = 0;           // gusts so far
  float gust_swing = 0.0F;           // radians, signed: to which side
  float gust_boost = 0.0F;           // strength added at the gust's height
  bool gusting = false;
};

// A gust that just began.
struct GustStart {
  float swing = 0.0F;  // radians, signed
  float boost = 0.0F;
};

// Moves the breeze to `step`; true (and the gust) when a gust begins at this step.
bool advance_breeze(BreezeState& state, std::uint64_t seed, const ColonyParams& p, std::uint64_t step,
                    GustStart* started = nullptr);
// The breeze at `step` (after advance_breeze for that step).
[[nodiscard]] BreezeNow breeze_at(const BreezeState& state, std::uint64_t seed, const ColonyParams& p,
                                  std::uint64_t step);
// The breeze without its gust: the slow waves alone.
[[nodiscard]] BreezeNow calm_breeze_at(std::uint64_t seed, const ColonyParams& p, std::uint64_t step);

}  // namespace meadow::sim
