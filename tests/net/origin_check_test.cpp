#include "net/origin_check.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace meadow::net {
namespace {

TEST(OriginCheck, AnOriginIsReadWithItsSchemesDefaultPort) {
  EXPECT_EQ(parse_origin("http://gallery.example"), (Origin{"http", "gallery.example", 80}));
  EXPECT_EQ(parse_origin("HTTPS://Gallery.Example"), (Origin{"https", "gallery.example", 443}));
  EXPECT_EQ(parse_origin("http://127.0.0.1:8080"), (Origin{"http", "127.0.0.1", 8080}));
  EXPECT_EQ(parse_origin("http://[::1]:5173"), (Origin{"http", "[::1]", 5173}));
  EXPECT_EQ(parse_origin("chrome-extension://abcdef"), (Origin{"chrome-extension", "abcdef", 0}));
}

TEST(OriginCheck, WhatIsNoOriginIsNotRead) {
  for (const char* text : {"null", "", "gallery.example", "://gallery", "http://", "http://gallery/",
                           "http://gallery/viewer", "http://user@gallery", "http://gallery:", "http://gallery:0",
                           "http://gallery:70000", "http://gallery:80x", "http://gal lery", "http://::1:80",
                           "http://[::1", "1http://gallery", "http://gallery,http://other"}) {
    EXPECT_FALSE(parse_origin(text)) << text;
  }
}

TEST(OriginCheck, PagesThisServerServedGetIn) {
  const OriginPolicy policy;
  EXPECT_TRUE(policy.allows("http://127.0.0.1:8080", "127.0.0.1:8080"));
  EXPECT_TRUE(policy.allows("http://Gallery.local:8080", "gallery.local:8080"));
  EXPECT_TRUE(policy.allows("http://[::1]:8080", "[::1]:8080"));
  // A Host without a port means the scheme's default, as an Origin without one does.
  EXPECT_TRUE(policy.allows("https://gallery.example", "gallery.example"));
  EXPECT_TRUE(policy.allows("https://gallery.example", "gallery.example:443"));
  EXPECT_TRUE(policy.allows("http://gallery.example:80", "gallery.example"));
}

TEST(OriginCheck, OtherPagesAreRefused) {
  const OriginPolicy policy;
  EXPECT_FALSE(policy.allows("http://evil.example", "gallery.example"));
  EXPECT_FALSE(policy.allows("http://127.0.0.1:5173", "127.0.0.1:8080")) << "another port is another origin";
  EXPECT_FALSE(policy.allows("https://gallery.example", "gallery.example:80")) << "the scheme's port, not another";
  EXPECT_FALSE(policy.allows("http://gallery.example.evil.example", "gallery.example"));
  EXPECT_FALSE(policy.allows("null", "gallery.example")) << "a sandboxed page or a file";
  EXPECT_FALSE(policy.allows("not an origin", "gallery.example"));
  EXPECT_FALSE(policy.allows("http://gallery.example", "")) << "no Host to compare with";
  EXPECT_FALSE(policy.allows("http://gallery.example", "gallery.example, evil.example"));
}

TEST(OriginCheck, ClientsThatSendNoOriginGetIn) {
  // Native clients (meadow-watch, the tests); a browser always sends one.
  EXPECT_TRUE(OriginPolicy().allows("", "gallery.example"));
  EXPECT_TRUE(OriginPolicy().allows("", ""));
}

TEST(OriginCheck, TheAllowListAddsOriginsAndKeepsTheServersOwn) {
  const OriginPolicy policy({"http://localhost:5173", "HTTPS://Kiosk.Example"});
  EXPECT_TRUE(policy.allows("http://localhost:5173", "127.0.0.1:8080"));
  EXPECT_TRUE(policy.allows("https://kiosk.example:443", "127.0.0.1:8080"));
  EXPECT_TRUE(policy.allows("http://127.0.0.1:8080", "127.0.0.1:8080")) << "the server's own pages still get in";
  EXPECT_FALSE(policy.allows("http://kiosk.example", "127.0.0.1:8080")) << "the scheme is part of an origin";
  EXPECT_FALSE(policy.allows("http://localhost:5174", "127.0.0.1:8080"));
  EXPECT_FALSE(policy.allows("http://evil.example", "127.0.0.1:8080"));
}

TEST(OriginCheck, AStarLetsEveryPageIn) {
  const OriginPolicy policy({"*"});
  EXPECT_TRUE(policy.allows("http://evil.example", "gallery.example"));
  EXPECT_TRUE(policy.allows("null", "gallery.example"));
}

TEST(OriginCheck, AnEntryThatIsNoOriginIsRefusedByName) {
  try {
    const OriginPolicy policy({"http://fine.example", "gallery.example/viewer"});
    FAIL() << "accepted an entry with a path";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("gallery.example/viewer"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace meadow::net
