#!/usr/bin/env bash
# The Dockerfile and compose.yaml, built and run for real with podman (Debian's; no Docker engine
# runs here), and Debian's docker-compose talking to podman's Docker API:
#   1. the Dockerfile's runtime stage, from this checkout's release build (its full build stage
#      compiles everything again, minutes on two cores: tests/deploy/container_build_all.sh runs
#      that on demand), on Debian 12 bases made with debootstrap, as no image registry is
#      reachable from here;
#   2. the image: a non-root user, every library its programs link present, the HEALTHCHECK;
#   3. the meadow in it: healthy by its own check, the viewer's page served, a clean stop, and
#      its state kept in the volume across a restart;
#   4. compose.yaml as it is (images and ports chosen by its variables): through nginx the page
#      and /healthz over HTTPS, the WebSocket upgrade, meadowctl --tls; Prometheus scraping the
#      meadow with the alert rules loaded.
#   tests/deploy/container_test.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$here/build/release}
scratch=$(mktemp -d)
passed=0
check() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { echo "FAIL: $1"; exit 1; }
tag=meadowtest$$
project=meadow$$
source "$here/tests/deploy/free_port.sh"
source "$here/tests/deploy/podman_env.sh"
podman_env "$scratch"

podman_service=""
cleanup() {
  if [ -n "$podman_service" ]; then
    (cd "$scratch/compose" && docker-compose -p "$project" down -v >/dev/null 2>&1) || true
    kill "$podman_service" 2>/dev/null && wait "$podman_service" 2>/dev/null || true
  fi
  # What a down that failed half-way (a check that failed first, a slow stop) leaves behind.
  podman ps -aq --filter "label=com.docker.compose.project=$project" | xargs -r podman rm -f >/dev/null 2>&1 || true
  podman network rm -f "${project}_default" >/dev/null 2>&1 || true
  podman volume rm -f "${project}_meadow-state" "${project}_prometheus-data" >/dev/null 2>&1 || true
  podman rm -f "$tag-run" >/dev/null 2>&1 || true
  podman volume rm -f "$tag-state" >/dev/null 2>&1 || true
  for image in meadow meadow-built meadow-nginx meadow-prometheus; do
    podman rmi -f "localhost/$image:$tag" >/dev/null 2>&1 || true
  done
  rm -rf "$scratch"
}
trap cleanup EXIT

# 1. The runtime stage on a Debian 12 base, from this checkout's release build.
base=$(debian_base)
start=$(date +%s)
runtime_image "$tag" "$build" "$scratch" "$base" || fail "the runtime image"
size=$(podman image inspect --format '{{.Size}}' "localhost/meadow:$tag")
echo "the runtime image: $(( size / 1000000 )) MB, built in $(( $(date +%s) - start )) s"
check "the Dockerfile's runtime stage builds"

# 2. The image.
[ "$(podman image inspect --format '{{.Config.User}}' "localhost/meadow:$tag")" = 10001 ] || fail "the image's user"
[ "$(podman run --rm --entrypoint id "localhost/meadow:$tag" -un)" = meadow ] || fail "the image's user is not meadow"
check "runs as the non-root user meadow"
missing=$(podman run --rm --entrypoint bash "localhost/meadow:$tag" -c \
  'ldd /usr/local/bin/meadow-server /usr/local/bin/meadowctl | grep "not found" || true')
[ -z "$missing" ] || fail "libraries missing in the image: $missing"
check "every library meadow-server and meadowctl link is in the image"
podman image inspect --format '{{.Config.Healthcheck.Test}}' "localhost/meadow:$tag" | grep healthz >/dev/null \
  || fail "no HEALTHCHECK on /healthz"
podman run --rm --entrypoint test "localhost/meadow:$tag" -f /usr/local/share/meadow/web/index.html \
  || fail "the viewer's files are not in the image"
check "HEALTHCHECK on /healthz and the viewer's files inside"

# 3. The meadow in it, its state in a volume.
port=$(free_port)
run_meadow() {
  podman run -d --name "$tag-run" -p "127.0.0.1:$port:8080" -v "$tag-state:/var/lib/meadow" \
    -e MEADOW_SWARM_COUNT=500 -e MEADOW_SNAPSHOT_EVERY=5 "localhost/meadow:$tag" >/dev/null
  for _ in $(seq 1 150); do
    curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  podman logs "$tag-run" | tail -20
  fail "the container's meadow did not answer /healthz"
}
stop_meadow() {
  podman stop -t 15 "$tag-run" >/dev/null
  local code
  code=$(podman inspect --format '{{.State.ExitCode}}' "$tag-run")
  [ "$code" = 0 ] || { podman logs "$tag-run" | tail -20; fail "the server exited with $code on SIGTERM"; }
  podman rm "$tag-run" >/dev/null
}
run_meadow
if ! health=$(podman healthcheck run "$tag-run" 2>&1); then
  echo "$health"
  podman inspect --format '{{json .State.Health}}' "$tag-run" || true
  fail "the image's own health check"
