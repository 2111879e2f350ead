#!/usr/bin/env bash
# Installs what Meadow needs to build, run and test on Debian 12 (run as root), then the
# viewer's npm packages. Quick when everything is already there: apt runs only for what is
# missing, npm ci only when package-lock.json changed.
set -euo pipefail
cd "$(dirname "$0")/.."

# What building the server and the viewer needs (also all a container's build stage installs).
build_packages=(
  build-essential cmake ninja-build ccache lld pkg-config git ca-certificates curl
  libboost1.81-dev
  libgrpc++-dev protobuf-compiler-grpc libprotobuf-dev protobuf-compiler
  libvulkan-dev glslc glslang-tools
  libspdlog-dev libzstd-dev nlohmann-json3-dev libcli11-dev libpng-dev libsqlite3-dev libvpx-dev libnats-dev
)
# What running it here and every test need besides.
test_packages=(
  mesa-vulkan-drivers vulkan-tools vulkan-validationlayers zstd sqlite3
  libgtest-dev libgmock-dev libbenchmark-dev
  clang llvm libclang-rt-14-dev
  librsvg2-bin openssl util-linux
  chromium systemd
  prometheus nginx python3 yamllint nats-server
  podman runc docker-compose golang-github-containernetworking-plugin-dnsname debootstrap
)
#   deploy/setup-debian.sh [--build-only]
packages=("${build_packages[@]}")
[ "${1:-}" = "--build-only" ] || packages+=("${test_packages[@]}")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: these Debian packages are missing and installing them needs root: ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# The viewer's tools (Vite 7, Vitest 3) need Node.js 20 or newer; Debian 12's own nodejs is 18.
# Then Debian's npm brings Node.js itself from the npm registry: the node-linux-<arch> package
# carries the official binary. It goes to /opt/meadow-node, linked from /usr/local/bin (ahead of
# /usr/bin on root's PATH), so every later command finds it.
meadow_node_version=22.23.5
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" -lt 20 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: Node.js 20 or newer is needed for the viewer (found $(node_major)); run this as root to install it" >&2
    exit 1
  fi
  if ! command -v npm >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q --no-install-recommends nodejs npm
  fi
  case "$(dpkg --print-architecture)" in
    amd64) node_arch=x64 ;;
    arm64) node_arch=arm64 ;;
    *) echo "setup: no Node.js package for $(dpkg --print-architecture); install Node.js 20 or newer" >&2; exit 1 ;;
  esac
  echo "setup: Node.js ${meadow_node_version} from the npm registry into /opt/meadow-node"
  npm install --global --prefix /opt/meadow-node --no-audit --no-fund "node-linux-${node_arch}@${meadow_node_version}"
  ln -sf /opt/meadow-node/bin/node /usr/local/bin/node
  hash -r
  if [ "$(node_major)" -lt 20 ]; then
    echo "setup: Node.js 20 or newer is needed for the viewer; /usr/local/bin/node is $(node --version 2>&1)" >&2
    exit 1
  fi
fi

# npm ci again only when a lock file changed since the last install: the viewer's tools, and
# (for the tests) the Kubernetes manifests' validator.
npm_folders=(web-viewer)
[ "${1:-}" = "--build-only" ] || npm_folders+=(tests/deploy/k8s-validate)
for folder in "${npm_folders[@]}"; do
  stamp=$folder/node_modules/.meadow-lock-stamp
  if [ ! -f "$stamp" ] || ! cmp -s "$folder/package-lock.json" "$stamp"; then
    echo "setup: npm ci in $folder/"
    (cd "$folder" && npm ci --no-audit --no-fund)
    cp "$folder/package-lock.json" "$stamp"
  fi
done
