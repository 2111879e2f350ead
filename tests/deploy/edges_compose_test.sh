#!/usr/bin/env bash
# One meadow, many edges, on NATS (compose.edges.yaml and the files it runs), checked without
# containers: docker-compose's own reading of the file and that its services, nginx's upstreams and
# Prometheus's targets name each other; promtool on Prometheus's configuration; NATS's
# configuration by `nats-server -t` and on a live nats-server (its /varz); and
# deploy/nginx/meadow-edges.conf (only its upstreams' addresses, ports and certificate changed)
# with `nginx -t`, then live in front of NATS, a real sim and two real edges on loopback: the page
# and /healthz over HTTPS from both edges, no /metrics, the WebSocket, the operator's gRPC to the
# sim, an edge's share going to the other when it stops or answers 503, and nginx's per-visitor
# cap on viewers. Every server stopped with SIGTERM must exit 0.
#   tests/deploy/edges_compose_test.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$here/build/release}
source "$here/tests/deploy/local_server.sh"
passed=0
check() { passed=$((passed + 1)); echo "ok: $1"; }
fail() { echo "FAIL: $1"; exit 1; }
compose_file="$here/compose.edges.yaml"
nats_conf="$here/deploy/nats/nats-server.conf"
server="$build/server/app/meadow-server"

# 1. compose.edges.yaml as docker-compose reads it, with a throw-away token and certificates.
mkdir -p "$scratch/secrets" "$scratch/certs"
(umask 077 && head -c 32 /dev/urandom | base64 >"$scratch/secrets/operator-token")
MEADOW_OPERATOR_TOKEN="$scratch/secrets/operator-token" MEADOW_CERTS="$scratch/certs" \
  docker-compose -f "$compose_file" config >"$scratch/compose.yaml" 2>"$scratch/compose.err" \
  || { cat "$scratch/compose.err"; fail "docker-compose config: compose.edges.yaml"; }
check "docker-compose config reads compose.edges.yaml"

# 2. That its parts name each other: the services, NATS's port, nginx's upstreams, Prometheus's
# targets, the files mounted, what each role gets.
python3 - "$scratch/compose.yaml" "$here" <<'PY' || fail "compose.edges.yaml's services, nginx's upstreams and Prometheus's targets"
import re, sys, yaml
config = yaml.safe_load(open(sys.argv[1]))
repo = sys.argv[2]
services = config["services"]
problems = []
def need(ok, what):
    if not ok:
        problems.append(what)

def flags(svc):
    """The server's flags of a service: its command's, and its MEADOW_* variables as flags."""
    out = {}
    cmd = [str(x) for x in services[svc].get("command") or []]
    i = 0
    while i < len(cmd):
        name, _, value = cmd[i].partition("=")
        if not value and i + 1 < len(cmd) and not cmd[i + 1].startswith("--"):
            value = cmd[i + 1]
            i += 1
        out[name] = value
        i += 1
    for k, v in (services[svc].get("environment") or {}).items():
        if k.startswith("MEADOW_"):
            out.setdefault("--" + k[len("MEADOW_"):].lower().replace("_", "-"), str(v))
    return out

edges = sorted(s for s in services if flags(s).get("--role") == "edge")
sims = [s for s in services if flags(s).get("--role") == "sim"]
need(len(sims) == 1, f"one sim, not {sims}")
need(len(edges) >= 2, f"two edges or more, not {edges}")
need("nats" in services and "nginx" in services and "prometheus" in services, "services nats, nginx and prometheus")
sim = sims[0] if sims else None

# NATS: its image from nats.Dockerfile, its client port the configuration's, unpublished.
conf = open(f"{repo}/deploy/nats/nats-server.conf").read()
nats_port = int(re.search(r"^listen:\s*\S*:(\d+)", conf, re.M).group(1))
need(services["nats"].get("build", {}).get("dockerfile") == "deploy/container/nats.Dockerfile", "nats is built from deploy/container/nats.Dockerfile")
need(not services["nats"].get("ports"), "NATS's ports are published")
need(re.search(r"^COPY deploy/nats/nats-server.conf ", open(f"{repo}/deploy/container/nats.Dockerfile").read(), re.M), "nats.Dockerfile does not copy nats-server.conf")

