#pragma once
// Small worlds' movers packed as little-endian 16-bit numbers (a few hundred birds or fish):
// the viewer reads them with a DataView, two bytes each.
#include <cstdint>
#include <string>

namespace meadow::stream {

inline void append_u16_le(std::string& out, std::uint16_t v) {
  out.push_back(static_cast<char>(v & 0xFFU));
  out.push_back(static_cast<char>(v >> 8U));
}

}  // namespace meadow::stream
