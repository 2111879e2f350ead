#pragma once
// meadowctl's times as the operator types them: a while ("90s", "15", "15m", "2h": minutes when
// bare) and a moment of tonight ("21:40": the last time the clock showed it, today or yesterday).
#include <cstdint>
#include <ctime>
#include <optional>
#include <string>

namespace meadow::client {

// Seconds of a while; nullopt when it is not one (or not above zero).
[[nodiscard]] std::optional<std::uint64_t> while_seconds(const std::string& text);
// Unix milliseconds of the latest local time "HH:MM" at or before `now`; nullopt when `text` is
// not a time of day.
[[nodiscard]] std::optional<std::int64_t> moment_before(const std::string& text, std::time_t now);

}  // namespace meadow::client
