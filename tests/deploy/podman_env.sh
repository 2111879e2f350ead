# Sourced by the container checks: podman as this machine can run it, and Debian 12 bases.
#   podman_env SCRATCH     exports CONTAINERS_CONF; sets the array podman_limits for podman build
#   debian_base            echoes the name of a Debian 12 image (minbase, from Debian's archive by
#                          debootstrap, made once a machine: no image registry is reachable here)
#   runtime_image TAG BUILD SCRATCH BASE   the Dockerfile's runtime stage from a release build
#
# This machine's cgroups are v1 and v2 mixed, which crun refuses, and it has no CAP_SYS_RESOURCE
# to raise RLIMIT_NPROC to podman's default (runc refused even the machine's own hard limit; 4,096
# it takes). runc and lower limits run containers here; a normal host needs none of this.
podman_env() {
  local nofile
  nofile=$(ulimit -Hn)
  cat >"$1/containers.conf" <<CONF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=4096:4096"]
[engine]
runtime = "runc"
CONF
  export CONTAINERS_CONF="$1/containers.conf"
  # podman build takes no limits from that file.
  podman_limits=(--ulimit "nofile=$nofile:$nofile" --ulimit nproc=4096:4096)
}

debian_base() {
  local name=localhost/meadow-test-debian:12 root
  if ! podman image exists "$name"; then
    root=$(mktemp -d)
    debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$root.log" 2>&1 \
      || { tail -20 "$root.log" >&2; rm -rf "$root" "$root.log"; echo "FAIL: debootstrap" >&2; return 1; }
    tar -C "$root" -c . | podman import --change 'CMD ["bash"]' - "$name" >/dev/null
    rm -rf "$root" "$root.log"
  fi
  echo "$name"
}

# runtime_image TAG BUILD SCRATCH BASE: the Dockerfile's runtime stage, as it is, built as
# localhost/meadow:TAG on BASE from the release build in BUILD rather than from the build stage
# (minutes, not the quarter of an hour a from-scratch build takes; container_build_all.sh builds
# the whole Dockerfile). Also leaves localhost/meadow-built:TAG, the installed tree, to remove.
runtime_image() {
  local tag=$1 build=$2 scratch=$3 base=$4
  local root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  mkdir -p "$scratch/out"
  DESTDIR="$scratch/out/out" cmake --install "$build" --prefix /usr/local --strip >/dev/null
  tar -C "$scratch/out" -c out | podman import - "localhost/meadow-built:$tag" >/dev/null
  # The Dockerfile with its build stage swapped for that tree (the runtime stage as it is).
  awk -v built="localhost/meadow-built:$tag" '
    /^FROM .* AS build$/ { print "FROM " built " AS build"; skipping = 1; next }
    /^FROM / { skipping = 0 }
    !skipping' "$root/Dockerfile" >"$scratch/Dockerfile.runtime"
  if ! grep "^FROM localhost/meadow-built:$tag AS build$" "$scratch/Dockerfile.runtime" >/dev/null; then
    echo "runtime_image: the Dockerfile's build stage was not found" >&2
    return 1
  fi
  podman build --quiet --format docker --network host "${podman_limits[@]}" --target runtime \
    --build-arg DEBIAN="$base" --build-arg DEBIAN_SLIM="$base" \
    -t "localhost/meadow:$tag" -f "$scratch/Dockerfile.runtime" "$root" >/dev/null
}
