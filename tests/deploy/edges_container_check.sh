#!/usr/bin/env bash
# compose.edges.yaml run for real with containers (on demand: not in tests/run-all.sh), as
# tests/deploy/container_test.sh runs compose.yaml: podman (Debian's), Debian's docker-compose 1.29
# over podman's Docker API, the meadow's image built from the checkout's release build (the
# Dockerfile's runtime stage, its build stage swapped for that tree), the nginx, Prometheus and
# NATS images from their Dockerfiles, on a Debian 12 base made by debootstrap. The file itself and
# the files it mounts are the checkout's own, unchanged; only its variables (images, ports, the
# certificate and token) are set. It checks:
#   1. every service up (sim, nats, edge-a, edge-b, nginx, prometheus), each image's own health
#      check passing, none restarting;
#   2. through nginx over HTTPS: /healthz 200, the page, no /metrics, page requests reaching both
#      edges (each edge's own meadow_http_requests_total, read inside its container), the
#      WebSocket upgrade (101);
#   3. meadowctl --tls through nginx reaches the sim (status), and its `viewers` lists WebSocket
#      viewers held open through nginx (wss, a small Python client) with their edges' names, both
#      edges among them;
#   4. Prometheus has the sim and both edges as targets, up;
#   5. with edge-a stopped, the page and /healthz still served through nginx (by edge-b);
#   6. docker-compose down -v leaves no container, network or volume of the project.
#   tests/deploy/edges_container_check.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$here/build/release}
scratch=$(mktemp -d)
passed=0
failed=0
started=$(date +%s)
check() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; }
fail() { bad "$1"; exit 1; }   # a step the rest needs
tag=meadowedges$$
project=meadowedges$$
source "$here/tests/deploy/free_port.sh"
source "$here/tests/deploy/podman_env.sh"
podman_env "$scratch"
services=(sim nats edge-a edge-b nginx prometheus)
container() { echo "${project}_$1_1"; }   # docker-compose 1.29's names

podman_service=""
viewer_client=""
dc() { docker-compose -p "$project" -f "$here/compose.edges.yaml" "$@"; }
# Only what this run made: its project's containers, network and volumes, its images.
leftovers() {
  podman ps -a -q --filter "label=com.docker.compose.project=$project"
  podman network ls -q --filter "name=^${project}_"
  podman volume ls -q --filter "name=^${project}_"
}
cleanup() {
  local rc=$?
  [ -z "$viewer_client" ] || { kill "$viewer_client" 2>/dev/null; wait "$viewer_client" 2>/dev/null; } || true
  if [ -n "$podman_service" ]; then
    dc down -v -t 5 >/dev/null 2>&1 || true
    kill "$podman_service" 2>/dev/null && wait "$podman_service" 2>/dev/null || true
  fi
  local name
  for name in $(podman ps -a -q --filter "label=com.docker.compose.project=$project" 2>/dev/null); do
    podman rm -f "$name" >/dev/null 2>&1 || true
  done
  podman network rm -f "${project}_default" >/dev/null 2>&1 || true
  podman volume rm -f "${project}_meadow-state" "${project}_prometheus-data" >/dev/null 2>&1 || true
  for image in meadow meadow-built meadow-nginx meadow-prometheus meadow-nats; do
    podman rmi -f "localhost/$image:$tag" >/dev/null 2>&1 || true
  done
  rm -rf "$scratch"
  echo "edges containers: $passed passed, $failed failed ($(( $(date +%s) - started )) s)"
  [ "$rc" = 0 ] && [ "$failed" = 0 ] || exit 1
}
trap cleanup EXIT

# The images: the meadow's runtime stage from this checkout's release build (as
# container_test.sh), nginx, Prometheus and NATS from the Dockerfiles compose.edges.yaml names.
base=$(debian_base)
runtime_image "$tag" "$build" "$scratch" "$base" || fail "the runtime image"
for image in nginx prometheus nats; do
  podman build --quiet --format docker --network host "${podman_limits[@]}" --build-arg DEBIAN_SLIM="$base" \
    -t "localhost/meadow-$image:$tag" -f "$here/deploy/container/$image.Dockerfile" "$here" >/dev/null \
    || fail "deploy/container/$image.Dockerfile does not build"
done
echo "images built in $(( $(date +%s) - started )) s"
check "the images build (meadow's runtime stage, nginx, Prometheus, NATS)"

