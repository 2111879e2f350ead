#pragma once
// A ViewerLink over the WebSocket on /ws (Boost.Beast, asynchronous): many links share one
// io_context, so a load run holds a thousand viewers on a few threads.
#include <boost/asio/io_context.hpp>

#include <memory>

#include "watch/viewer_link.hpp"

namespace meadow::client {

[[nodiscard]] std::unique_ptr<ViewerLink> make_ws_link(boost::asio::io_context& io, LinkTarget target,
                                                       LinkHandlers handlers);

}  // namespace meadow::client
