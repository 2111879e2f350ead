#!/usr/bin/env bash
# A real Prometheus (Debian's) scrapes a real meadow-server and evaluates deploy/prometheus's
# alert rules; the server is made slow on purpose (a million fireflies on the CPU: every tick runs
# far over its 16.7 ms), so MeadowTickOverBudget must fire. The rules are the shipped ones with
# their `for:` waits cut to seconds (the expressions are untouched). Both run on loopback, on free
# ports, and are stopped at the end.
#   tests/deploy/prometheus_e2e_test.sh [SERVER_BIN]
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
server_bin=${1:-$here/build/release/server/app/meadow-server}
source "$here/tests/deploy/local_server.sh"

start_meadow_server "$server_bin" --seed 5 --swarm-engine cpu --swarm-count 1000000 --log-level warn \
  --web-root "$here/tests/app/web_root"
port=$(server_port listening)

sed -E 's/^(\s*)for: .*/\1for: 5s/' "$here/deploy/prometheus/meadow-alerts.yml" >"$scratch/meadow-alerts.yml"
cat >"$scratch/prometheus.yml" <<YAML
global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files: [meadow-alerts.yml]
scrape_configs:
  - job_name: meadow
    static_configs: [{targets: ["127.0.0.1:${port}"]}]
YAML
prom_port=$(free_port)
prometheus --config.file="$scratch/prometheus.yml" --storage.tsdb.path="$scratch/data" \
  --web.listen-address="127.0.0.1:${prom_port}" --log.level=warn >"$scratch/prometheus.log" 2>&1 &
stop_later $!

firing=""
for _ in $(seq 1 120); do
  alerts=$(curl -fsS "http://127.0.0.1:${prom_port}/api/v1/alerts" 2>/dev/null || true)
  if echo "$alerts" | python3 -c '
import json, sys
alerts = json.load(sys.stdin)["data"]["alerts"]
sys.exit(0 if any(a["labels"]["alertname"] == "MeadowTickOverBudget" and a["state"] == "firing" for a in alerts) else 1)
' 2>/dev/null; then
    firing=yes
    break
  fi
  sleep 1
done
p99=$(curl -fsS "http://127.0.0.1:${port}/metrics" | sed -n 's/^meadow_tick_p99_seconds //p')
if [ -z "$firing" ]; then
  tail -n 5 "$scratch/prometheus.log"
  echo "FAIL: MeadowTickOverBudget did not fire (p99 tick ${p99} s)"
  exit 1
fi
echo "MeadowTickOverBudget fired with the p99 tick at ${p99} s"
stop_meadow_server
echo "prometheus e2e: 1 passed, 0 failed"
