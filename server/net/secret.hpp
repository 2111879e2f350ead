#pragma once
// Comparing secrets (the operator's token, a gRPC viewer's key) in time independent of where the
// strings differ, so a secret cannot be guessed a character at a time from the answer's timing.
// Only the length may show, and the length of a secret is not the secret.
#include <cstddef>
#include <string_view>

namespace meadow::net {

[[nodiscard]] inline bool same_secret(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace meadow::net
