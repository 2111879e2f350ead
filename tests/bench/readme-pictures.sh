#!/usr/bin/env bash
# The README's pictures, from a real server with the default 5,000 fireflies:
#   docs/img/swarm-trails.svg: 150 fireflies' trails as meadowctl records them (240 steps of
#     warm-up, 120 recorded), before any setting changes;
#   docs/img/swarm-phases.png: the light after 25 s under each of three settings of the rule
#     weights, as the server sends it, side by side.
# Needs a release build and ImageMagick's `convert` (apt-get install imagemagick):
#   tests/bench/readme-pictures.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
out=docs/img/swarm-phases.png
trails_out=docs/img/swarm-trails.svg
bin=build/release
port=$((20000 + RANDOM % 20000))
operator=$((port + 1))
export MEADOW_OPERATOR_TOKEN=phase-pictures-only-on-loopback
work=$(mktemp -d)
"$bin/server/app/meadow-server" --port "$port" --operator-port "$operator" --light-video off >"$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 60); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
  sleep 0.5
done
ctl() { "$bin/client/meadowctl" --server "127.0.0.1:$operator" "$@" >/dev/null; }
ctl trails --count 150 --format svg --out "$trails_out"
echo "readme-pictures: wrote $trails_out"
# name: separation alignment cohesion (factors of the default weights)
phases=("sheet 3 1 1" "rivers 0.5 3 1" "balls 0.3 1 3")
pictures=()
for phase in "${phases[@]}"; do
  read -r name separation alignment cohesion <<<"$phase"
  ctl set --separation "$separation" --alignment "$alignment" --cohesion "$cohesion"
  sleep 25
  "$bin/client/meadow-watch" --server "127.0.0.1:$port" --light-codec zstd --png "$work/$name.png"
  /usr/bin/convert "$work/$name.png" -gravity South -background black -fill white -splice 0x22 \
    -annotate +0+4 "$name: separation $separation, alignment $alignment, cohesion $cohesion" "$work/$name-labelled.png"
  pictures+=("$work/$name-labelled.png")
done
/usr/bin/convert "${pictures[@]}" +append "$out"
echo "readme-pictures: wrote $out"
