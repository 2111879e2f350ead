#!/usr/bin/env bash
# Checks deploy/prometheus/ (the alert rules) and deploy/grafana/ (the dashboard): promtool's own
# check and its unit tests of every alert, and the dashboard as JSON with a query in every panel.
# That every metric they name is one the server serves is tests/app/monitoring_e2e_test.cpp.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
passed=0
promtool check rules "$here/deploy/prometheus/meadow-alerts.yml"
passed=$((passed + 1))
(cd "$here/deploy/prometheus" && promtool test rules meadow-alerts-test.yml)
passed=$((passed + 1))
python3 - "$here/deploy/grafana/meadow-dashboard.json" <<'PY'
import json, sys
board = json.load(open(sys.argv[1]))
panels = board["panels"]
assert board["title"] and panels, "a dashboard with a title and panels"
for p in panels:
    targets = p.get("targets", [])
    assert targets and all(t.get("expr") for t in targets), f"panel {p.get('title')!r} has no query"
print(f"dashboard: {len(panels)} panels, each with its queries")
PY
passed=$((passed + 1))
echo "monitoring: ${passed} passed, 0 failed"
