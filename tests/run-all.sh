#!/usr/bin/env bash
# One command from a fresh Debian 12 machine (as root) to every test: installs what is missing,
# builds, and runs
#   0. a check that Vulkan is there (lavapipe at least): the GPU tests must run, not skip,
#   1. the C++ tests in the release build (ctest), and meadow-abuse (hostile visitors against the
#      real server, judged by the tick, memory and a bystander's frames),
#   2. the C++ tests under AddressSanitizer + UndefinedBehaviorSanitizer (preset "dev"), and
#      meadow-abuse against that build,
#   3. the networking and threading tests, and the swarm's step on two threads, under
#      ThreadSanitizer (preset "tsan"), then the libFuzzer targets for 20 s each (preset "fuzz",
#      tests/fuzz/run-fuzzers.sh),
#   4. the deployment checks (systemd-analyze verify; promtool on the alert rules and their unit
#      tests; the Grafana dashboard's JSON; a real Prometheus whose alert fires on a slow server;
#      nginx with TLS in front of the server: the page, the WebSocket, meadowctl --tls; the
#      Dockerfile built and run with podman and compose.yaml with docker-compose; the Kubernetes
#      manifests against Kubernetes' schema and Meadow's rules; the kiosk launcher run headless
#      against a real server and the real viewer), and beside them the viewer's unit tests (Vitest),
#   5. the viewer's browser tests (Playwright + Debian's Chromium) against the real server.
# Stops at the first failing stage; a stage that runs no test or skips any fails. The last line
# counts every test run. MEADOW_SKIP_SANITIZERS=1 skips 2 and 3 for a quick local run. Where a
# stage's commands each leave CPU idle, they run side by side in lanes (`beside`, below): CI has
# two cores and 30 minutes (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
# ccache: a fresh clone reuses what earlier clones compiled.
source deploy/ccache-env.sh
start=$(date +%s)
# Each stage's line gives the seconds since the start, and how busy the cores were through the
# stage before it (from /proc/stat: what is not idle): a stage that leaves them idle is where
# lanes can find time, and one that keeps them busy is not.
cpu_ticks() { local _ u n s i w q sq st; read -r _ u n s i w q sq st _ </proc/stat; echo "$((u + n + s + i + w + q + sq + st)) $((i + w))"; }
cpu_total_at=""
stage() {
  local now total idle
  now=$(date +%s)
  read -r total idle <<<"$(cpu_ticks)"
  if [ -n "$cpu_total_at" ] && ((total > cpu_total_at)); then
    printf '(cores busy through that stage: %d %%)\n' $((100 - 100 * (idle - cpu_idle_at) / (total - cpu_total_at)))
  fi
  cpu_total_at=$total
  cpu_idle_at=$idle
  printf '\n==== %s (%ss)\n' "$1" "$((now - start))"
}

# Runs a test command, shows its output, and adds the tests it passed to the total printed at
# the end. Understands ctest, GoogleTest, Vitest and our own "name: N passed, M failed" lines. A
# command that ran no test, or skipped any, fails the run: here every test must run (a missing
# tool or device is a failure, not a skip).
passed_total=0
counted() {
  local log
  log=$(mktemp)
  "$@" 2>&1 | tee "$log"
  local status=${PIPESTATUS[0]}
  # Colours off: with CI=true Vitest colours its summary, and the escape codes hid its
  # "Tests N passed" line from the count below (CI counted 774 of 1,109 tests).
  sed -i 's/\x1b\[[0-9;]*m//g' "$log"
  local passed="" skipped=""
  if grep -aqP 'tests passed, \d+ tests failed out of \d+' "$log"; then  # ctest
    local total failed
    total=$(grep -aoP 'tests failed out of \K\d+' "$log" | tail -1)
    failed=$(grep -aoP '\d+(?= tests failed out of)' "$log" | tail -1)
    skipped=$(grep -acP '\(Skipped\)\s*$' "$log" || true)
    passed=$((total - failed - skipped))
  elif grep -aqP '^\[  PASSED  \] \d+' "$log"; then  # GoogleTest: one summary per executable run
    passed=$(grep -aoP '^\[  PASSED  \] \K\d+' "$log" | awk '{n += $1} END {print n + 0}')
    skipped=$( (grep -aoP '^\[  SKIPPED \] \K\d+(?= tests?,)' "$log" || true) | awk '{n += $1} END {print n + 0}')
  elif grep -aqP '^\s*Tests\s+.*\d+ passed' "$log"; then  # Vitest: "Tests  12 passed | 1 skipped (13)"
    passed=$(grep -aP '^\s*Tests\s' "$log" | tail -1 | grep -oP '\d+(?= passed)' || true)
    skipped=$(grep -aP '^\s*Tests\s' "$log" | tail -1 | grep -oP '\d+(?= skipped)' || true)
  else  # our own scripts and tools: "name: N passed, M failed", and what they skipped after it
    passed=$(grep -aoP '^[\w -]*: \K\d+(?= passed, )' "$log" | tail -1 || true)
    skipped=$(grep -acP '^[\w -]*: \d+ passed, \d+ failed.*\bskipped\b' "$log" || true)
  fi
  rm -f "$log"
  [ "$status" -eq 0 ] || exit "$status"
  passed=${passed:-0}
  skipped=${skipped:-0}
  if [ "$passed" -eq 0 ]; then
    echo "run-all: FAIL: '$*' ran no test"
    exit 1
  fi
  if [ "$skipped" -gt 0 ]; then
    echo "run-all: FAIL: '$*' skipped $skipped test(s) (the reasons are above): every test must run here"
    exit 1
  fi
  passed_total=$((passed_total + passed))
}
jobs=$(nproc)

