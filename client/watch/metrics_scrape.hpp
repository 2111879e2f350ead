#pragma once
// Reading a few figures from the server's Prometheus text at /metrics (plain HTTP/1.1).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace meadow::client {

// The body of GET `target` from host:port; nullopt when the server cannot be reached in time.
[[nodiscard]] std::optional<std::string> http_get(const std::string& host, std::uint16_t port,
                                                  const std::string& target);
// The value of an unlabelled sample `name` in Prometheus text; nullopt when absent.
[[nodiscard]] std::optional<double> metric_value(std::string_view text, std::string_view name);

}  // namespace meadow::client
