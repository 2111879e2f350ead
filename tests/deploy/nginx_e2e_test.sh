#!/usr/bin/env bash
# deploy/nginx/meadow.conf for real: Debian's nginx, started here with a throw-away certificate
# for localhost, in front of a real meadow-server; only the ports and the certificate's paths are
# changed. Checks `nginx -t`, the viewer page and /healthz over HTTPS, the WebSocket upgrade
# through it, and `meadowctl --tls` through its gRPC proxy. Everything on loopback, free ports,
# stopped at the end.
#   tests/deploy/nginx_e2e_test.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$here/build/release}
source "$here/tests/deploy/local_server.sh"
passed=0
check() { passed=$((passed + 1)); echo "ok: $1"; }

(umask 077 && head -c 32 /dev/urandom | base64 >"$scratch/token")

start_meadow_server "$build/server/app/meadow-server" --operator-port 0 --viewer-grpc-port 0 --seed 5 \
  --swarm-count 500 --log-level warn --web-root "$here/tests/app/web_root" --operator-token-file "$scratch/token" \
  --trusted-proxy 127.0.0.1
viewer_port=$(server_port listening)
operator_port=$(server_port operator)
grpc_port=$(server_port "viewer gRPC")
[ -n "$viewer_port" ] && [ -n "$operator_port" ] && [ -n "$grpc_port" ] \
  || { cat "$scratch/server.out"; echo "FAIL: the server's ports"; exit 1; }

http_port=$(free_port)
https_port=$(free_port)
"$here/tests/deploy/nginx_local_conf.sh" "$scratch" "$viewer_port" "$operator_port" "$grpc_port" "$http_port" "$https_port"
nginx -t -p "$scratch" -c "$scratch/nginx.conf" 2>&1 | tail -2
check "nginx -t"
nginx -p "$scratch" -c "$scratch/nginx.conf" -g 'daemon off;' &
stop_later $!
base="https://localhost:${https_port}"
for _ in $(seq 1 50); do curl -fsS --cacert "$scratch/cert.pem" "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done

curl -fsS --cacert "$scratch/cert.pem" "$base/healthz" | grep -q . || { echo "FAIL: /healthz over HTTPS"; exit 1; }
check "/healthz over HTTPS"
curl -fsS --cacert "$scratch/cert.pem" "$base/" | grep -qi "<!doctype html" || { echo "FAIL: the viewer's page over HTTPS"; exit 1; }
check "the viewer's page over HTTPS"
curl -fsS -o /dev/null -w '%{http_code} %{redirect_url}\n' "http://127.0.0.1:${http_port}/" | grep -q "^301 https://" \
  || { echo "FAIL: plain HTTP is not sent to HTTPS"; exit 1; }
check "plain HTTP sent to HTTPS"
[ "$(curl -sS -o /dev/null -w '%{http_code}' --cacert "$scratch/cert.pem" "$base/metrics")" = 404 ] \
  || { echo "FAIL: /metrics is served through nginx"; exit 1; }
check "/metrics kept off the public side"
# The WebSocket handshake through the proxy: 101 and the server's first message (a Welcome).
upgrade=$(curl -sS --http1.1 --cacert "$scratch/cert.pem" --max-time 3 -i -N "$base/ws" \
  -H "Connection: Upgrade" -H "Upgrade: websocket" -H "Sec-WebSocket-Version: 13" \
  -H "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==" -H "Origin: $base" 2>/dev/null | head -c 400 | tr -d '\0' || true)
echo "$upgrade" | head -1 | grep -q " 101 " || { echo "$upgrade" | head -5; echo "FAIL: no WebSocket upgrade through nginx"; exit 1; }
check "the WebSocket upgrade through nginx"
# The operator's console over TLS through the gRPC proxy.
"$build/client/meadowctl" --server "localhost:${https_port}" --tls --ca-file "$scratch/cert.pem" \
  --token-file "$scratch/token" status >"$scratch/status.txt" \
  || { cat "$scratch/status.txt"; tail -3 "$scratch/logs/error.log"; echo "FAIL: meadowctl --tls through nginx"; exit 1; }
grep -q "swarm" "$scratch/status.txt" || { cat "$scratch/status.txt"; echo "FAIL: meadowctl's status"; exit 1; }
check "meadowctl --tls status through nginx's gRPC proxy"

stop_meadow_server
echo "nginx e2e: ${passed} passed, 0 failed"
