#!/usr/bin/env bash
# One sim and two edge servers on NATS (docs/perf/edges.md), measured on this machine as separate
# hosts would run them: each edge in a network namespace of its own with its own address on a
# bridge, NATS and the sim on the host's side of it. Prints, for each phase, the sim's tick (p99)
# and CPU, its bytes published, NATS's bytes out, each edge's CPU, what the viewers received and the
# action-to-frame latency, then the two hops an edge adds (from the servers' histograms). Needs root
# (ip netns) and the release build. docs/edges.md has the figures and what they say.
#
#   tests/bench/edges-measure.sh [SECONDS_PER_PHASE [VIEWERS_PER_EDGE]]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-20}
viewers=${2:-100}
bin=$PWD/build/release/server/app/meadow-server
watch=$PWD/build/release/client/meadow-watch
web=$PWD/web-viewer/dist
for tool in "$bin" "$watch"; do
  [ -x "$tool" ] || { echo "edges-measure: build first (deploy/build.sh release): $tool missing"; exit 1; }
done
command -v nats-server >/dev/null || { echo "edges-measure: nats-server missing (apt-get install nats-server)"; exit 1; }
[ "$(id -u)" = 0 ] || { echo "edges-measure: needs root for the network namespaces"; exit 1; }

work=$(mktemp -d)
bridge=meadowbr0
host_ip=10.77.0.1
declare -A edge_ip=([a]=10.77.0.2 [b]=10.77.0.3)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  for n in a b; do ip netns del "meadow-edge-$n" 2>/dev/null || true; done
  ip link del "$bridge" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The network: a bridge on the host, a namespace per edge joined to it by a veth pair.
ip link add "$bridge" type bridge
ip addr add "$host_ip/24" dev "$bridge"
ip link set "$bridge" up
for n in a b; do
  ip netns add "meadow-edge-$n"
  ip link add "veth-meadow-$n" type veth peer name eth0 netns "meadow-edge-$n"
  ip link set "veth-meadow-$n" master "$bridge" up
  ip netns exec "meadow-edge-$n" ip addr add "${edge_ip[$n]}/24" dev eth0
  ip netns exec "meadow-edge-$n" ip link set eth0 up
  ip netns exec "meadow-edge-$n" ip link set lo up
done