# A test command run beside the stage's others: `beside NAME CMD…` starts it with its output kept
# in a file, and `counted_beside NAME` waits for it (in this shell: a pipeline's subshell cannot),
# then shows and counts that output as `counted` does. For stages whose commands each keep about
# one of CI's two cores busy: TSan's test executables, the deployment checks.
beside_dir=$(mktemp -d)
declare -A beside_pid
beside() {
  local name=$1
  shift
  "$@" >"$beside_dir/$name.log" 2>&1 &
  beside_pid[$name]=$!
}
replay() { cat "$1"; return "$2"; }
counted_beside() {
  local name=$1 status=0
  wait "${beside_pid[$name]}" || status=$?
  counted replay "$beside_dir/$name.log" "$status"
}
# A stage that fails leaves nothing running beside it.
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$beside_dir" "${abuse_state:-}"' EXIT

stage "setup"
./deploy/setup-debian.sh

stage "Vulkan (the GPU tests run on lavapipe where there is no GPU)"
if ! vulkaninfo --summary 2>/dev/null | grep -q deviceName; then
  echo "run-all: FAIL: no Vulkan device: the GPU engine's tests need one (mesa-vulkan-drivers brings lavapipe)"
  exit 1
fi
vulkaninfo --summary 2>/dev/null | grep -E 'deviceName|deviceType'

stage "build (release) and viewer"
./deploy/build.sh release

stage "C++ tests (release)"
# Two tests more than there are cores: many of these tests wait on servers. On two cores, at one
# a core they were 61 % busy; at -j 3 the stage took 87 s (63 % busy), at -j 4 66 s.
counted ctest --preset release -j "$((jobs + 2))"

stage "abuse: hostile visitors against the real server (meadow-abuse)"
# With a journal, so that the replays of the night the attackers ask for run (and are limited).
abuse_state=$(mktemp -d)
counted build/release/client/meadow-abuse --server-bin build/release/server/app/meadow-server --seconds 10 \
  --server-arg=--state-dir --server-arg="$abuse_state/release"

