#!/usr/bin/env bash
# One command from a fresh Debian 12 machine (as root) to every test: installs what is missing,
# builds, and runs
#   1. the C++ tests in the release build (ctest),
#   2. the C++ tests under AddressSanitizer + UndefinedBehaviorSanitizer (preset "dev"),
#   3. the networking and threading tests, and the swarm's step on two threads, under
#      ThreadSanitizer (preset "tsan"),
#   4. the deployment checks (systemd-analyze verify),
#   5. the viewer's unit tests (Vitest) and browser tests (Playwright + Debian's Chromium)
#      against the real server.
# Stops at the first failing stage. MEADOW_SKIP_SANITIZERS=1 skips 2 and 3 for a quick local run.
set -euo pipefail
cd "$(dirname "$0")/.."
# Paths relative to the checkout in ccache's keys, so a fresh clone (CI) reuses earlier builds.
export CCACHE_BASEDIR="$PWD"
start=$(date +%s)
stage() { printf '\n==== %s (%ss)\n' "$1" "$(( $(date +%s) - start ))"; }

# Runs a test command, shows its output, and adds the tests it passed to the total printed at
# the end. Understands ctest, GoogleTest, Vitest and our own "N passed, N failed" lines.
passed_total=0
counted() {
  local log
  log=$(mktemp)
  "$@" 2>&1 | tee "$log"
  local status=${PIPESTATUS[0]}
  # Colours off: with CI=true Vitest colours its summary, and the escape codes hid its
  # "Tests N passed" line from the count below (CI counted 774 of 1,109 tests).
  sed -i 's/\x1b\[[0-9;]*m//g' "$log"
  local n
  n=$(grep -aoP 'tests passed, \d+ tests failed out of \K\d+' "$log" | tail -1 || true)
  [ -n "$n" ] || n=$(grep -aoP '^\[  PASSED  \] \K\d+' "$log" | tail -1 || true)
  [ -n "$n" ] || n=$(grep -aoP '^\s*Tests\s+\K\d+(?= passed)' "$log" | tail -1 || true)
  [ -n "$n" ] || n=$(grep -aoP '^[\w ]*: \K\d+(?= passed, 0 failed)' "$log" | tail -1 || true)
  rm -f "$log"
  [ "$status" -eq 0 ] || exit "$status"
  passed_total=$((passed_total + ${n:-0}))
}
jobs=$(nproc)

stage "setup"
./deploy/setup-debian.sh

stage "build (release) and viewer"
./deploy/build.sh release

stage "C++ tests (release)"
counted ctest --preset release -j "$jobs"

if [ "${MEADOW_SKIP_SANITIZERS:-0}" != 1 ]; then
  stage "C++ tests under ASan + UBSan (dev)"
  cmake --preset dev >/dev/null
  cmake --build --preset dev
  counted ctest --preset dev -j "$jobs"

  stage "networking and threads under TSan"
  cmake --preset tsan >/dev/null
  cmake --build --preset tsan --target net_test app_test worker_pool_test server_integration_test meadow-server sim_test
  export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1"
  for t in tests/net/net_test tests/app/app_test tests/app/worker_pool_test tests/app/server_integration_test; do
    counted build/tsan/$t --gtest_brief=1
  done
  # The swarm's step on two threads (the parallel sort, squares and steering), and the colony's
  # determinism. Only the tests that run two threads (a one-thread run has no race to find and
  # costs half a minute under TSan), and of the swarm's two 2-thread runs of the same steps, one.
  counted build/tsan/tests/sim/sim_test --gtest_brief=1 \
    --gtest_filter='*TwoThreads*:ColonyDeterminism.*:-SwarmDeterminism.SameSeedSameSwarmOnTwoThreads'
fi

stage "deployment checks"
counted tests/deploy/systemd_unit_test.sh

stage "viewer: Vitest"
counted npm --prefix web-viewer test

stage "viewer: Playwright against the real server"
counted env MEADOW_SERVER_BIN="$PWD/build/release/server/app/meadow-server" npm --prefix web-viewer run test:e2e

stage "done"
echo "run-all: ${passed_total} passed, 0 failed"
