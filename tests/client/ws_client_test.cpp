#include "ws/ws_client.hpp"

#include <gtest/gtest.h>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>
#include <string>

namespace meadow::client {
namespace {

// A loopback port that nothing listens on: bind one, note it, close it.
std::uint16_t unused_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  close(fd);
  return ntohs(addr.sin_port);
}

TEST(WsClient, ConnectingToNothingSaysWhereAndWhy) {
  WsClient client;
  const std::uint16_t port = unused_port();
  try {
    client.connect("127.0.0.1", port);
    FAIL() << "connect should have thrown";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("ws://127.0.0.1:" + std::to_string(port) + "/ws"), std::string::npos) << what;
    EXPECT_NE(what.find("refused"), std::string::npos) << what;
  }
}

TEST(WsClient, NothingArrivesBeforeConnecting) {
  WsClient client;
  EXPECT_FALSE(client.next(std::chrono::milliseconds(10)).has_value());
  EXPECT_EQ(client.pending(), 0U);
  EXPECT_FALSE(client.close_info().closed);
}

}  // namespace
}  // namespace meadow::client
