#!/usr/bin/env bash
# Builds the server (CMake preset given as $1, default "release") and the viewer. Incremental:
# a second run rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
# ccache: a fresh clone reuses what earlier clones compiled.
source deploy/ccache-env.sh
preset=${1:-release}

cmake --preset "$preset" >/dev/null  # quick when nothing changed; picks up preset changes
cmake --build --preset "$preset"

# The viewer: rebuilt only when its sources or the protocol changed since the last build.
if [ ! -f web-viewer/dist/index.html ] ||
   [ -n "$(find web-viewer/src web-viewer/index.html web-viewer/package.json web-viewer/vite.config.ts proto \
            -newer web-viewer/dist/index.html -print -quit 2>/dev/null)" ]; then
  npm --prefix web-viewer run build
fi
