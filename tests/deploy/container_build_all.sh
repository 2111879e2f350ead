#!/usr/bin/env bash
# The whole Dockerfile, its build stage included, as someone with a container engine would build
# it: the server and the viewer compiled inside on Debian 12 (minutes on two cores), then the
# runtime image started and asked for /healthz. On demand, not in the test command, which builds
# the same runtime stage from the checkout's own release build (tests/deploy/container_test.sh).
# Prints the time of each part and the image's size.
#   tests/deploy/container_build_all.sh [TAG]     (default localhost/meadow:latest)
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
image=${1:-localhost/meadow:latest}
scratch=$(mktemp -d)
trap 'podman rm -f meadow-build-check >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
source "$here/tests/deploy/podman_env.sh"
podman_env "$scratch"
t0=$(date +%s)
base=$(debian_base)
# A network that inspects TLS (as this workplace's does) has a certificate authority every machine
# on it trusts; its base images carry it. npm's downloads in the build stage need it.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  mkdir -p "$scratch/ca"
  cat /usr/local/share/ca-certificates/*.crt >"$scratch/ca/network-extra.crt"
  printf 'FROM %s\nCOPY network-extra.crt /usr/local/share/ca-certificates/\nENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/network-extra.crt\n' \
    "$base" >"$scratch/ca/Dockerfile"
  podman build --quiet "${podman_limits[@]}" -t localhost/meadow-test-debian:12-network-ca "$scratch/ca" >/dev/null
  build_base=localhost/meadow-test-debian:12-network-ca
else
  build_base=$base
fi
echo "container build: bases ready after $(( $(date +%s) - t0 )) s"
t1=$(date +%s)
podman build --format docker --network host "${podman_limits[@]}" \
  --build-arg DEBIAN="$build_base" --build-arg DEBIAN_SLIM="$base" -t "$image" "$here"
echo "container build: the image built in $(( $(date +%s) - t1 )) s, $(( $(podman image inspect --format '{{.Size}}' "$image") / 1000000 )) MB"
source "$here/tests/deploy/free_port.sh"
port=$(free_port)
podman run -d --name meadow-build-check -p "127.0.0.1:$port:8080" "$image" >/dev/null
for _ in $(seq 1 150); do curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null || { podman logs meadow-build-check | tail -20; echo "FAIL: /healthz"; exit 1; }
curl -fsS "http://127.0.0.1:$port/" | grep -i '<!doctype html' >/dev/null || { echo "FAIL: the viewer's page"; exit 1; }
podman stop -t 15 meadow-build-check >/dev/null
[ "$(podman inspect --format '{{.State.ExitCode}}' meadow-build-check)" = 0 ] || { echo "FAIL: exit status"; exit 1; }
echo "container build: $image built from the sources answers /healthz and serves the viewer ($(( $(date +%s) - t0 )) s in all)"
