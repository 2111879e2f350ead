#!/usr/bin/env bash
# One command from a fresh Debian 12 machine (as root) to every test: installs what is missing,
# builds, and runs
#   1. the C++ tests in the release build (ctest),
#   2. the C++ tests under AddressSanitizer + UndefinedBehaviorSanitizer (preset "dev"),
#   3. the networking and threading tests under ThreadSanitizer (preset "tsan"),
#   4. the deployment checks (systemd-analyze verify),
#   5. the viewer's unit tests (Vitest) and browser tests (Playwright + Debian's Chromium)
#      against the real server.
# Stops at the first failing stage. MEADOW_SKIP_SANITIZERS=1 skips 2 and 3 for a quick local run.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
stage() { printf '\n==== %s (%ss)\n' "$1" "$(( $(date +%s) - start ))"; }
jobs=$(nproc)

stage "setup"
./deploy/setup-debian.sh

stage "build (release) and viewer"
./deploy/build.sh release

stage "C++ tests (release)"
ctest --preset release -j "$jobs"

if [ "${MEADOW_SKIP_SANITIZERS:-0}" != 1 ]; then
  stage "C++ tests under ASan + UBSan (dev)"
  [ -f build/dev/build.ninja ] || cmake --preset dev
  cmake --build --preset dev
  ctest --preset dev -j "$jobs"

  stage "networking and threads under TSan"
  [ -f build/tsan/build.ninja ] || cmake --preset tsan
  cmake --build --preset tsan --target net_test app_test server_integration_test meadow-server
  export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1"
  for t in tests/net/net_test tests/app/app_test tests/app/server_integration_test; do
    build/tsan/$t --gtest_brief=1
  done
fi

stage "deployment checks"
tests/deploy/systemd_unit_test.sh

stage "viewer: Vitest"
npm --prefix web-viewer test

stage "viewer: Playwright against the real server"
MEADOW_SERVER_BIN="$PWD/build/release/server/app/meadow-server" npm --prefix web-viewer run test:e2e

stage "all tests passed"