# The image's own ports (MEADOW_PORT, MEADOW_VIEWER_GRPC_PORT; the operator's default 8081).
dockerfile = open(f"{repo}/Dockerfile").read()
http_port = int(re.search(r"MEADOW_PORT=(\d+)", dockerfile).group(1))
grpc_port = int(re.search(r"MEADOW_VIEWER_GRPC_PORT=(\d+)", dockerfile).group(1))
operator_port = 8081

# NATS locked (docs/edges.md): each of the sim and the edges speaks TLS with a certificate of its
# own, mounted read-only from the folder make-credentials.sh fills; only NATS gets server.key,
# nobody the CA's key.
def mounts(svc):
    out = {}
    for v in services[svc].get("volumes") or []:
        if isinstance(v, dict):
            out[str(v.get("target"))] = (str(v.get("source", "")), bool(v.get("read_only")))
        else:
            parts = str(v).split(":")
            out[parts[1]] = (parts[0], len(parts) > 2 and "ro" in parts[2].split(","))
    return out
for s in sims + edges:
    f = flags(s)
    own = "sim" if s in sims else s
    m = mounts(s)
    for flag, target, source in (("--nats-tls-ca", "/run/meadow/nats/ca.pem", "ca.pem"),
                                 ("--nats-tls-cert", "/run/meadow/nats/client.pem", f"{own}.pem"),
                                 ("--nats-tls-key", "/run/meadow/nats/client.key", f"{own}.key")):
        need(f.get(flag) == target, f"{s}: {flag} is {f.get(flag)}, not {target}")
        need(target in m and m[target][0].endswith("/" + source) and m[target][1], f"{s}: {target} is not its own {source}, read-only")
    need("--nats-insecure" not in f, f"{s}: --nats-insecure")
nm = mounts("nats")
for name in ("ca.pem", "server.pem", "server.key", "users.conf"):
    need(f"/etc/nats/tls/{name}" in nm and nm[f"/etc/nats/tls/{name}"][0].endswith("/" + name) and nm[f"/etc/nats/tls/{name}"][1],
         f"nats: /etc/nats/tls/{name} is not mounted read-only")
for s in services:
    for target, (source, _) in mounts(s).items():
        need(not source.endswith("/ca.key"), f"{s} mounts the CA's key")
        need(s == "nats" or not source.endswith("/server.key"), f"{s} mounts NATS's key")
for s in sims + edges:
    f = flags(s)
    need(f.get("--nats") == f"nats://nats:{nats_port}", f"{s}: --nats {f.get('--nats')} is not nats://nats:{nats_port}")
    need(not services[s].get("ports"), f"{s} publishes ports: viewers come through nginx")
    need(f.get("--nats-subject", "meadow") == "meadow", f"{s}: another --nats-subject")
if sim:
    f = flags(sim)
    need(f.get("--state-dir") == "/var/lib/meadow" and any(str(v).endswith(":/var/lib/meadow:rw") or str(v).endswith(":/var/lib/meadow") for v in services[sim].get("volumes", [])),
         "the sim's state: --state-dir /var/lib/meadow on a volume")
    need("--operator-token-file" in f and services[sim].get("secrets"), "the sim's operator token from a secret")
    need(f.get("--operator-bind") == "0.0.0.0", "the sim's operator port is not on the container network (nginx cannot reach it)")