# compose.edges.yaml as it is, with a throw-away certificate and token in the scratch folder.
mkdir -p "$scratch/certs" "$scratch/secrets"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost -addext subjectAltName=DNS:localhost \
  -keyout "$scratch/certs/privkey.pem" -out "$scratch/certs/fullchain.pem" 2>/dev/null
chmod 644 "$scratch/certs/privkey.pem"
ca="$scratch/certs/fullchain.pem"
token="$scratch/secrets/operator-token"
(umask 077 && head -c 32 /dev/urandom | base64 >"$token")
chown 10001 "$token"
# NATS's certificates and users (each key to the user of the image that reads it).
nats_credentials="$scratch/secrets/nats"
"$here/deploy/nats/make-credentials.sh" "$nats_credentials" edge-a edge-b >/dev/null
chown 10001 "$nats_credentials/sim.key" "$nats_credentials/edge-a.key" "$nats_credentials/edge-b.key"
chown 10002 "$nats_credentials/server.key"
https_port=$(free_port)
prometheus_port=$(free_port)
export MEADOW_DEBIAN=$base MEADOW_DEBIAN_SLIM=$base MEADOW_IMAGE="localhost/meadow:$tag" \
  MEADOW_NGINX_IMAGE="localhost/meadow-nginx:$tag" MEADOW_PROMETHEUS_IMAGE="localhost/meadow-prometheus:$tag" \
  MEADOW_NATS_IMAGE="localhost/meadow-nats:$tag" MEADOW_HTTP_PORT=$(free_port) MEADOW_HTTPS_PORT=$https_port \
  MEADOW_PROMETHEUS_PORT=$prometheus_port MEADOW_CERTS="$scratch/certs" MEADOW_OPERATOR_TOKEN="$token" \
  MEADOW_NATS_CREDENTIALS="$nats_credentials"
podman system service --time=0 "unix://$scratch/podman.sock" 2>"$scratch/podman-service.log" &
podman_service=$!
export DOCKER_HOST="unix://$scratch/podman.sock"
for _ in $(seq 1 50); do [ -S "$scratch/podman.sock" ] && break; sleep 0.1; done
show_logs() { dc logs --no-color --tail 15 2>&1 | cut -c1-400; }
dc up -d --no-build >"$scratch/compose.log" 2>&1 || { cat "$scratch/compose.log"; show_logs; fail "docker-compose up"; }
up_at=$(date +%s)

base_url="https://localhost:$https_port"
https() { curl -sS --cacert "$ca" --max-time 15 "$@"; }
code=""
for _ in $(seq 1 300); do
  code=$(https -o /dev/null -w '%{http_code}' "$base_url/healthz" 2>/dev/null || true)
  [ "$code" = 200 ] && break
  sleep 0.2
done
[ "$code" = 200 ] || { show_logs; fail "/healthz through nginx answered '$code'"; }
echo "served through nginx $(( $(date +%s) - up_at )) s after docker-compose up"

# 1. Every service running, healthy by its image's own check, and not restarting.
sleep 3
for svc in "${services[@]}"; do
  state=$(podman inspect --format '{{.State.Status}} {{.RestartCount}}' "$(container "$svc")" 2>&1 || true)
  [ "$state" = "running 0" ] || bad "$svc is '$state', not running (restarts)"
done
for svc in sim nats edge-a edge-b; do
  podman healthcheck run "$(container "$svc")" >/dev/null 2>&1 || bad "$svc's own health check"
done
[ "$failed" = 0 ] || { show_logs; exit 1; }
check "all six services up (sim, nats, edge-a, edge-b, nginx, prometheus), the image's health checks pass"

# 2. Through nginx over HTTPS.
https -o /dev/null -w '%{http_code}' "$base_url/healthz" | grep -qx 200 || bad "/healthz through nginx"
page=$(https "$base_url/" || true)
grep -qi '<!doctype html' <<<"$page" || bad "the viewer's page through nginx"
code=$(https -o /dev/null -w '%{http_code}' "$base_url/metrics" || true)
[ "$code" = 404 ] || bad "/metrics through nginx answered $code, not 404"
[ "$failed" = 0 ] && check "through nginx over HTTPS: /healthz 200, the page, /metrics 404"

