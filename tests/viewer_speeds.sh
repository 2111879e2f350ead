#!/usr/bin/env bash
# The browser suite on a fast setting and a slow one (docs/testing.md): a check that waits for what
# accumulates, with bounds from what the frames said, holds on any machine; one that samples a
# moment holds only at one speed. Runs Playwright against the real server RUNS times (3) at each
# of two settings:
#   fast: Chromium's CPU at full speed, the usual desktop page (960 × 540)
#   slow: every page's CPU throttled 4× (DevTools' Emulation.setCPUThrottlingRate) on a larger
#         page (1280 × 720), so painting costs more too
# and prints each run's result and time; exits 1 if any run failed.
#   tests/viewer_speeds.sh [RUNS] [SETTINGS]     (SETTINGS: fast,slow by default; or one of them)
# Needs the release build and the viewer built (deploy/build.sh release). About 10 minutes a run
# at full speed on two cores, more throttled; not part of the test command.
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
settings=${2:-fast,slow}
server="$PWD/build/release/server/app/meadow-server"
[ -x "$server" ] || { echo "viewer-speeds: build the release first (deploy/build.sh release)"; exit 2; }
[ -f web-viewer/dist/index.html ] || { echo "viewer-speeds: build the viewer first (deploy/build.sh release)"; exit 2; }
logs=$(mktemp -d)
failed=0
summary=()
for setting in ${settings//,/ }; do
  case $setting in
    fast) throttle=1; viewport=960x540 ;;
    slow) throttle=4; viewport=1280x720 ;;
    *) echo "viewer-speeds: no setting '$setting' (fast, slow)"; exit 2 ;;
  esac
  for run in $(seq 1 "$runs"); do
    log="$logs/$setting-$run.log"
    t0=$(date +%s)
    env MEADOW_SERVER_BIN="$server" MEADOW_E2E_CPU_THROTTLE=$throttle MEADOW_E2E_VIEWPORT=$viewport CI=true \
      npm --prefix web-viewer run e2e >"$log" 2>&1
    status=$?
    seconds=$(($(date +%s) - t0))
    tests=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -aP '^\s*Tests\s' | tail -1 | sed 's/^ *//')
    line="$setting (CPU ${throttle}×, $viewport) run $run: $([ $status -eq 0 ] && echo passed || echo FAILED) in ${seconds} s: ${tests:-no summary}"
    echo "$line"
    summary+=("$line")
    if [ $status -ne 0 ]; then
      failed=$((failed + 1))
      sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -aE '^ *(×|FAIL)|AssertionError|Error:' | head -20
      echo "  (whole log: $log)"
    fi
  done
done
echo
printf '%s\n' "${summary[@]}"
echo "viewer-speeds: $((${#summary[@]} - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