for e in edges:
    f = flags(e)
    for bad in ("--state-dir", "--replay", "--operator-token-file", "--seed", "--swarm-count"):
        need(bad not in f, f"{e}: {bad}: the sim's, not an edge's")
    need(not services[e].get("secrets") and all(t.startswith("/run/meadow/nats/") for t in mounts(e)),
         f"{e}: secrets or volumes besides its NATS certificate: an edge keeps nothing")
    need(f.get("--edge-name") == e, f"{e}: --edge-name {f.get('--edge-name')} is not its service's name")
    # The server's own per-address caps, each visitor counted by the address nginx forwards.
    for cap in ("--max-viewers-per-address", "--max-connections-per-address"):
        need(cap not in f, f"{e}: {cap} {f.get(cap)}: the server's own cap, not a raised one")
    need("--trusted-proxy" in f, f"{e}: no --trusted-proxy: every visitor would count as nginx's address")

# nginx: meadow-edges.conf in place of meadow.conf; its upstreams are the services.
ng = services["nginx"]
need(any(str(v).endswith("deploy/nginx/meadow-edges.conf:/etc/nginx/conf.d/meadow.conf:ro") for v in ng.get("volumes", [])),
     "nginx does not mount deploy/nginx/meadow-edges.conf over its meadow.conf")
need({str(p.get("target")) for p in ng.get("ports", [])} == {"80", "443"}, "nginx publishes 80 and 443")
nginx = open(f"{repo}/deploy/nginx/meadow-edges.conf").read()
upstreams = {m.group(1): re.findall(r"^\s*server\s+([\w.-]+):(\d+);", m.group(2), re.M)
             for m in re.finditer(r"upstream\s+(\w+)\s*\{(.*?)\}", nginx, re.S)}
need(sorted(h for h, _ in upstreams.get("meadow_edges", [])) == edges, f"nginx's meadow_edges {upstreams.get('meadow_edges')} are not the edges {edges}")
need(all(int(p) == http_port for _, p in upstreams.get("meadow_edges", [])), "nginx's meadow_edges not on the edges' port")
need(sorted(h for h, _ in upstreams.get("meadow_viewer_grpc", [])) == edges, "nginx's meadow_viewer_grpc are not the edges")
need(all(int(p) == grpc_port for _, p in upstreams.get("meadow_viewer_grpc", [])), "nginx's meadow_viewer_grpc not on the edges' gRPC port")
need(upstreams.get("meadow_operator") == [(sim, str(operator_port))], f"nginx's meadow_operator {upstreams.get('meadow_operator')} is not the sim's {operator_port}")
for name, servers in upstreams.items():
    for host, _ in servers:
        need(host in services, f"nginx's upstream {name} names {host}, no service")
need(re.search(r"location = /ws \{[^}]*proxy_pass http://meadow_edges;", nginx), "/ws does not go to the edges")
need(re.search(r"location /meadow\.v1\.Operator/ \{[^}]*grpc_pass grpc://meadow_operator;", nginx), "the operator's gRPC does not go to the sim")

# Prometheus: this layout's configuration, every meadow-server a target of job meadow.
pr = services["prometheus"]
need(any(str(v).endswith("deploy/container/prometheus-edges.yml:/etc/prometheus/prometheus.yml:ro") for v in pr.get("volumes", [])),
     "prometheus does not mount deploy/container/prometheus-edges.yml")
prom = yaml.safe_load(open(f"{repo}/deploy/container/prometheus-edges.yml"))
jobs = {j["job_name"]: j for j in prom["scrape_configs"]}
targets = sorted(t for sc in jobs.get("meadow", {}).get("static_configs", []) for t in sc["targets"])
need(targets == sorted(f"{s}:{http_port}" for s in sims + edges), f"Prometheus's targets {targets} are not the sim and every edge")
need(all(str(p).startswith("127.0.0.1:") for p in pr.get("ports", [])), "Prometheus published beyond loopback")
published = sorted(s for s, v in services.items() if v.get("ports"))
need(published == ["nginx", "prometheus"], f"only nginx and Prometheus publish ports, not {published}")

for p in problems:
    print(f"      {p}")
sys.exit(1 if problems else 0)
PY
check "the services, NATS's port, nginx's upstreams and Prometheus's targets name each other"

