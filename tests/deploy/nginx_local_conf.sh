#!/usr/bin/env bash
# Writes into DIR what runs deploy/nginx/meadow.conf locally, for the tests: a throw-away
# certificate for localhost (DIR/cert.pem, DIR/key.pem), the file with only its upstream ports,
# listen lines and certificate paths changed (DIR/meadow.conf), and a main DIR/nginx.conf that
# keeps every path inside DIR. Start it with: nginx -p DIR -c DIR/nginx.conf -g 'daemon off;'
#   tests/deploy/nginx_local_conf.sh DIR VIEWER_PORT OPERATOR_PORT VIEWER_GRPC_PORT HTTP_PORT HTTPS_PORT [UPSTREAM=ADDRESS ...]
# MEADOW_NGINX_CONF names another file of deploy/nginx/ to run the same way (meadow-edges.conf),
# and each UPSTREAM=ADDRESS moves one of its upstream servers (edge-a:8080=127.0.0.1:41234).
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
dir=$1 viewer_port=$2 operator_port=$3 grpc_port=$4 http_port=$5 https_port=$6
shift 6
moves=()
for move in "$@"; do
  grep -q "server ${move%%=*};" "${MEADOW_NGINX_CONF:-$here/deploy/nginx/meadow.conf}" \
    || { echo "FAIL: no upstream server ${move%%=*} in the config" >&2; exit 1; }
  moves+=(-e "s|server ${move%%=*};|server ${move#*=};|")
done
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost -addext subjectAltName=DNS:localhost \
  -keyout "$dir/key.pem" -out "$dir/cert.pem" 2>/dev/null
sed -e "s|127.0.0.1:8080;|127.0.0.1:${viewer_port};|" -e "s|127.0.0.1:8081;|127.0.0.1:${operator_port};|" \
    -e "s|127.0.0.1:8082;|127.0.0.1:${grpc_port};|" \
    -e "s|listen 80;|listen 127.0.0.1:${http_port};|" -e "/listen \[::\]:80;/d" \
    -e "s|listen 443 ssl http2;|listen 127.0.0.1:${https_port} ssl http2;|" -e "/listen \[::\]:443/d" \
    -e "s|/etc/ssl/meadow/fullchain.pem|$dir/cert.pem|" -e "s|/etc/ssl/meadow/privkey.pem|$dir/key.pem|" \
    "${moves[@]}" "${MEADOW_NGINX_CONF:-$here/deploy/nginx/meadow.conf}" >"$dir/meadow.conf"
grep -q "127.0.0.1:${https_port} ssl http2" "$dir/meadow.conf" || { echo "FAIL: the config's listen lines changed" >&2; exit 1; }
mkdir -p "$dir/logs" "$dir/tmp"
cat >"$dir/nginx.conf" <<CONF
pid $dir/nginx.pid;
error_log $dir/logs/error.log warn;
events {}
http {
    access_log $dir/logs/access.log;
    client_body_temp_path $dir/tmp/body;
    proxy_temp_path $dir/tmp/proxy;
    fastcgi_temp_path $dir/tmp/fastcgi;
    uwsgi_temp_path $dir/tmp/uwsgi;
    scgi_temp_path $dir/tmp/scgi;
    include $dir/meadow.conf;
}
CONF
