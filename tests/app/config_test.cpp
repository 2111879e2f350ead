#include "app/config.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include "support/temp_path.hpp"

namespace meadow::app {
namespace {

ParseResult parse(std::vector<const char*> args) {
  args.insert(args.begin(), "meadow-server");
  return parse_config(static_cast<int>(args.size()), args.data());
}

TEST(Config, DefaultsWorkOnALaptop) {
  const auto r = parse({});
  ASSERT_TRUE(r.config);
  EXPECT_EQ(r.config->port, 8080);
  EXPECT_EQ(r.config->bind_address, "127.0.0.1");
  EXPECT_EQ(r.config->frame_rate, 30.0);
  EXPECT_EQ(r.config->log_level, "info");
  EXPECT_EQ(r.config->worlds.swarm.engine, "auto");
}

// A world's flags are its module's, and --help lists them under the world's name, after the
// server's own.
TEST(Config, EachWorldsFlagsAreListedUnderItsName) {
  ::testing::internal::CaptureStdout();
  const auto r = parse({"--help"});
  const std::string help = ::testing::internal::GetCapturedStdout();
  EXPECT_FALSE(r.config);
  EXPECT_EQ(r.exit_code, 0);
  const auto swarm = help.find("[Option Group: swarm]");
  const auto mold = help.find("[Option Group: mold]");
  ASSERT_NE(swarm, std::string::npos) << help;
  ASSERT_NE(mold, std::string::npos) << help;
  EXPECT_GT(swarm, help.find("--port")) << "after the server's own flags";
  for (const char* flag : {"--swarm-count", "--swarm-engine", "--viewer-max-count"}) {
    EXPECT_GT(help.find(flag), swarm) << flag;
    EXPECT_LT(help.find(flag), mold) << flag;
  }
  for (const char* flag : {"--mold-engine", "--mold-map-width", "--mold-agents"}) EXPECT_GT(help.find(flag), mold) << flag;
  const auto mold_flags = parse({"--mold-engine", "cpu", "--mold-agents", "4096", "--mold-map-width", "128"});
  ASSERT_TRUE(mold_flags.config);
  EXPECT_EQ(mold_flags.config->worlds.mold.engine, "cpu");
  EXPECT_EQ(mold_flags.config->worlds.mold.agents, 4096U);
  EXPECT_EQ(mold_flags.config->worlds.mold.map_width, 128U);
}

TEST(Config, FlagsAreRead) {
  const auto r = parse({"--port", "9001", "--bind", "0.0.0.0", "--seed", "42", "--web-root", "/srv/www",
                        "--frame-rate", "20", "--swarm-count", "1234", "--log-level", "debug", "--swarm-engine", "cpu"});
  ASSERT_TRUE(r.config);
  EXPECT_EQ(r.config->port, 9001);
  EXPECT_EQ(r.config->bind_address, "0.0.0.0");
  EXPECT_EQ(r.config->seed, 42U);
  EXPECT_EQ(r.config->web_root, "/srv/www");
  EXPECT_EQ(r.config->frame_rate, 20.0);
  EXPECT_EQ(r.config->worlds.swarm.count, 1234U);
  EXPECT_EQ(r.config->log_level, "debug");
  EXPECT_EQ(r.config->worlds.swarm.engine, "cpu");
}

// The address phones join by, for the kiosk's QR code: an http(s) address or nothing.
TEST(Config, ThePublicAddressIsAnHttpAddressOrNone) {
  const auto none = parse({});
  ASSERT_TRUE(none.config);
  EXPECT_EQ(none.config->public_url, "");
  const auto given = parse({"--public-url", "https://meadow.example.org/gallery"});
  ASSERT_TRUE(given.config);
  EXPECT_EQ(given.config->public_url, "https://meadow.example.org/gallery");
  for (const char* bad : {"meadow.example.org", "javascript:alert(1)", "https://a b", "https://x/\"><script>"}) {
    ::testing::internal::CaptureStderr();
    const auto r = parse({"--public-url", bad});
    (void)::testing::internal::GetCapturedStderr();
    EXPECT_FALSE(r.config) << bad;
    EXPECT_NE(r.exit_code, 0) << bad;
  }
}

TEST(Config, TheViewersGrpcPortStaysOnLoopbackUnlessToldOtherwise) {
  // Plain text and no browser needs it: --bind 0.0.0.0 (phones on the network) does not open it.
  const auto defaults = parse({"--bind", "0.0.0.0"});
  ASSERT_TRUE(defaults.config);
  EXPECT_TRUE(defaults.config->viewer_grpc);
  EXPECT_EQ(defaults.config->viewer_grpc_port, 8082);
  EXPECT_FALSE(defaults.config->viewer_grpc_port_given);
  EXPECT_EQ(defaults.config->viewer_grpc_bind, "127.0.0.1");
  const auto given = parse({"--viewer-grpc-port", "9100", "--viewer-grpc-bind", "127.0.0.1"});
  ASSERT_TRUE(given.config);
  EXPECT_TRUE(given.config->viewer_grpc_port_given);
  EXPECT_EQ(given.config->viewer_grpc_port, 9100);
  EXPECT_EQ(given.config->viewer_grpc_bind, "127.0.0.1");
  const auto off = parse({"--no-viewer-grpc"});
  ASSERT_TRUE(off.config);
  EXPECT_FALSE(off.config->viewer_grpc);
}

TEST(Config, EnvironmentOverridesDefaultsButNotFlags) {
  ::setenv("MEADOW_PORT", "7000", 1);
  ::setenv("MEADOW_SEED", "99", 1);
  const auto from_env = parse({});
  const auto flag_wins = parse({"--port", "7001"});
  ::unsetenv("MEADOW_PORT");
  ::unsetenv("MEADOW_SEED");
  ASSERT_TRUE(from_env.config);
  EXPECT_EQ(from_env.config->port, 7000);
  EXPECT_EQ(from_env.config->seed, 99U);
  ASSERT_TRUE(flag_wins.config);
  EXPECT_EQ(flag_wins.config->port, 7001);
}

TEST(Config, NonsenseIsRefusedWithAnError) {
  ::testing::internal::CaptureStderr();
  EXPECT_FALSE(parse({"--frame-rate", "0"}).config);
  EXPECT_FALSE(parse({"--swarm-count", "5"}).config);
  EXPECT_FALSE(parse({"--log-level", "loud"}).config);
  EXPECT_FALSE(parse({"--swarm-engine", "tpu"}).config);
  EXPECT_FALSE(parse({"--port", "70000"}).config);
  EXPECT_FALSE(parse({"--no-such-flag"}).config);
  const auto r = parse({"--no-such-flag"});
  EXPECT_NE(r.exit_code, 0);
  ::testing::internal::GetCapturedStderr();
}

TEST(Config, HelpExitsZero) {
  ::testing::internal::CaptureStdout();
  const auto r = parse({"--help"});
  const std::string out = ::testing::internal::GetCapturedStdout();
  EXPECT_FALSE(r.config);
  EXPECT_EQ(r.exit_code, 0);
  for (const char* flag : {"--port", "--bind", "--seed", "--web-root", "--frame-rate", "--swarm-count", "--log-level"}) {
    EXPECT_NE(out.find(flag), std::string::npos) << flag;
  }
}

TEST(Config, TheOperatorTokenFileMustBeOwnersOnlyAndTheTokenLongEnough) {
  const std::string path = meadow::testing::unique_temp_path("token");
  const std::string token(kMinOperatorTokenLength, 'k');
  meadow::testing::write_secret_file(path, token);
  const auto fine = parse({"--operator-token-file", path.c_str()});
  ASSERT_TRUE(fine.config);
  EXPECT_EQ(fine.config->operator_token, token);
  std::filesystem::permissions(path, std::filesystem::perms::group_read | std::filesystem::perms::others_read,
                               std::filesystem::perm_options::add);
  const auto readable = parse({"--operator-token-file", path.c_str()});
  EXPECT_FALSE(readable.config) << "a token others can read is refused";
  EXPECT_EQ(readable.exit_code, 2);
  meadow::testing::write_secret_file(path, std::string(kMinOperatorTokenLength - 1, 'k'));
  const auto short_token = parse({"--operator-token-file", path.c_str()});
  EXPECT_FALSE(short_token.config) << "a token shorter than the minimum is refused";
  std::filesystem::remove(path);
}

TEST(Config, EdgeLimitsAndTheMetricsAddressAreRead) {
  const auto r = parse({"--max-viewers-per-address", "3", "--max-connections", "100", "--max-connections-per-address", "9",
                        "--trusted-proxy", "127.0.0.1,::1", "--viewer-max-count", "10000", "--metrics-listen",
                        "127.0.0.1:9100", "--viewer-write-timeout-ms", "500", "--operator-allow-plaintext"});
  ASSERT_TRUE(r.config);
  EXPECT_EQ(r.config->max_viewers_per_address, 3U);
  EXPECT_EQ(r.config->max_connections, 100U);
  EXPECT_EQ(r.config->max_connections_per_address, 9U);
  EXPECT_EQ(r.config->trusted_proxies, (std::vector<std::string>{"127.0.0.1", "::1"}));
  EXPECT_EQ(r.config->worlds.swarm.viewer_max_count, 10000U);
  EXPECT_EQ(r.config->viewer_write_timeout_ms, 500U);
  EXPECT_TRUE(r.config->operator_allow_plaintext);
  const auto listen = split_listen(r.config->metrics_listen);
  ASSERT_TRUE(listen);
  EXPECT_EQ(listen->first, "127.0.0.1");
  EXPECT_EQ(listen->second, 9100);
  EXPECT_EQ(split_listen("[::1]:9100")->first, "::1");
  EXPECT_FALSE(split_listen("9100"));
  EXPECT_FALSE(split_listen("127.0.0.1:http"));
  EXPECT_FALSE(parse({"--metrics-listen", "nonsense"}).config);
}

TEST(Config, AllowedOriginsAreReadFromFlagsAndTheEnvironmentAndChecked) {
  EXPECT_TRUE(parse({}).config->allowed_origins.empty()) << "by default: the server's own pages only";
  const auto flags = parse({"--allowed-origin", "http://localhost:5173", "--allowed-origin", "https://kiosk.example"});
  ASSERT_TRUE(flags.config);
  EXPECT_EQ(flags.config->allowed_origins, (std::vector<std::string>{"http://localhost:5173", "https://kiosk.example"}));
  ::setenv("MEADOW_ALLOWED_ORIGINS", "https://a.example,*", 1);
  const auto env = parse({});
  ::unsetenv("MEADOW_ALLOWED_ORIGINS");
  ASSERT_TRUE(env.config);
  EXPECT_EQ(env.config->allowed_origins, (std::vector<std::string>{"https://a.example", "*"}));
  ::testing::internal::CaptureStderr();
  const auto bad = parse({"--allowed-origin", "gallery.example/viewer"});
  const std::string said = ::testing::internal::GetCapturedStderr();
  EXPECT_FALSE(bad.config);
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_NE(said.find("origin"), std::string::npos) << said;
}

TEST(Config, TrustedProxiesMayBeNetworks) {
  const auto r = parse({"--trusted-proxy", "10.244.0.0/16,fd00::/8,127.0.0.1"});
  ASSERT_TRUE(r.config);
  EXPECT_EQ(r.config->trusted_proxies, (std::vector<std::string>{"10.244.0.0/16", "fd00::/8", "127.0.0.1"}));
  EXPECT_NE(parse({"--trusted-proxy", "nginx"}).exit_code, 0) << "a name is not an address";
  EXPECT_NE(parse({"--trusted-proxy", "10.0.0.0/40"}).exit_code, 0);
}

TEST(Config, RolesAndTheirNatsFlags) {
  const auto all = parse({});
  ASSERT_TRUE(all.config);
  EXPECT_EQ(all.config->role, "all");
  const auto sim = parse({"--role", "sim", "--nats", "nats://127.0.0.1:4222", "--nats-insecure", "--nats-subject", "gallery.meadow"});
  ASSERT_TRUE(sim.config);
  EXPECT_EQ(sim.config->nats_url, "nats://127.0.0.1:4222");
  EXPECT_EQ(sim.config->nats_subject, "gallery.meadow");
  const auto edge = parse({"--role", "edge", "--nats", "nats://nats:4222", "--nats-insecure"});
  ASSERT_TRUE(edge.config);
  EXPECT_FALSE(edge.config->edge_name.empty()) << "named after the host";
  const auto named = parse({"--role", "edge", "--nats", "nats://nats:4222", "--nats-insecure", "--edge-name", "hall-2"});
  ASSERT_TRUE(named.config);
  EXPECT_EQ(named.config->edge_name, "hall-2");
}

TEST(Config, RoleMistakesAreRefusedWithAReason) {
  EXPECT_EQ(parse({"--role", "edge"}).exit_code, 2) << "an edge without NATS";
  EXPECT_EQ(parse({"--role", "sim"}).exit_code, 2) << "a sim without NATS";
  EXPECT_EQ(parse({"--nats", "nats://x:4222"}).exit_code, 2) << "NATS without a role that uses it";
  EXPECT_EQ(parse({"--role", "edge", "--nats", "nats://x:4222", "--nats-insecure", "--state-dir", "/tmp/x"}).exit_code, 2);
  EXPECT_EQ(parse({"--role", "edge", "--nats", "nats://x:4222", "--nats-insecure", "--edge-name", "a.b"}).exit_code, 2)
      << "a dot would split the edge's subject";
  EXPECT_EQ(parse({"--role", "sim", "--nats", "nats://x:4222", "--nats-insecure", "--nats-subject", "a..b"}).exit_code, 2);
  EXPECT_NE(parse({"--role", "sideways"}).exit_code, 0);
}

// NATS is locked by default (docs/edges.md). A sim or an edge talks to it over TLS with credentials
// of its own (what NATS's per-subject permissions hang on), or is told --nats-insecure.
TEST(Config, TheRolesRefuseNatsWithoutTlsAndCredentials) {
  const std::filesystem::path pem = meadow::testing::unique_temp_path("nats-pem");
  std::ofstream(pem) << "not read by the parser\n";
  const std::string path = pem.string();
  const char* const file = path.c_str();
  EXPECT_EQ(parse({"--role", "sim", "--nats", "nats://x:4222"}).exit_code, 2) << "neither TLS nor credentials";
  EXPECT_EQ(parse({"--role", "edge", "--nats", "nats://x:4222", "--nats-tls-ca", file}).exit_code, 2) << "TLS, no credentials";
  EXPECT_EQ(parse({"--role", "edge", "--nats", "nats://x:4222", "--nats-creds", file}).exit_code, 2) << "credentials, no TLS";
  EXPECT_EQ(parse({"--role", "sim", "--nats", "tls://a:4222,nats://b:4222", "--nats-creds", file}).exit_code, 2)
      << "one URL in plain text";
  EXPECT_TRUE(parse({"--role", "sim", "--nats", "nats://x:4222", "--nats-tls-ca", file, "--nats-tls-cert", file,
                     "--nats-tls-key", file})
                  .config);
  EXPECT_TRUE(parse({"--role", "edge", "--nats", "tls://x:4222", "--nats-creds", file}).config);
  EXPECT_TRUE(parse({"--role", "edge", "--nats", "tls://edge:secret@x:4222"}).config) << "a user in a tls:// URL";
  EXPECT_TRUE(parse({"--role", "sim", "--nats", "nats://x:4222", "--nats-insecure"}).config);
  std::filesystem::remove(pem);
}

}  // namespace
}  // namespace meadow::app
