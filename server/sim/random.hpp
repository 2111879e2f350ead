#pragma once
// Counter-based randomness (docs/architecture.md "Determinism"): every random number is a pure
// function of (world seed, counter such as the step, entity id, purpose, draw). Nothing is
// advanced, so the numbers cannot depend on which thread asks first or in which memory order
// entities are kept. Never a shared generator, never rand(), never a clock.
#include <cstdint>

namespace meadow::sim {

// What a random number is for; part of the key so two rules never share a stream. Each world
// declares its own in its folder (sim/<world>/<world>_random.hpp). The first worlds' numbers, 1 …
// 23, were given in one list and stay (changing one changes every world grown from an old seed); a
// new world takes world_purpose(its kind, n), which no other world's can be.
enum class RandomPurpose : std::uint32_t {};

// Purpose n (below 2^16) of the world whose kind number is `world` (its wire number).
[[nodiscard]] constexpr RandomPurpose world_purpose(std::uint32_t world, std::uint32_t n) {
  return RandomPurpose{(world << 16U) | (n & 0xFFFFU)};
}

// SplitMix64's finaliser (Steele, Lea, Flood 2014): a bijection on 64 bits whose every output bit
// depends on every input bit; strong enough for simulation noise and a few multiplies cheap.
[[nodiscard]] constexpr std::uint64_t mix64(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31U);
}
// Murmur3's 32-bit finaliser (Appleby): a bijection on 32 bits whose every output bit depends on
// every input bit, in two 32-bit multiplies. Vector units multiply 32-bit lanes in one
// instruction but (before AVX-512) have no 64-bit multiply, which mix64 needs two of: for draws
// made for every entity every step, eight at a time (a nudge of every mover).
// On one number or, in place, on every lane of a vector of std::uint32_t at once (GCC and Clang
// vector extensions: the same integer operations, so lane k is exactly mix32 of lane k). In place
// rather than by value: a 32-byte vector is passed differently with and without AVX.
template <typename U32s>
constexpr void mix32_lanes(U32s& h) {
  h ^= h >> 16U;
  h *= 0x85EBCA6BU;
  h ^= h >> 13U;
  h *= 0xC2B2AE35U;
  h ^= h >> 16U;
}
[[nodiscard]] constexpr std::uint32_t mix32(std::uint32_t h) {
  mix32_lanes(h);
  return h;
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
// Uniform float in [-1, 1) from the top 24 of 32 bits (CounterRandom::bits32).
[[nodiscard]] constexpr float signed_unit_float32(std::uint32_t bits) {
  return static_cast<float>(bits >> 8U) * kSignedUnitStep - 1.0F;
}
// signed_unit_float, signed_unit_float_low and signed_unit_float32 lane by lane, from the 24-bit
// fields already taken out of the bits (a vector of signed 32-bit integers): the same conversion
// (exact, the fields fit a float) and arithmetic.
template <typename Floats, typename Fields>
[[nodiscard]] inline Floats signed_unit_floats(Fields fields) {
  return __builtin_convertvector(fields, Floats) * kSignedUnitStep - 1.0F;
}

// The random numbers of one purpose at one counter value (for a world: one step). The key is
// mixed once; each (entity, draw) then costs two mixes, cheap enough for every entity per step.
class CounterRandom {
 public:
  constexpr CounterRandom(std::uint64_t seed, std::uint64_t counter, RandomPurpose purpose)
      : key_(mix64(mix64(mix64(seed) ^ counter) ^ static_cast<std::uint64_t>(purpose))) {}

  // 64 random bits for one entity; `draw` tells apart several numbers the same entity needs.
  [[nodiscard]] constexpr std::uint64_t bits(std::uint64_t entity, std::uint32_t draw = 0) const {
    return mix64(key_ ^ mix64((entity << 8U) ^ draw));
  }
  // 32 random bits for one entity below 2³² (32-bit ids): draw 0 or 1 keyed by the
  // low or the high half of the key. One mix32, no 64-bit multiply: for a nudge of
  // every entity every step, eight at a time (bits32_lanes). Within a step and draw, distinct
  // entities get distinct bits (xor with the key and mix32 are both bijections).
  [[nodiscard]] constexpr std::uint32_t bits32(std::uint32_t entity, std::uint32_t draw) const {
    return mix32(entity ^ key_half(draw));
  }
  // bits32(entity, draw) of every lane of a vector of std::uint32_t entities, into `out`.
  template <typename U32s>
  void bits32_lanes(const U32s& entity, std::uint32_t draw, U32s& out) const {
    out = entity ^ key_half(draw);
    mix32_lanes(out);
  }
  [[nodiscard]] constexpr float unit(std::uint64_t entity, std::uint32_t draw = 0) const {
    return unit_float(bits(entity, draw));
  }
  [[nodiscard]] constexpr float signed_unit(std::uint64_t entity, std::uint32_t draw = 0) const {
    return signed_unit_float(bits(entity, draw));
  }

 private:
  [[nodiscard]] constexpr std::uint32_t key_half(std::uint32_t draw) const {
    return static_cast<std::uint32_t>(draw == 0 ? key_ : key_ >> 32U);
  }

  std::uint64_t key_;
};

}  // namespace meadow::sim
