#pragma once
// A NATS URL as it may be logged: credentials in it ("nats://user:password@host:4222", or a token
// "nats://s3cret@host") are replaced by "***", in each URL of a comma-separated list. Logs travel
// further than the secret should (journald, a log shipper, a bug report).
#include <string>
#include <string_view>

namespace meadow::edge {

[[nodiscard]] std::string without_credentials(std::string_view urls);

}  // namespace meadow::edge
