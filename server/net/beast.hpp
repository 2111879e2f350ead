#pragma once
// The Boost.Asio/Beast names the network code uses. Heavy: include only from net/*.cpp and the
// few net headers that hold Beast objects, never from headers the rest of the server includes.
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace meadow::net {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

// Logs a failed operation unless it is one of the harmless ways a connection ends.
void fail(beast::error_code ec, const char* what);
}  // namespace meadow::net
