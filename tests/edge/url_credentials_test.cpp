#include "edge/url_credentials.hpp"

#include <gtest/gtest.h>

namespace meadow::edge {
namespace {

TEST(UrlCredentials, AreNeverLogged) {
  EXPECT_EQ(without_credentials("nats://nats:4222"), "nats://nats:4222");
  EXPECT_EQ(without_credentials("nats://meadow:s3cret@nats:4222"), "nats://***@nats:4222");
  EXPECT_EQ(without_credentials("tls://t0ken@10.0.0.5:4222/x"), "tls://***@10.0.0.5:4222/x");
  EXPECT_EQ(without_credentials("nats://a:b@one:4222,nats://two:4222,nats://c@three"),
            "nats://***@one:4222,nats://two:4222,nats://***@three");
  EXPECT_EQ(without_credentials("user:pw@host:4222"), "***@host:4222") << "no scheme";
  EXPECT_EQ(without_credentials("nats://host:4222/path@not-credentials"), "nats://host:4222/path@not-credentials");
  EXPECT_EQ(without_credentials("nats://we:ird@pw@host"), "nats://***@host");
  EXPECT_EQ(without_credentials(""), "");
}

}  // namespace
}  // namespace meadow::edge
