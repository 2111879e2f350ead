#include "meadowctl/time_args.hpp"

#include <charconv>

namespace meadow::client {

std::optional<std::uint64_t> while_seconds(const std::string& text) {
  std::uint64_t n = 0;
  const char* end = text.data() + text.size();
  const auto [rest, error] = std::from_chars(text.data(), end, n);
  if (error != std::errc() || rest == text.data() || n == 0) return std::nullopt;
  const std::string unit(rest, end);
  std::uint64_t per = 0;
  if (unit == "s") per = 1;
  if (unit.empty() || unit == "m") per = 60;
  if (unit == "h") per = 3600;
  if (per == 0 || n > UINT32_MAX) return std::nullopt;
  return n * per;
}

std::optional<std::int64_t> moment_before(const std::string& text, std::time_t now) {
  int hours = 0;
  int minutes = 0;
  const char* end = text.data() + text.size();
  const auto [colon, e1] = std::from_chars(text.data(), end, hours);
  if (e1 != std::errc() || colon == end || *colon != ':' || colon - text.data() > 2) return std::nullopt;
  const auto [rest, e2] = std::from_chars(colon + 1, end, minutes);
  if (e2 != std::errc() || rest != end || end - colon != 3) return std::nullopt;
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59) return std::nullopt;
  std::tm local{};
  localtime_r(&now, &local);
  local.tm_hour = hours;
  local.tm_min = minutes;
  local.tm_sec = 0;
  local.tm_isdst = -1;
  std::time_t at = std::mktime(&local);
  if (at > now) {
    // Later today: the same time yesterday.
    localtime_r(&now, &local);
    local.tm_mday -= 1;
    local.tm_hour = hours;
    local.tm_min = minutes;
    local.tm_sec = 0;
    local.tm_isdst = -1;
    at = std::mktime(&local);
  }
  return static_cast<std::int64_t>(at) * 1000;
}

}  // namespace meadow::client