# 3. Prometheus's configuration for this layout, with the rules it loads.
sed "s|/etc/prometheus/meadow-alerts.yml|$here/deploy/prometheus/meadow-alerts.yml|" \
  "$here/deploy/container/prometheus-edges.yml" >"$scratch/prometheus.yml"
promtool check config "$scratch/prometheus.yml" >"$scratch/promtool.out" 2>&1 \
  || { cat "$scratch/promtool.out"; fail "promtool check config prometheus-edges.yml"; }
check "promtool check config: deploy/container/prometheus-edges.yml and its rules"

# 4. NATS: the file as nats-server reads it, then a live server with it (only its two listening
# addresses moved to free loopback ports): the limits it holds, no JetStream.
# Its certificates and users from make-credentials.sh, where the image mounts them (/etc/nats/tls)
# moved to the scratch folder.
"$here/deploy/nats/make-credentials.sh" "$scratch/tls" edge-a edge-b >/dev/null
nats_client=$(free_port)
nats_monitor=$(free_port)
sed -e "s|^listen: .*|listen: 127.0.0.1:${nats_client}|" -e "s|^http: .*|http: 127.0.0.1:${nats_monitor}|" \
  -e "s|/etc/nats/tls|$scratch/tls|g" "$nats_conf" >"$scratch/nats-server.conf"
grep -q "^listen: 127.0.0.1:${nats_client}$" "$scratch/nats-server.conf" && grep -q "^http: 127.0.0.1:${nats_monitor}$" "$scratch/nats-server.conf" \
  || fail "nats-server.conf's listen and http lines changed"
nats-server -c "$scratch/nats-server.conf" -t >"$scratch/nats-t.out" 2>&1 || { cat "$scratch/nats-t.out"; fail "nats-server -t"; }
check "nats-server -t: deploy/nats/nats-server.conf with make-credentials.sh's files"
nats-server -c "$scratch/nats-server.conf" >"$scratch/nats.log" 2>&1 &
nats_pid=$!
stop_later "$nats_pid"
for _ in $(seq 1 50); do curl -fsS "http://127.0.0.1:${nats_monitor}/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fsS "http://127.0.0.1:${nats_monitor}/healthz" | grep -q '"ok"' || { cat "$scratch/nats.log"; fail "NATS's /healthz"; }
curl -fsS "http://127.0.0.1:${nats_monitor}/varz" >"$scratch/varz.json"
python3 - "$scratch/varz.json" "$nats_client" <<'PY' || { cat "$scratch/nats.log"; fail "NATS's /varz"; }
import json, sys
v = json.load(open(sys.argv[1]))
want = {"port": int(sys.argv[2]), "max_payload": 8 * 1024 * 1024, "max_pending": 64 * 1024 * 1024,
        "write_deadline": 5 * 10**9, "ping_interval": 20 * 10**9, "ping_max": 3, "max_connections": 1024}
bad = [f"{k} is {v.get(k)}, not {w}" for k, w in want.items() if v.get(k) != w]
if v.get("jetstream", {}).get("config"):
    bad.append("JetStream is on")
for b in bad:
    print(f"      {b}")
sys.exit(1 if bad else 0)
PY
grep -qi "warn\|error" "$scratch/nats.log" && { cat "$scratch/nats.log"; fail "nats-server warned about its configuration"; }
check "a live nats-server with it: 8 MB messages, 64 MB for a slow subscriber, 5 s write deadline, no JetStream"

