#!/usr/bin/env bash
# One command from a fresh Debian 12 machine (as root) to a running meadow: installs what is
# missing, builds the server and the viewer, and runs the server with the viewer on
# http://localhost:8080 (flags after the script go to meadow-server, e.g. --max-viewers 1000).
set -euo pipefail
cd "$(dirname "$0")/.."
./deploy/setup-debian.sh
./deploy/build.sh release
echo "Open http://localhost:8080 (Ctrl-C stops the server)"
exec build/release/server/app/meadow-server --web-root web-viewer/dist "$@"
