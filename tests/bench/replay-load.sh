#!/usr/bin/env bash
# What replays of the night cost the live meadow (docs/perf/replays.md): against a running
# meadow-server that keeps a journal (--state-dir, a night of at least ten minutes behind it), one
# live viewer watches while 0, 1, 4 and 16 others replay the night at 60× (again each time the
# server ends one), SECONDS each; then the time to rewind ten minutes. Prints the live viewer's
# frames a second, the server's worst p99 tick, and each replayer's bytes a second.
#   tests/bench/replay-load.sh HOST:PORT OPERATOR_HOST:PORT TOKEN_FILE [SECONDS]
# The rewind changes the meadow (a new timeline starts ten minutes back): run it on a test server;
# NO_REWIND=1 leaves it out.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 3 ] || { sed -n 2,9p "$0"; exit 2; }
server=$1
operator=$2
token=$3
seconds=${4:-30}
watch=build/release/client/meadow-watch
ctl="build/release/client/meadowctl --server $operator --token-file $token"
[ -x "$watch" ] || { echo "replay-load: build the release first"; exit 2; }
$ctl replays 16 >/dev/null
printf '%-9s %-22s %-18s %-22s %s\n' replays "live frames a second" "p99 tick (ms)" "replay kB a second" "replays started"
for n in 0 1 4 16; do
  json=$($watch --server "$server" --load $((n + 1)) --replayers "$n" --replay-speed 60 --watch-only \
    --seconds "$seconds" --json)
  python3 - "$n" "$json" <<'PY'
import json, sys
n, j = sys.argv[1], json.loads(sys.argv[2])
live = j.get("live_frames_per_viewer_per_s", j["frames_per_viewer_per_s"])
print(f'{n:<9} {live:<22.1f} {j.get("server_tick_p99_ms", float("nan")):<18.2f} '
      f'{j.get("bytes_per_replayer_per_s", 0) / 1e3:<22.1f} {j.get("replays_started", 0)}')
PY
done
$ctl replays 4 >/dev/null
start=$(date +%s.%N)
[ -n "${NO_REWIND:-}" ] || $ctl rewind --minutes 10
end=$(date +%s.%N)
[ -n "${NO_REWIND:-}" ] && exit 0
python3 -c "print(f'rewinding ten minutes took {$end - $start:.2f} s (the server logs its own figure)')"
