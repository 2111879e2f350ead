#!/usr/bin/env bash
# The README's promise, proved: both of its commands on a Debian 12 that has nothing but its base
# system. Builds a clean root with debootstrap from Debian's archive, clones this checkout's HEAD
# into it (what is committed, as CI would see it), and inside it, in a mount namespace of its own,
# runs the test command (./tests/run-all.sh, as CI does, so its stage times are a clean clone's),
# then the browser suite at both speeds (tests/viewer_speeds.sh: full speed on a small page, and
# Chromium's CPU throttled 4x on a larger one; MEADOW_FRESH_SPEED_RUNS runs of each, 1 by
# default, 0 for none), and then the run command (./deploy/start.sh), checking that the viewer and
# /healthz answer on http://localhost:8080. Slow (about an hour and a half on two cores) and needs
# root and the network to Debian's and npm's archives, so it runs on demand, not in the test
# command.
#   tests/deploy/fresh_debian_check.sh [WORK_DIR]     (default /var/tmp/meadow-fresh)
# Writes WORK_DIR/report.md (the time of each stage) and WORK_DIR/run.log; removes the root at
# the end unless MEADOW_FRESH_KEEP=1. MEADOW_FRESH_MIRROR picks the Debian mirror;
# MEADOW_FRESH_RUN_ONLY=1 runs only the run command (about 15 minutes).
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-/var/tmp/meadow-fresh}
mirror=${MEADOW_FRESH_MIRROR:-http://deb.debian.org/debian}
root="$work/root"
log="$work/run.log"
report="$work/report.md"

[ "$(id -u)" -eq 0 ] || { echo "fresh-debian: needs root (debootstrap, mounts, pivot_root)" >&2; exit 1; }
if ss -ltn 'sport = :8080' | grep -q LISTEN; then
  echo "fresh-debian: port 8080 is taken here; the run command serves on it (the root shares this network)" >&2
  exit 1
fi
command -v debootstrap >/dev/null || {
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap
}

rm -rf "$work"
mkdir -p "$work"
t0=$(date +%s)
elapsed() { echo $(( $(date +%s) - t0 )); }
timeline=()
mark() { timeline+=("$1|$(elapsed)"); echo "fresh-debian: $1 done at $(elapsed) s" | tee -a "$log"; }

# The base system: debootstrap's default variant (priority required and important), as a minimal
# Debian 12 installation has it. No compiler, no Node.js, no git.
debootstrap bookworm "$root" "$mirror" >>"$log" 2>&1
mark "debootstrap (base system)"
cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
cp /etc/resolv.conf "$root/etc/resolv.conf"
# A network that inspects TLS (as this workplace's does) has its own certificate authority, which
# every machine on it trusts: hand the root the extra ones this machine has, for npm's downloads
# (Node.js reads NODE_EXTRA_CA_CERTS) and for ca-certificates once the set-up installs it.
extra_ca=()
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  mkdir -p "$root/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  cat /usr/local/share/ca-certificates/*.crt >"$root/usr/local/share/ca-certificates/network-extra.pem"
  extra_ca=(NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/network-extra.pem)
  echo "fresh-debian: the root trusts this network's extra certificate authorities too" | tee -a "$log"
fi
git clone -q --no-hardlinks "$here" "$root/root/meadow"
git -C "$root/root/meadow" log -1 --format='fresh-debian: commit %h %s' | tee -a "$log"

# Inside: the two commands, as root in /root/meadow, with a plain login environment (CI=true as
# CI sets it). The run command is stopped once its page and /healthz answered.
cat >"$root/root/fresh-inside.sh" <<'EOF'
#!/bin/bash
set -euo pipefail
cd /root/meadow
if [ "${MEADOW_FRESH_RUN_ONLY:-0}" != 1 ]; then
  start=$(date +%s)
  ./tests/run-all.sh
  echo "fresh-inside: test command passed in $(( $(date +%s) - start )) s"
  if [ "${MEADOW_FRESH_SPEED_RUNS:-1}" -gt 0 ]; then
    start=$(date +%s)
    ./tests/viewer_speeds.sh "${MEADOW_FRESH_SPEED_RUNS:-1}" fast,slow
    echo "fresh-inside: the browser suite at both speeds passed in $(( $(date +%s) - start )) s"
  fi
fi
start=$(date +%s)
./deploy/start.sh --log-level warn &
pid=$!
for _ in $(seq 1 1800); do
  curl -fsS http://localhost:8080/healthz >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { echo "fresh-inside: the run command exited"; exit 1; }
  sleep 1
done
curl -fsS http://localhost:8080/healthz >/dev/null
curl -fsS http://localhost:8080/ | grep -qi '<!doctype html'
echo "fresh-inside: run command serving the viewer on :8080 after $(( $(date +%s) - start )) s"
kill "$pid"
wait "$pid"
EOF
chmod +x "$root/root/fresh-inside.sh"

# A private mount namespace: the root's /proc, /sys, /dev and /tmp vanish with it. The root
# becomes the namespace's own "/" by pivot_root, not chroot: the kernel refuses a chrooted
# process new user namespaces (Chromium's sandbox, the kiosk test's user) and entry into those
# of a container (podman's health check), which a real machine allows.
set +e
unshare --mount --propagation private --fork bash -c '
  set -e
  root=$1
  # The root a mount of its own, as on a real machine: podman remounts "/" to unpack images.
  mount --bind "$root" "$root"
  mount -t proc proc "$root/proc"
  mount --rbind /sys "$root/sys"
  mount --rbind /dev "$root/dev"
  mount -t tmpfs -o size=8g tmpfs "$root/tmp"
  mkdir -p "$root/.host-root"
  cd "$root"
  pivot_root . .host-root
  cd /
  umount -l /.host-root
  rmdir /.host-root
  shift
  exec /usr/bin/env -i HOME=/root TERM=dumb CI=true LANG=C.UTF-8 "$@" \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin /root/fresh-inside.sh
' _ "$root" "${extra_ca[@]}" "MEADOW_FRESH_RUN_ONLY=${MEADOW_FRESH_RUN_ONLY:-0}" \
  "MEADOW_FRESH_SPEED_RUNS=${MEADOW_FRESH_SPEED_RUNS:-1}" 2>&1 | tee -a "$log"
status=${PIPESTATUS[0]}
set -e
mark "both commands"

{
  echo "# Fresh Debian 12: both README commands"
  echo
  git -C "$root/root/meadow" log -1 --format='Commit `%h` (%s), on '"$(nproc)"' cores, '"$(date -u +%Y-%m-%d)"'.'
  echo
  echo "| stage | s |"
  echo "|---|---|"
  prev=0
  for entry in "${timeline[@]}"; do
    [ "${entry%%|*}" = "both commands" ] && break
    echo "| ${entry%%|*} | $(( ${entry##*|} - prev )) |"
    prev=${entry##*|}
  done
  # run-all's stage lines carry the seconds since it started: each stage's time is the next
  # line's minus its own.
  grep -a '^==== ' "$log" | sed -n 's/^==== \(.*\) (\([0-9]*\)s)$/\2|\1/p' >"$work/stage-lines" || true
  last_name="" last_at=0
  while IFS='|' read -r at name; do
    [ -n "$last_name" ] && echo "| test command: $last_name | $(( at - last_at )) |"
    last_name=$name last_at=$at
  done <"$work/stage-lines"
  grep -a '^fresh-inside: test command passed' "$log" | sed 's/^fresh-inside: /| /; s/ in \([0-9]*\) s$/ | \1 |/' || true
  grep -a '^fresh-inside: the browser suite' "$log" | sed 's/^fresh-inside: /| /; s/ passed in \([0-9]*\) s$/ | \1 |/' || true
  grep -a '^fresh-inside: run command' "$log" | sed 's/^fresh-inside: run command serving the viewer on :8080 after \([0-9]*\) s$/| run command: set-up check, build, until the viewer answers | \1 |/' || true
  echo "| everything | $(elapsed) |"
  echo
  grep -a '^run-all: ' "$log" | tail -1 || true
  # Each run of the browser suite at each speed, as viewer_speeds.sh summed them up.
  grep -aE '^(fast|slow) \(CPU' "$log" | sort -u | sed 's/^/- /' || true
} >"$report"
cat "$report"
[ "${MEADOW_FRESH_KEEP:-0}" = 1 ] || rm -rf "$root"
if [ "$status" -ne 0 ]; then
  echo "fresh-debian: FAIL (status $status); the log is $log"
  exit "$status"
fi
if [ "${MEADOW_FRESH_RUN_ONLY:-0}" = 1 ]; then
  echo "fresh-debian: the README's run command passed on a fresh Debian 12 root"
else
  echo "fresh-debian: both README commands passed on a fresh Debian 12 root"
fi