# 5. A real sim and two real edges on that NATS, as compose.edges.yaml runs them (each with its
# own certificate; the edges trusting nginx's X-Forwarded-For), on free loopback ports.
# (grep without -q: its early exit would kill the help's writer, which pipefail then reports)
"$server" --help | grep -- "--role" >/dev/null || fail "$server has no --role: build it first"
(umask 077 && head -c 32 /dev/urandom | base64 >"$scratch/token")
port_of() { sed -n "s|^meadow-server $2 .*:\([0-9]*\)\$|\1|p" "$scratch/$1.out"; }
start_role() {  # NAME CERT ARGS...: started in the background, its pid in ${pids[NAME]}
  local name=$1 cert=$2
  shift 2
  "$server" --nats "nats://127.0.0.1:${nats_client}" --nats-tls-ca "$scratch/tls/ca.pem" \
    --nats-tls-cert "$scratch/tls/$cert.pem" --nats-tls-key "$scratch/tls/$cert.key" \
    --port 0 --viewer-grpc-port 0 --log-level warn \
    --web-root "$here/tests/app/web_root" "$@" >"$scratch/$name.out" 2>"$scratch/$name.err" &
  pids[$name]=$!
  stop_later "${pids[$name]}"
}
wait_listening() {  # NAME: an edge listens once it has heard the sim
  for _ in $(seq 1 300); do
    grep -q "^meadow-server listening on" "$scratch/$1.out" && return 0
    kill -0 "${pids[$1]}" 2>/dev/null || break
    sleep 0.1
  done
  cat "$scratch/$1.out" "$scratch/$1.err"
  fail "$1 did not start listening"
}
stop_role() {  # NAME: SIGTERM, and it must exit 0 within 10 s
  local name=$1 status=0
  kill "${pids[$name]}"
  for _ in $(seq 1 100); do kill -0 "${pids[$name]}" 2>/dev/null || break; sleep 0.1; done
  kill -0 "${pids[$name]}" 2>/dev/null && { tail -5 "$scratch/$name.err"; fail "$name did not exit within 10 s of SIGTERM"; }
  wait "${pids[$name]}" || status=$?
  [ "$status" -eq 0 ] || { tail -5 "$scratch/$name.err"; fail "$name exited with status $status after SIGTERM"; }
}
declare -A pids
start_role sim sim --role sim --operator-port 0 --operator-token-file "$scratch/token" --swarm-count 500 --seed 5
for e in edge-a edge-b; do
  start_role "$e" "$e" --role edge --edge-name "$e" --trusted-proxy 127.0.0.1
done
for name in sim edge-a edge-b; do wait_listening "$name"; done
connz=$(curl -fsS "http://127.0.0.1:${nats_monitor}/connz")
[ "$(echo "$connz" | python3 -c 'import json, sys; print(json.load(sys.stdin)["num_connections"])')" = 3 ] \
  || { echo "$connz" | head -c 2000; fail "NATS does not have the sim and both edges"; }
check "the sim and both edges on that NATS"

# 6. nginx with meadow-edges.conf in front of them: `nginx -t`, then live.
nginx_conf() {  # DIR EDGE_A_HTTP EDGE_B_HTTP: meadow-edges.conf there, on free ports
  mkdir -p "$1"
  MEADOW_NGINX_CONF="$here/deploy/nginx/meadow-edges.conf" "$here/tests/deploy/nginx_local_conf.sh" "$1" 1 1 1 \
    "$(free_port)" "$(free_port)" "edge-a:8080=127.0.0.1:$2" "edge-b:8080=127.0.0.1:$3" \
    "sim:8081=127.0.0.1:$(port_of sim operator)" \
    "edge-a:8082=127.0.0.1:$(port_of edge-a "viewer gRPC")" "edge-b:8082=127.0.0.1:$(port_of edge-b "viewer gRPC")"
  # Each request's upstream(s) in the log: which edge answered, and the ones tried before it.
  sed -i "s|^    access_log \(.*\);|    log_format edges '\$upstream_addr \$status \$request_uri';\n    access_log \1 edges;|" "$1/nginx.conf"
  grep -q "log_format edges" "$1/nginx.conf" || fail "the local nginx.conf changed shape"
  sed -n 's|.*listen 127.0.0.1:\([0-9]*\) ssl http2;|\1|p' "$1/meadow.conf" >"$1/https_port"
}
start_nginx() {  # DIR
  nginx -p "$1" -c "$1/nginx.conf" -g 'daemon off;' &
  stop_later $!
  for _ in $(seq 1 50); do curl -fsS --cacert "$1/cert.pem" "https://localhost:$(cat "$1/https_port")/healthz" >/dev/null 2>&1 && return 0; sleep 0.1; done
  cat "$1/logs/error.log"
  fail "nginx with meadow-edges.conf did not answer"
}
edge_a_http=$(port_of edge-a listening)
edge_b_http=$(port_of edge-b listening)
nginx_conf "$scratch/nginx" "$edge_a_http" "$edge_b_http"
nginx -t -p "$scratch/nginx" -c "$scratch/nginx/nginx.conf" >"$scratch/nginx-t.out" 2>&1 \
  || { cat "$scratch/nginx-t.out"; fail "nginx -t with meadow-edges.conf"; }
