#pragma once
// FNV-1a over the bits of a world's state (sim/state_hash.hpp): each world folds in what its next
// step depends on, in its own folder (sim/<world>/<world>_state_hash.*).
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "sim/geometry.hpp"

namespace meadow::sim {

class StateHasher {
 public:
  void add(float f) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, sizeof bits);
    word(bits);
  }
  void add(double d) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &d, sizeof bits);
    word(bits);
  }
  template <typename T>
    requires(std::is_integral_v<T> || std::is_enum_v<T>)
  void add(T v) {
    word(static_cast<std::uint64_t>(v));
  }
  void add(Vec2 v) {
    add(v.x);
    add(v.y);
  }
  [[nodiscard]] std::uint64_t value() const { return h_; }

 private:
  void word(std::uint64_t w) { h_ = (h_ ^ w) * 1099511628211ULL; }
  std::uint64_t h_ = 14695981039346656037ULL;
};

}  // namespace meadow::sim