fi
curl -fsS "http://127.0.0.1:$port/" | grep -i '<!doctype html' >/dev/null || fail "the viewer's page from the container"
check "the meadow answers, healthy by its own check, the viewer served"
# A snapshot every 5 s: past the first, stop and start again from the volume.
sleep 6
stop_meadow
check "stops cleanly on SIGTERM (exit 0)"
run_meadow
podman logs "$tag-run" >"$scratch/restart.log" 2>&1
grep -q 'meadow restored from snapshot' "$scratch/restart.log" \
  || { tail -20 "$scratch/restart.log"; fail "the restarted meadow did not come back from its volume"; }
stop_meadow
check "the meadow comes back from its state volume"

# 4. compose.yaml as it is, in a copy of the context with a throw-away certificate and token.
mkdir -p "$scratch/compose/certs" "$scratch/compose/secrets"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost -addext subjectAltName=DNS:localhost \
  -keyout "$scratch/compose/certs/privkey.pem" -out "$scratch/compose/certs/fullchain.pem" 2>/dev/null
chmod 644 "$scratch/compose/certs/privkey.pem"
(umask 077 && head -c 32 /dev/urandom | base64 >"$scratch/compose/secrets/operator-token")
chown 10001 "$scratch/compose/secrets/operator-token"
cp "$here/compose.yaml" "$scratch/compose/"
http_port=$(free_port)
https_port=$(free_port)
prometheus_port=$(free_port)
export MEADOW_DEBIAN=$base MEADOW_DEBIAN_SLIM=$base MEADOW_IMAGE="localhost/meadow:$tag" \
  MEADOW_NGINX_IMAGE="localhost/meadow-nginx:$tag" MEADOW_PROMETHEUS_IMAGE="localhost/meadow-prometheus:$tag" \
  MEADOW_HTTP_PORT=$http_port MEADOW_HTTPS_PORT=$https_port MEADOW_PROMETHEUS_PORT=$prometheus_port
# The nginx and Prometheus images from the same Dockerfiles compose names, with this checkout as
# their context.
for image in nginx prometheus; do
  podman build --quiet --network host "${podman_limits[@]}" --build-arg DEBIAN_SLIM="$base" -t "localhost/meadow-$image:$tag" \
    -f "$here/deploy/container/$image.Dockerfile" "$here" >/dev/null
done
# docker-compose (the reference implementation; Debian's podman-compose 1.0 cannot share a
# service's network) through podman's Docker-compatible API on a socket of its own.
podman system service --time=0 "unix://$scratch/podman.sock" 2>"$scratch/podman-service.log" &
podman_service=$!
export DOCKER_HOST="unix://$scratch/podman.sock"
for _ in $(seq 1 50); do [ -S "$scratch/podman.sock" ] && break; sleep 0.1; done
(cd "$scratch/compose" && docker-compose -p "$project" up -d --no-build >"$scratch/compose.log" 2>&1) \
  || { cat "$scratch/compose.log"; fail "docker-compose up"; }
base_url="https://localhost:$https_port"
for _ in $(seq 1 150); do
  curl -fsS --cacert "$scratch/compose/certs/fullchain.pem" "$base_url/healthz" >/dev/null 2>&1 && break
  sleep 0.2
done
curl -fsS --cacert "$scratch/compose/certs/fullchain.pem" "$base_url/healthz" >/dev/null \
  || { cat "$scratch/compose.log"; (cd "$scratch/compose" && docker-compose -p "$project" logs --tail 20); fail "/healthz through nginx"; }
curl -fsS --cacert "$scratch/compose/certs/fullchain.pem" "$base_url/" | grep -i '<!doctype html' >/dev/null \
  || fail "the viewer's page through nginx"
check "compose: the page and /healthz over HTTPS through nginx"
code=$(curl -sS --cacert "$scratch/compose/certs/fullchain.pem" --http1.1 -o /dev/null -w '%{http_code}' --max-time 3 \
  -H 'Connection: Upgrade' -H 'Upgrade: websocket' -H 'Sec-WebSocket-Version: 13' \
  -H 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==' -H "Origin: $base_url" "$base_url/ws" 2>/dev/null || true)
[ "$code" = 101 ] || fail "the WebSocket upgrade through nginx answered $code"
check "compose: the WebSocket upgrade through nginx (101)"
"$build/client/meadowctl" --server "localhost:$https_port" --tls --ca-file "$scratch/compose/certs/fullchain.pem" \
  --token-file "$scratch/compose/secrets/operator-token" status >"$scratch/status.txt" 2>&1 \
  || { cat "$scratch/status.txt"; fail "meadowctl --tls status through nginx"; }
grep -q swarm "$scratch/status.txt" || { cat "$scratch/status.txt"; fail "meadowctl's status through nginx"; }
check "compose: meadowctl --tls status through nginx"
up=""
for _ in $(seq 1 100); do
  up=$(curl -fsS "http://127.0.0.1:$prometheus_port/api/v1/targets" 2>/dev/null | grep -o '"health":"up"' || true)
  [ -n "$up" ] && break
  sleep 0.3
done
[ -n "$up" ] || fail "Prometheus does not scrape the meadow"
curl -fsS "http://127.0.0.1:$prometheus_port/api/v1/rules" | grep MeadowTickOverBudget >/dev/null || fail "the alert rules are not loaded"
check "compose: Prometheus scrapes the meadow, the alert rules loaded"

echo "containers: $passed passed, 0 failed"
