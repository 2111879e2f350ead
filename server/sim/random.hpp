#pragma once
// Counter-based randomness (DESIGN.md "Determinism"): every random number is a pure function of
// (world seed, counter such as the step, entity id, purpose, draw). Nothing is advanced, so the
// numbers cannot depend on which thread asks first or in which memory order entities are kept.
// Never a shared generator, never rand(), never a clock.
#include <cstdint>

namespace meadow::sim {

// What a random number is for; part of the key so two rules never share a stream. Append new
// purposes at the end: changing a value changes every world grown from an old seed.
enum class RandomPurpose : std::uint32_t {
  kSwarmPlacement = 1,  // where a firefly of a new swarm starts
  kSwarmHeading = 2,    // which way it first flies
  kSwarmNudge = 3,      // the tiny random nudge of every step
  kSwarmNewcomerFlock = 4,   // where a flock of newcomers enters
  kSwarmNewcomerMember = 5,  // each newcomer's place and heading within its flock
  kColonyPlacement = 6,      // where a firefly of the first colony starts
  kColonyHeading = 7,        // which way a new colony firefly first flies
  kColonyWander = 8,         // a wanderer's turn each step
  kColonyRecruit = 9,        // whether a wanderer near a carrier joins it this step
  kColonyFlashPeriod = 10,   // a colony firefly's own flash period
  kColonyFlashPhase = 11,    // its phase at birth
  kBreezeWaves = 12,         // the phases of the breeze's slow waves
  kBreezeGust = 13,          // each gust's gap, side, swing and boost
  kSeedStick = 14,           // whether a sip leaves a seed on the firefly, and for how long
  kSeedRoot = 15,            // whether a landed seed takes root
  kFlowerLife = 16,          // how long each flower lives
};

// SplitMix64's finaliser (Steele, Lea, Flood 2014): a bijection on 64 bits whose every output bit
// depends on every input bit; strong enough for simulation noise and a few multiplies cheap.
[[nodiscard]] constexpr std::uint64_t mix64(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31U);
}
// mix64 on every lane of a vector of std::uint64_t at once, in place (GCC and Clang vector
// extensions; the same integer operations, so lane k is exactly mix64 of lane k), for the swarm's
// nudge of every firefly every step. In place rather than by value: a 32-byte vector is passed
// differently with and without AVX.
template <typename U64s>
inline void mix64_lanes(U64s& z) {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
  z = z ^ (z >> 31U);
}

// Uniform float in [0, 1) from the top 24 bits (a float's mantissa holds exactly 24).
[[nodiscard]] constexpr float unit_float(std::uint64_t bits) {
  return static_cast<float>(bits >> 40U) * (1.0F / 16777216.0F);
}
// Uniform float in [-1, 1) from the top 24 bits.
// One step of a signed unit float: 2⁻²³, so 24 bits span [-1, 1).
inline constexpr float kSignedUnitStep = 1.0F / 8388608.0F;
[[nodiscard]] constexpr float signed_unit_float(std::uint64_t bits) {
  return static_cast<float>(bits >> 40U) * kSignedUnitStep - 1.0F;
}
// The same from the next 24 bits (40 … 16), so one 64-bit draw gives two independent floats
// (e.g. the x and y of a nudge).
[[nodiscard]] constexpr float unit_float_low(std::uint64_t bits) {
  return static_cast<float>((bits >> 16U) & 0xFFFFFFU) * (1.0F / 16777216.0F);
}
[[nodiscard]] constexpr float signed_unit_float_low(std::uint64_t bits) {
  return static_cast<float>((bits >> 16U) & 0xFFFFFFU) * kSignedUnitStep - 1.0F;
}
// Both of the above lane by lane, from the 24-bit fields already taken out of the bits (a vector
// of 32-bit integers): the same conversion (exact, the fields fit a float) and arithmetic.
template <typename Floats, typename Fields>
[[nodiscard]] inline Floats signed_unit_floats(Fields fields) {
  return __builtin_convertvector(fields, Floats) * kSignedUnitStep - 1.0F;
}

// The random numbers of one purpose at one counter value (for the swarm: one step). The key is
// mixed once; each (entity, draw) then costs two mixes, cheap enough for every firefly per step.
class CounterRandom {
 public:
  constexpr CounterRandom(std::uint64_t seed, std::uint64_t counter, RandomPurpose purpose)
      : key_(mix64(mix64(mix64(seed) ^ counter) ^ static_cast<std::uint64_t>(purpose))) {}

  // 64 random bits for one entity; `draw` tells apart several numbers the same entity needs.
  [[nodiscard]] constexpr std::uint64_t bits(std::uint64_t entity, std::uint32_t draw = 0) const {
    return mix64(key_ ^ mix64((entity << 8U) ^ draw));
  }
  // bits(entity) of every lane of a vector of std::uint64_t entities (draw 0), into `out`.
  template <typename U64s>
  void bits_lanes(const U64s& entity, U64s& out) const {
    out = entity << 8U;
    mix64_lanes(out);
    out ^= key_;
    mix64_lanes(out);
  }
  [[nodiscard]] constexpr float unit(std::uint64_t entity, std::uint32_t draw = 0) const {
    return unit_float(bits(entity, draw));
  }
  [[nodiscard]] constexpr float signed_unit(std::uint64_t entity, std::uint32_t draw = 0) const {
    return signed_unit_float(bits(entity, draw));
  }

 private:
  std::uint64_t key_;
};

}  // namespace meadow::sim