check "nginx -t: deploy/nginx/meadow-edges.conf with a throw-away certificate"
start_nginx "$scratch/nginx"
base="https://localhost:$(cat "$scratch/nginx/https_port")"
get() { curl -sS --cacert "$scratch/nginx/cert.pem" -o /dev/null -w '%{http_code}' "$@"; }
ws_upgrade() {  # URL [CURL ARGS...]: the status of a WebSocket upgrade there
  local url=$1
  shift
  curl -sS --http1.1 --cacert "$scratch/nginx/cert.pem" -o /dev/null -w '%{http_code}' "$@" "$url/ws" \
    -H "Connection: Upgrade" -H "Upgrade: websocket" -H "Sec-WebSocket-Version: 13" \
    -H "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==" -H "Origin: $url" 2>/dev/null || true
}

for _ in 1 2 3 4 5 6; do [ "$(get "$base/healthz")" = 200 ] || fail "/healthz over HTTPS through nginx"; done
curl -fsS --cacert "$scratch/nginx/cert.pem" "$base/" | grep -i "<!doctype html" >/dev/null || fail "the viewer's page over HTTPS"
for port in "$edge_a_http" "$edge_b_http"; do
  grep -q "^127.0.0.1:$port 200 /healthz" "$scratch/nginx/logs/access.log" \
    || { cat "$scratch/nginx/logs/access.log"; fail "the edge on $port got no share of the requests"; }
done
check "the page and /healthz over HTTPS, spread over both edges"
[ "$(get "$base/metrics")" = 404 ] || fail "/metrics is served through nginx"
curl -fsS "http://127.0.0.1:$edge_a_http/metrics" | grep "^meadow_" >/dev/null || fail "an edge's own /metrics"
check "/metrics only on each server's own port, not through nginx"
[ "$(ws_upgrade "$base" --max-time 1)" = 101 ] || fail "the WebSocket upgrade through nginx"
check "the WebSocket upgrade through nginx to an edge (101)"
"$build/client/meadowctl" --server "localhost:$(cat "$scratch/nginx/https_port")" --tls --ca-file "$scratch/nginx/cert.pem" \
  --token-file "$scratch/token" status >"$scratch/status.txt" 2>&1 || { cat "$scratch/status.txt"; fail "meadowctl --tls status through nginx"; }
grep -q "swarm" "$scratch/status.txt" || { cat "$scratch/status.txt"; fail "meadowctl's status"; }
check "meadowctl --tls status through nginx reaches the sim"

# Each visitor holds at most 8 viewers through nginx (as the edges' own caps would): 8
# WebSockets held open, a ninth refused with 503 by nginx itself.
sessions() {  # viewers connected to both edges, by their own /metrics
  local n=0 port
  for port in "$edge_a_http" "$edge_b_http"; do
    n=$((n + $(curl -fsS "http://127.0.0.1:$port/metrics" | sed -n 's/^meadow_sessions \([0-9]*\)$/\1/p')))
  done
  echo "$n"
}
held=()
for _ in $(seq 1 8); do
  curl -sS --http1.1 --cacert "$scratch/nginx/cert.pem" -N -o /dev/null --max-time 30 "$base/ws" \
    -H "Connection: Upgrade" -H "Upgrade: websocket" -H "Sec-WebSocket-Version: 13" \
    -H "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==" -H "Origin: $base" 2>/dev/null &
  held+=($!)
