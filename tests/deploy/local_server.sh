# Sourced by the deployment checks that run a real meadow-server beside another program (nginx,
# Prometheus): a scratch folder, the server started in the background on free ports and waited
# for, its ports read from its start lines, everything stopped and removed on exit.
#   start_meadow_server BIN ARGS...   starts it on a free port (or on $server_listen_port); its output
#                                     goes to $scratch/server.out and .err
#   server_port listening|operator|"viewer gRPC"   a port it printed
#   stop_later PID                    a process to end on exit besides the server
#   stop_meadow_server                SIGTERM, and fails unless it exits with status 0
scratch=$(mktemp -d)
server_pid=""
others=()
stop_later() { others+=("$1"); }
cleanup() {
  for pid in "${others[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT
source "$(dirname "${BASH_SOURCE[0]}")/free_port.sh"
server_port() { sed -n "s|^meadow-server $1 .*:\([0-9]*\)\$|\1|p" "$scratch/server.out"; }
start_meadow_server() {
  "$@" --port "${server_listen_port:-0}" >"$scratch/server.out" 2>"$scratch/server.err" &
  server_pid=$!
  for _ in $(seq 1 300); do
    grep -q "^meadow-server listening on" "$scratch/server.out" && return 0
    sleep 0.1
  done
  cat "$scratch/server.out" "$scratch/server.err"
  echo "FAIL: the server did not start"
  exit 1
}
stop_meadow_server() {
  kill "$server_pid"
  wait "$server_pid" || { echo "FAIL: the server did not exit cleanly"; exit 1; }
  server_pid=""
}
