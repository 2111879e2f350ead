#!/usr/bin/env bash
# Checks deploy/systemd/meadow-server.service with systemd-analyze verify. The unit names an
# installed /usr/local/bin/meadow-server; the check runs on a copy whose ExecStart points at a
# stand-in executable, so it does not depend on an install. Everything else is the unit as is.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
unit="$here/deploy/systemd/meadow-server.service"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

exec_path=$(sed -n 's/^ExecStart=\([^ ]*\).*/\1/p' "$unit")
[ "$exec_path" = /usr/local/bin/meadow-server ] || { echo "FAIL: unexpected ExecStart $exec_path"; exit 1; }
printf '#!/bin/sh\n' >"$scratch/meadow-server"
chmod +x "$scratch/meadow-server"
sed "s|^ExecStart=$exec_path|ExecStart=$scratch/meadow-server|" "$unit" >"$scratch/meadow-server.service"

if ! out=$(systemd-analyze verify "$scratch/meadow-server.service" 2>&1); then
  echo "$out"; echo "FAIL: systemd-analyze verify"; exit 1
fi
# verify exits 0 on some warnings; any line about our unit counts as a failure.
if echo "$out" | grep -i "meadow-server"; then
  echo "FAIL: systemd-analyze reported problems with the unit"; exit 1
fi

# Hardened: systemd's own exposure score (0 best, 10 worst) must stay at 2.5 or below.
if ! systemd-analyze security --offline=true --threshold=25 "$scratch/meadow-server.service" >"$scratch/security.txt" 2>&1; then
  tail -n 3 "$scratch/security.txt"; echo "FAIL: the unit's exposure rose above 2.5"; exit 1
fi
grep -o 'Overall exposure level.*' "$scratch/security.txt"

# The hardening the design asks for must stay in the unit.
for line in DynamicUser=yes ProtectSystem=strict Restart=on-failure NoNewPrivileges=yes Type=notify WatchdogSec=30s; do
  grep -qx "$line" "$unit" || { echo "FAIL: $line missing from the unit"; exit 1; }
done
echo "systemd unit: 1 passed, 0 failed"
