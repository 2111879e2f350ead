#pragma once
// Where the end-to-end tests find the programs they start and the files they serve: this build's
// own, written by tests/app/CMakeLists.txt into one small file (test_paths.cpp). Kept out of the
// tests' own compiles, because a path in a compile (as a -D) differs in every clone, and so every
// test compiled with one missed ccache in a fresh clone (CI's).
namespace meadow::testing::paths {

extern const char* const server_bin;              // meadow-server
extern const char* const test_worlds_server_bin;  // meadow-server-test-worlds
extern const char* const meadowctl_bin;           // meadowctl
extern const char* const watch_bin;               // meadow-watch
extern const char* const web_root;                // tests/app/web_root
extern const char* const source_dir;              // the checkout

}  // namespace meadow::testing::paths

#define MEADOW_SERVER_BIN ::meadow::testing::paths::server_bin
#define MEADOW_TEST_WORLDS_SERVER_BIN ::meadow::testing::paths::test_worlds_server_bin
#define MEADOWCTL_BIN ::meadow::testing::paths::meadowctl_bin
#define MEADOW_WATCH_BIN ::meadow::testing::paths::watch_bin
#define MEADOW_TEST_WEB_ROOT ::meadow::testing::paths::web_root
#define MEADOW_SOURCE_DIR ::meadow::testing::paths::source_dir