done
for _ in $(seq 1 100); do [ "$(sessions)" -ge 8 ] && break; sleep 0.1; done
[ "$(sessions)" -eq 8 ] || fail "8 viewers held through nginx: the edges have $(sessions)"
code=$(ws_upgrade "$base" --max-time 1)
for pid in "${held[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
[ "$code" = 503 ] && grep -q 'limiting connections by zone "meadow_viewers_per_visitor"' "$scratch/nginx/logs/error.log" \
  || { tail -3 "$scratch/nginx/logs/error.log"; fail "a ninth viewer from one address answered $code, not nginx's 503"; }
check "nginx holds a visitor to 8 viewers (the ninth: 503)"

# An edge that answers 503 (no live sim, or full): nginx tries the other, for the page and /ws.
# A stand-in for edge-a that answers 503 to everything, behind a second nginx.
unavailable=$(free_port)
python3 - "$unavailable" <<'PY' &
import http.server, sys
class NoSim(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = b"no live sim\n"
        self.send_response(503)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass
http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), NoSim).serve_forever()
PY
stop_later $!
for _ in $(seq 1 50); do curl -s -o /dev/null "http://127.0.0.1:$unavailable/" && break; sleep 0.1; done
nginx_conf "$scratch/nginx-503" "$unavailable" "$edge_b_http"
start_nginx "$scratch/nginx-503"
base503="https://localhost:$(cat "$scratch/nginx-503/https_port")"
for _ in 1 2 3 4; do
  [ "$(curl -sS --cacert "$scratch/nginx-503/cert.pem" -o /dev/null -w '%{http_code}' "$base503/healthz")" = 200 ] \
    || fail "/healthz through nginx with one edge answering 503"
done
code=$(curl -sS --http1.1 --cacert "$scratch/nginx-503/cert.pem" -o /dev/null -w '%{http_code}' --max-time 1 "$base503/ws" \
  -H "Connection: Upgrade" -H "Upgrade: websocket" -H "Sec-WebSocket-Version: 13" \
  -H "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==" -H "Origin: $base503" 2>/dev/null || true)
[ "$code" = 101 ] || fail "the WebSocket through nginx with one edge answering 503: $code"
grep -q "^127.0.0.1:$unavailable, 127.0.0.1:$edge_b_http " "$scratch/nginx-503/logs/access.log" \
  || { cat "$scratch/nginx-503/logs/access.log"; fail "nginx never tried the 503 edge and then the other"; }
check "an edge answering 503: nginx sends the page and the WebSocket to the other"

# An edge that stops: its share goes to the other.
stop_role edge-a
for _ in 1 2 3 4; do [ "$(get "$base/healthz")" = 200 ] || fail "/healthz through nginx with edge-a stopped"; done
[ "$(ws_upgrade "$base" --max-time 1)" = 101 ] || fail "the WebSocket through nginx with edge-a stopped"
check "edge-a stopped (exit 0): everything through nginx goes to edge-b"

stop_role edge-b
stop_role sim
check "edge-b and the sim exit 0 on SIGTERM"
# nats-server exits 1 after SIGTERM, 0 after SIGINT (nats.Dockerfile's STOPSIGNAL).
kill -INT "$nats_pid"
nats_status=0
wait "$nats_pid" || nats_status=$?
[ "$nats_status" -eq 0 ] || { tail -3 "$scratch/nats.log"; fail "nats-server exited $nats_status after SIGINT"; }
check "nats-server exits 0 on SIGINT"
echo "edges compose: ${passed} passed, 0 failed"