# Which edge answered: each edge's own count of HTTP requests, read inside its container (its
# /metrics is not routed through nginx; the image has bash but no curl).
http_requests() {
  podman exec "$(container "$1")" bash -c 'exec 3<>/dev/tcp/127.0.0.1/8080 &&
    printf "GET /metrics HTTP/1.0\r\nHost: localhost\r\n\r\n" >&3 && cat <&3' |
    awk '$1 == "meadow_http_requests_total" { printf "%d\n", $2 }'
}
a0=$(http_requests edge-a)
b0=$(http_requests edge-b)
for _ in $(seq 1 30); do https -o /dev/null "$base_url/"; done
a1=$(http_requests edge-a)
b1=$(http_requests edge-b)
echo "30 page requests through nginx: edge-a served $(( a1 - a0 )), edge-b $(( b1 - b0 )) (with Prometheus's scrapes)"
if [ $(( a1 - a0 )) -ge 5 ] && [ $(( b1 - b0 )) -ge 5 ]; then
  check "repeated page requests through nginx reach both edges"
else
  bad "page requests through nginx reach one edge only"
fi

code=$(https --http1.1 -o /dev/null -w '%{http_code}' --max-time 3 \
  -H 'Connection: Upgrade' -H 'Upgrade: websocket' -H 'Sec-WebSocket-Version: 13' \
  -H 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==' -H "Origin: $base_url" "$base_url/ws" 2>/dev/null || true)
[ "$code" = 101 ] && check "the WebSocket upgrade through nginx (101)" || bad "the WebSocket upgrade through nginx answered $code"

# 3. The operator's console through nginx to the sim.
meadowctl() { "$build/client/meadowctl" --server "localhost:$https_port" --tls --ca-file "$ca" --token-file "$token" "$@"; }
if meadowctl status >"$scratch/status.txt" 2>&1 && grep -q swarm "$scratch/status.txt"; then
  check "meadowctl --tls status through nginx reaches the sim"
else
  cat "$scratch/status.txt"; bad "meadowctl --tls status through nginx"
fi

# Viewers held open over wss through nginx: meadow-watch speaks plain ws only, so a small Python
# client does the upgrade over TLS and then only reads (answering the edge's pings) until killed.
cat >"$scratch/viewers.py" <<'PY'
import base64, os, socket, ssl, sys, threading, time
port, ca, count, ready = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
tls = ssl.create_default_context(cafile=ca)
tls.set_alpn_protocols(["http/1.1"])

def hold(sock):
    buf = bytearray()
    while True:
        data = sock.recv(1 << 16)
        if not data:
            return
        buf += data
        while len(buf) >= 2:
            opcode, n, at = buf[0] & 0x0F, buf[1] & 0x7F, 2
            if n == 126:
                if len(buf) < 4: break
                n, at = int.from_bytes(buf[2:4], "big"), 4
            elif n == 127:
                if len(buf) < 10: break
                n, at = int.from_bytes(buf[2:10], "big"), 10
            if len(buf) < at + n:
                break
            payload = bytes(buf[at:at + n])
            del buf[:at + n]
            if opcode == 0x9:  # ping: a masked pong with its payload (short: control frames are)
                mask = os.urandom(4)
                sock.sendall(bytes([0x8A, 0x80 | len(payload)]) + mask
                             + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
            elif opcode == 0x8:
                return

for _ in range(count):
    sock = tls.wrap_socket(socket.create_connection(("localhost", port), timeout=10), server_hostname="localhost")
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: localhost:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: https://localhost:{port}\r\n\r\n").encode())
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        byte = sock.recv(1)
        if not byte:
            sys.exit("closed during the handshake")
        head += byte
    if b" 101 " not in head.split(b"\r\n")[0]:
        sys.exit("upgrade refused: " + head.split(b"\r\n")[0].decode())
    sock.settimeout(None)
    threading.Thread(target=hold, args=(sock,), daemon=True).start()
    time.sleep(0.2)
open(ready, "w").write("open\n")
time.sleep(600)
PY
python3 "$scratch/viewers.py" "$https_port" "$ca" 4 "$scratch/viewers.ready" >"$scratch/viewers.log" 2>&1 &
viewer_client=$!
for _ in $(seq 1 100); do [ -f "$scratch/viewers.ready" ] || ! kill -0 "$viewer_client" 2>/dev/null && break; sleep 0.1; done
if [ -f "$scratch/viewers.ready" ]; then
  # The edges report their viewers to the sim every second (and at once on a change).
  for _ in $(seq 1 20); do
    meadowctl viewers >"$scratch/viewers.txt" 2>&1 || true
    [ "$(grep -cE ' edge-[ab]$' "$scratch/viewers.txt")" -ge 4 ] && break
    sleep 0.5
  done
  cat "$scratch/viewers.txt"
  if [ "$(grep -cE ' edge-[ab]$' "$scratch/viewers.txt")" -ge 4 ] \
     && grep -qE ' edge-a$' "$scratch/viewers.txt" && grep -qE ' edge-b$' "$scratch/viewers.txt"; then
    check "meadowctl viewers through nginx lists 4 wss viewers with their edges' names, on both edges"
  else
    bad "meadowctl viewers does not list the 4 wss viewers on edge-a and edge-b"
  fi
  for svc in edge-a edge-b; do
    podman logs "$(container "$svc")" >"$scratch/$svc.log" 2>&1 || true
    grep -q 'session [0-9]* from .* joined' "$scratch/$svc.log" || bad "no viewer joined in $svc's log"
  done
else
  cat "$scratch/viewers.log"; bad "the wss viewers through nginx did not open"
fi
kill "$viewer_client" 2>/dev/null; wait "$viewer_client" 2>/dev/null || true
viewer_client=""

# 4. Prometheus: the sim and both edges, up.
targets=""
for _ in $(seq 1 60); do
  targets=$(curl -fsS "http://127.0.0.1:$prometheus_port/api/v1/targets" 2>/dev/null | python3 -c '
import json, sys
for t in json.load(sys.stdin)["data"]["activeTargets"]:
    print(t["labels"]["instance"], t["labels"].get("role", "-"), t["health"])' | sort || true)
  [ "$(grep -c ' up$' <<<"$targets")" -ge 3 ] && break
  sleep 0.5
done
echo "$targets" | sed 's/^/  prometheus target: /'
if [ "$(printf '%s\n' "sim:8080 sim up" "edge-a:8080 edge up" "edge-b:8080 edge up" | sort)" = "$targets" ]; then
  check "Prometheus scrapes the sim and both edges (job meadow, up)"
else
  bad "Prometheus's targets are not the sim and both edges up"
fi

# 5. An edge stopped: nginx serves the page from the other, at once. Its container's address is
# gone (a connection to it is unanswered, not refused): each request tried on it first costs
# nginx's connect timeout, and nginx tries it again every fail_timeout (10 s), so 10 requests over
# 12 s see that twice.
stop_at=$(date +%s)
dc stop -t 10 edge-a >/dev/null 2>&1 || bad "docker-compose stop edge-a"
exit_code=$(podman inspect --format '{{.State.ExitCode}}' "$(container edge-a)" 2>&1 || true)
[ "$exit_code" = 0 ] || bad "edge-a exited with $exit_code on stop"
b0=$(http_requests edge-b)
served=0
slowest=0
for _ in $(seq 1 10); do
  sleep 1.2
  t0=$(date +%s%N)
  out=$(https -w '\n%{http_code}' "$base_url/" 2>/dev/null || true)
  t=$(( ($(date +%s%N) - t0) / 1000000 ))
  [ "$t" -gt "$slowest" ] && slowest=$t
  [ "$(tail -1 <<<"$out")" = 200 ] && grep -qi '<!doctype html' <<<"$out" && served=$((served + 1))
done
code=$(https -o /dev/null -w '%{http_code}' "$base_url/healthz" || true)
ws=$(https --http1.1 -o /dev/null -w '%{http_code}' --max-time 3 \
  -H 'Connection: Upgrade' -H 'Upgrade: websocket' -H 'Sec-WebSocket-Version: 13' \
  -H 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==' -H "Origin: $base_url" "$base_url/ws" 2>/dev/null || true)
b1=$(http_requests edge-b)
echo "edge-a stopped: $served of 10 pages served, slowest $slowest ms, edge-b served $(( b1 - b0 )); /healthz $code, /ws $ws"
if [ "$served" = 10 ] && [ "$slowest" -lt 5000 ] && [ "$code" = 200 ] && [ "$ws" = 101 ] && [ $(( b1 - b0 )) -ge 10 ]; then
  check "with edge-a stopped, nginx serves the page (each in under 5 s), /healthz and /ws from edge-b"
else
  bad "with edge-a stopped, the page through nginx"
fi

# 6. docker-compose down -v: nothing of the project left.
if dc down -v -t 10 >"$scratch/down.log" 2>&1; then
  left=$(leftovers)
  [ -z "$left" ] && check "docker-compose down -v leaves no container, network or volume" \
    || bad "left after docker-compose down -v: $(echo $left)"
else
  cat "$scratch/down.log"; bad "docker-compose down -v"
fi