nats-server -a "$host_ip" -p 4222 -m 8222 >"$work/nats.log" 2>&1 &
pids+=($!)
sleep 0.5

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
metric() { curl -s "http://$1/metrics" | awk -v n="$2" '$1 == n {print $2; exit}'; }
varz() { curl -s "http://$host_ip:8222/varz" | sed -n "s/.*\"$1\": *\([0-9]*\).*/\1/p" | head -1; }
# A histogram's buckets now ("LE COUNT" lines), and the p50 and p99 of what came between two such
# dumps, each as the upper bound of the bucket that holds it (ms).
hist_dump() {
  curl -s "http://$1/metrics" | awk -v n="$2_bucket" '
    index($1, n "{") == 1 { split($1, a, "le=\""); le = a[2]; sub(/".*/, "", le); print le, $2 }'
}
hist_quantiles_ms() {  # BEFORE_FILE AFTER_FILE
  paste "$1" "$2" | awk '
    { b[++k] = $1; c[k] = $4 - $2 }
    END { total = c[k]; if (total == 0) { print "no samples"; exit }
          out = ""
          for (q = 1; q <= 2; q++) {
            want = (q == 1 ? 0.5 : 0.99)
            for (i = 1; i <= k; i++) if (c[i] >= want * total) break
            out = out sprintf("%s <= %s ms", (q == 1 ? "p50" : ", p99"), (b[i] == "+Inf" ? "inf" : b[i] * 1000))
          }
          printf "%s (%d samples)\n", out, total }'
}
wait_listening() {  # FILE
  for _ in $(seq 100); do grep -q "listening on" "$1" 2>/dev/null && return 0; sleep 0.1; done
  echo "edges-measure: a server did not start:"; cat "${1%.out}.log"; exit 1
}
start_sim() {  # ROLE
  local nats=()
  [ "$1" = sim ] && nats=(--nats "nats://$host_ip:4222" --nats-insecure)
  "$bin" --role "$1" "${nats[@]}" --bind "$host_ip" --port 8080 --no-viewer-grpc --web-root "$web" \
    --max-viewers 2000 --max-viewers-per-address 2000 --max-connections 4000 --max-connections-per-address 4000 \
    >"$work/sim.out" 2>"$work/sim.log" &
  sim_pid=$!
  pids+=($sim_pid)
  wait_listening "$work/sim.out"
}
start_edge() {  # NAME
  ip netns exec "meadow-edge-$1" "$bin" --role edge --nats "nats://$host_ip:4222" --nats-insecure --edge-name "edge-$1" \
    --bind "${edge_ip[$1]}" --port 8080 --no-viewer-grpc --web-root "$web" \
    --max-viewers 2000 --max-viewers-per-address 2000 --max-connections 4000 --max-connections-per-address 4000 \
    >"$work/edge-$1.out" 2>"$work/edge-$1.log" &
  local pid=$!
  pids+=($pid)
  eval "edge_pid_$1=$pid"
  wait_listening "$work/edge-$1.out"
}
stop_all_servers() {
  for pid in ${edge_pid_a:-} ${edge_pid_b:-} ${sim_pid:-}; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  edge_pid_a="" edge_pid_b="" sim_pid=""
}

# One phase: each TARGET (HOST:PORT; none: no viewers) gets COUNT viewers for $seconds.
phase() {
  local name=$1 count=$2; shift 2
  sleep 3  # past the start
  local clk; clk=$(getconf CLK_TCK)
  local sim0 a0=0 b0=0 pub0 out0
  sim0=$(cpu_ticks "$sim_pid")
  [ -n "${edge_pid_a:-}" ] && a0=$(cpu_ticks "$edge_pid_a") && b0=$(cpu_ticks "$edge_pid_b")
  pub0=$(metric "$host_ip:8080" meadow_nats_frame_bytes_published_total); pub0=${pub0:-0}
  out0=$(varz out_bytes)
  if [ -n "${edge_pid_a:-}" ]; then
    hist_dump "$host_ip:8080" meadow_edge_action_hop_seconds >"$work/action-hop.0"
    hist_dump "${edge_ip[a]}:8080" meadow_edge_frame_hop_seconds >"$work/frame-hop.0"
  fi
  local jsons=() loads=()
  for target in "$@"; do
    "$watch" --server "$target" --load "$count" --seconds "$seconds" --json >"$work/load-${target//[:.]/_}.json" 2>/dev/null &
    loads+=($!)
    jsons+=("$work/load-${target//[:.]/_}.json")
  done
  if [ ${#loads[@]} -gt 0 ]; then wait "${loads[@]}" || true; else sleep "$seconds"; fi
  local sim1 a1=0 b1=0 pub1 out1
  sim1=$(cpu_ticks "$sim_pid")
  [ -n "${edge_pid_a:-}" ] && a1=$(cpu_ticks "$edge_pid_a") && b1=$(cpu_ticks "$edge_pid_b")
  pub1=$(metric "$host_ip:8080" meadow_nats_frame_bytes_published_total); pub1=${pub1:-0}
  out1=$(varz out_bytes)
  echo "== $name"
  printf '  sim: p99 tick %s ms, %.2f cores' "$(awk -v s="$(metric "$host_ip:8080" meadow_tick_p99_seconds)" 'BEGIN{printf "%.2f", s*1000}')" \
    "$(awk -v d=$((sim1 - sim0)) -v c="$clk" -v s="$seconds" 'BEGIN{print d/c/s}')"
  printf ', published %.1f MB/s on NATS; NATS sent %.1f MB/s\n' \
    "$(awk -v d=$((pub1 - pub0)) -v s="$seconds" 'BEGIN{print d/s/1e6}')" "$(awk -v d=$((out1 - out0)) -v s="$seconds" 'BEGIN{print d/s/1e6}')"
  if [ -n "${edge_pid_a:-}" ]; then
    printf '  edges: %.2f and %.2f cores\n' "$(awk -v d=$((a1 - a0)) -v c="$clk" -v s="$seconds" 'BEGIN{print d/c/s}')" \
      "$(awk -v d=$((b1 - b0)) -v c="$clk" -v s="$seconds" 'BEGIN{print d/c/s}')"
    hist_dump "$host_ip:8080" meadow_edge_action_hop_seconds >"$work/action-hop.1"
    hist_dump "${edge_ip[a]}:8080" meadow_edge_frame_hop_seconds >"$work/frame-hop.1"
    echo "  hops an edge adds: action to the sim $(hist_quantiles_ms "$work/action-hop.0" "$work/action-hop.1");" \
      "frame to edge A $(hist_quantiles_ms "$work/frame-hop.0" "$work/frame-hop.1")"
  fi
  for j in "${jsons[@]}"; do
    [ -s "$j" ] || continue
    python3 - "$j" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
print(f"  viewers {r['viewers_with_frames']}/{r['viewers']} fed, {r['frames_per_viewer_per_s']:.1f} frames/s each "
      f"(slowest {r['slowest_viewer_frames_per_s']:.1f}), {r['frames_dropped']} dropped, "
      f"{r['bytes_per_viewer_per_s']/1e3:.1f} kB/s each; action to frame p50 {r['latency_p50_ms']:.1f} ms, "
      f"p99 {r['latency_p99_ms']:.1f} ms ({r['latency_samples']} samples)")
EOF
  done
}

echo "edges-measure: $seconds s a phase, $viewers viewers an edge; $(nproc) cores"
echo "command: tests/bench/edges-measure.sh $seconds $viewers"
start_sim all
phase "the sim alone (--role all), no viewers" 0
phase "the sim alone (--role all), 20 viewers on it" 20 "$host_ip:8080"
phase "the sim alone (--role all), $((2 * viewers)) viewers on it" $((2 * viewers)) "$host_ip:8080"
stop_all_servers
start_sim sim
start_edge a
start_edge b
phase "sim + 2 edges, no viewers" 0
phase "sim + 2 edges, 10 viewers on each edge" 10 "${edge_ip[a]}:8080" "${edge_ip[b]}:8080"
phase "sim + 2 edges, $viewers viewers on each edge" "$viewers" "${edge_ip[a]}:8080" "${edge_ip[b]}:8080"
phase "sim + 2 edges, $((2 * viewers)) viewers on edge A alone" $((2 * viewers)) "${edge_ip[a]}:8080"
stop_all_servers