if [ "${MEADOW_SKIP_SANITIZERS:-0}" != 1 ]; then
  stage "C++ tests under ASan + UBSan (dev)"
  cmake --preset dev >/dev/null
  cmake --build --preset dev
  # Not the three statistics of a grown swarm (300,000 and 60,000 fireflies for hundreds of steps:
  # a minute each under ASan, 3 of its 10 minutes of tests); they ran in the release stage, and
  # the same growth and light code runs here in the smaller tests. One test more than there are
  # cores: at one a core 176 s, at -j 3 about 140 s (with the load test's short run), both cores
  # busy.
  counted ctest --preset dev -j "$((jobs + 1))" \
    -E '^(SwarmGrowthLight|GpuSwarmGrowthTest)\.NewcomersLeaveNoRing|^LightExposure\.AGrownSwarmGetsTheSameLook$'
  # The same attacks on the sanitizer build: nothing judged by the clock there (it runs several
  # times slower), but every attacker answered and a clean exit (a leak or an error at exit fails).
  counted env ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    build/dev/client/meadow-abuse --server-bin build/dev/server/app/meadow-server --seconds 4 --slow-seconds 12 --no-timing \
      --server-arg=--state-dir --server-arg="$abuse_state/dev"

  stage "networking and threads under TSan"
  cmake --preset tsan >/dev/null
  cmake --build --preset tsan --target net_test app_test worker_pool_test server_integration_test meadow-server sim_test \
    meadow_store_tests edges_e2e_test
  export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1"
  # Two lanes: each executable keeps about 1.2 cores busy, and one after another they took 279 s.
  # The lane beside: the whole server (121 s alone), then the store's own thread (12 s; app_test
  # has the sim loop handing it journals and snapshots).
  # Not the throttled video link: it waits for the kernel's buffers to fill at a third of the
  # rate, which at TSan's 2 to 4 frames a second takes minutes (it runs in the other stages).
  # Not the store's tests that run hundreds of ticks of all three worlds to compare hashes
  # (minutes under TSan).
  tsan_server_and_store() {
    build/tsan/tests/app/server_integration_test --gtest_brief=1 \
      --gtest_filter='-VideoLightE2e.ALinkCarryingAThirdKeepsAMovingPictureAtAFewerFrames' &&
      build/tsan/tests/store/meadow_store_tests --gtest_brief=1 \
        --gtest_filter='StoreWriter.*:-StoreWriter.JournalReadsBackAsWritten'
  }
  beside tsan_server_and_store tsan_server_and_store
  for t in tests/net/net_test tests/app/app_test tests/app/worker_pool_test; do
    counted build/tsan/$t --gtest_brief=1
  done
  # The sim's relay and the edges' links (NATS's threads beside the sim's and the network's); not
  # the tests that need the operator's port (gRPC's own threads, which TSan cannot judge), nor the
  # rogues' (the protocol's checks and NATS's permissions, no threads of their own; they run in
  # the other stages).
  counted build/tsan/tests/app/edges_e2e_test --gtest_brief=1 \
    --gtest_filter='-EdgesEndToEnd.TheOperatorSeesAndClosesViewersOnBothEdges:EdgesEndToEnd.KillingEdgeALeavesEdgeBsViewersUntouched:EdgesEndToEnd.ARogueOnNatsCannotActForOthersNorFreezeTheEdges:EdgesOnLockedNats.ARogueWithOneEdgesCertificateCannotActAsAnother'

  # The swarm's step on two threads (the parallel sort, squares and steering), and the colony's
  # determinism. Only the tests that run two threads (a one-thread run has no race to find and
  # costs half a minute under TSan), and of the swarm's two 2-thread runs of the same steps, one.
  counted build/tsan/tests/sim/sim_test --gtest_brief=1 \
    --gtest_filter='*TwoThreads*:ColonyDeterminism.*:-SwarmDeterminism.SameSeedSameSwarmOnTwoThreads'
  counted_beside tsan_server_and_store

  stage "fuzzing: the libFuzzer targets, 20 s each (clang, ASan + UBSan)"
  counted tests/fuzz/run-fuzzers.sh 20
fi

stage "deployment checks, and the viewer's unit tests beside them"
# Three lanes: the containers (87 s, about one core: podman's builds and starts) beside the rest
# (82 s one after another), which wait on servers, Prometheus and Chromium for much of it; and
# Vitest (35 s on its own) in that slack.
beside containers tests/deploy/container_test.sh
beside vitest npm --prefix web-viewer test
counted tests/deploy/systemd_unit_test.sh
counted tests/deploy/monitoring_test.sh
counted tests/deploy/prometheus_e2e_test.sh
counted tests/deploy/nginx_e2e_test.sh
counted tests/deploy/k8s_manifests_test.sh
counted tests/deploy/edges_compose_test.sh
counted tests/deploy/kiosk_test.sh
counted_beside containers
counted_beside vitest

stage "viewer: Playwright against the real server"
# (`e2e`, not `test:e2e`: the build stage built the viewer, and building it again took 12 s.)
counted env MEADOW_SERVER_BIN="$PWD/build/release/server/app/meadow-server" npm --prefix web-viewer run e2e

stage "done"
echo "run-all: ${passed_total} passed, 0 skipped, 0 failed"
