# Sourced by the container checks: podman as this machine can run it, and Debian 12 bases.
#   podman_env SCRATCH     exports CONTAINERS_CONF; sets the array podman_limits for podman build
#   debian_base            echoes the name of a Debian 12 image (minbase, from Debian's archive by
#                          debootstrap, made once a machine: no image registry is reachable here)
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
