#include <spdlog/spdlog.h>

#include "net/beast.hpp"
#include "net/log_throttle.hpp"
#include "net/logger.hpp"

namespace meadow::net {

void fail(beast::error_code ec, const char* what) {
  // Peers closing, timeouts and our own cancellations are how connections normally end.
  if (ec == asio::error::operation_aborted || ec == websocket::error::closed ||
      ec == asio::error::eof || ec == beast::error::timeout ||
      ec == asio::error::connection_reset || ec == asio::error::broken_pipe ||
      ec == http::error::end_of_stream) {
    logger()->debug("{}: {}", what, ec.message());
    return;
  }
  // Anything else a peer can cause as often as it likes: throttled per kind of operation.
  warn_throttled(what, "{}: {}", what, ec.message());
}

}  // namespace meadow::net
