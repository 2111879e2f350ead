#!/usr/bin/env bash
# The gallery wall's launcher, deploy/kiosk/meadow-kiosk.sh, as it is, headless (--headless, a
# DevTools port and software WebGL added after --) against a real meadow-server with the real
# viewer (web-viewer/dist). Checks its systemd unit with systemd-analyze --user verify; that the
# launcher refuses to run as root (as a user namespace's root when the test is not root); then
# runs it as an unprivileged user: as root, --as-user meadow-kiosk-test (or $KIOSK_TEST_USER;
# made with useradd when missing, and then removed at the end), else as the test's own user.
# Chromium's processes must be that user's, none started with --no-sandbox, its renderers
# sandboxed (a PID namespace of their own, a seccomp filter); where the kernel lacks what the
# sandbox needs (user namespaces, and there is no setuid chrome-sandbox) the test says so and
# skips the runs of Chromium. Then: the launcher waits for /healthz before it opens the page; the
# page is the meadow in kiosk mode, full screen, with its sound running without a gesture (and a
# plain Chromium on the same page, as the same user and sandboxed too, is neither, so the checks
# can fail) and light frames arriving; a server stopped and started again on the same port gets
# Chromium restarted on a fresh page with frames; a killed Chromium is restarted; and stopping the
# launcher leaves nothing running.
# The page's state is read over the DevTools protocol (a small stdlib client, below).
#   tests/deploy/kiosk_test.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$here/build/release}
launcher=$here/deploy/kiosk/meadow-kiosk.sh
unit=$here/deploy/kiosk/meadow-kiosk.service
web_root=$here/web-viewer/dist
chromium=${CHROMIUM_BIN:-/usr/bin/chromium}
source "$here/tests/deploy/local_server.sh"
passed=0
check() { passed=$((passed + 1)); echo "ok: $1 (${SECONDS}s)"; }
fail() {
  if [ -f "$scratch/kiosk.log" ]; then
    echo "--- the launcher's lines, and what else it wrote (bash's own errors too)"
    grep -av "^\[" "$scratch/kiosk.log" | tail -n 20 || true
  fi
  echo "FAIL: $1"
  exit 1
}
[ -x "$build/server/app/meadow-server" ] || fail "no $build/server/app/meadow-server (deploy/build.sh)"
[ -f "$web_root/index.html" ] || fail "no viewer in $web_root (deploy/build.sh)"
[ -x "$chromium" ] || fail "no Chromium at $chromium"

# --- The unit: systemd-analyze verify as a user unit, on a copy whose ExecStart points at a
# stand-in (verify wants the program installed); everything else as it is.
exec_path=$(sed -n 's/^ExecStart=\([^ ]*\).*/\1/p' "$unit")
[ "$exec_path" = /usr/local/bin/meadow-kiosk ] || fail "unexpected ExecStart $exec_path"
printf '#!/bin/sh\n' >"$scratch/meadow-kiosk"
chmod +x "$scratch/meadow-kiosk"
mkdir -m 700 "$scratch/runtime" "$scratch/unit"
sed "s|^ExecStart=$exec_path|ExecStart=$scratch/meadow-kiosk|" "$unit" >"$scratch/unit/meadow-kiosk.service"
if ! out=$(XDG_RUNTIME_DIR="$scratch/runtime" systemd-analyze --user verify "$scratch/unit/meadow-kiosk.service" 2>&1); then
  echo "$out"; fail "systemd-analyze --user verify"
fi
if echo "$out" | grep -i "meadow-kiosk"; then fail "systemd-analyze reported problems with the unit"; fi
for line in Restart=always KillMode=mixed StartLimitIntervalSec=0 WantedBy=graphical-session.target; do
  grep -qx "$line" "$unit" || fail "$line missing from the unit"
done
check "systemd-analyze --user verify on the unit (restart always, no start limit)"

# --- Never as root: without a user to become it refuses, clearly, and starts nothing.
as_root=()
can_be_root=1
if [ "$(id -u)" != 0 ]; then
  as_root=(unshare --user --map-root-user)
  "${as_root[@]}" true 2>/dev/null || can_be_root=0
fi
if [ "$can_be_root" = 0 ]; then
  echo "SKIP: the refusal as root (the test is not root, and has no user namespace to be root in)"
else
  status=0
  "${as_root[@]}" "$launcher" --headless --user-data-dir "$scratch/refused" --url http://127.0.0.1:9/ \
    >"$scratch/refused.out" 2>"$scratch/refused.err" || status=$?
  [ "$status" != 0 ] || fail "the launcher started as root"
  refusal=$(cat "$scratch/refused.err")
  for words in "refusing to run as root" "unprivileged user" "auto-login session" deploy/kiosk/README.md --as-user; do
    [[ $refusal == *"$words"* ]] || fail "the refusal as root does not say \"$words\": $refusal"
  done
  if [ -s "$scratch/refused.out" ] || [ -e "$scratch/refused" ]; then fail "the launcher refused as root but did something"; fi
  status=0
  "${as_root[@]}" "$launcher" --as-user root --url http://127.0.0.1:9/ 2>"$scratch/refused.err" || status=$?
  if [ "$status" = 0 ] || ! grep -q "must not be root" "$scratch/refused.err"; then
    fail "--as-user root: status $status, $(cat "$scratch/refused.err")"
  fi
  echo "  $refusal"
  check "refuses to run as root, saying why and where to read more; --as-user root too"
fi

# --- The kiosk user: an unprivileged one, whose profiles are under the scratch folder.
made_user=""
if [ "$(id -u)" = 0 ]; then
  kiosk_user=${KIOSK_TEST_USER:-meadow-kiosk-test}
  if ! getent passwd "$kiosk_user" >/dev/null; then
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$kiosk_user" ||
      fail "useradd $kiosk_user"
    made_user=$kiosk_user
    # Removed at the end (once what it ran is gone: a killed one's processes take a moment).
    remove_user() { for _ in $(seq 1 25); do userdel "$made_user" 2>/dev/null && return; sleep 0.2; done; }
    trap 'cleanup; remove_user' EXIT
  fi
  kiosk_uid=$(id -u "$kiosk_user")
  [ "$kiosk_uid" != 0 ] || fail "the kiosk user $kiosk_user is root"
  kiosk_as=(--as-user "$kiosk_user")
  as_kiosk=(setpriv --reuid="$kiosk_uid" --regid="$(id -g "$kiosk_user")" --init-groups -- env HOME="$scratch/home")
else
  kiosk_user=$(id -un)
  kiosk_uid=$(id -u)
  kiosk_as=()
  as_kiosk=()
fi
chmod 711 "$scratch"
install -d -o "$kiosk_uid" -m 700 "$scratch/profile" "$scratch/plain" "$scratch/home"
# The launcher as installed (deploy/kiosk/README.md puts it in /usr/local/bin): the kiosk user
# must read it to start again as that user, and a checkout in /root (root's clone on a fresh
# machine) is closed to everyone else. The same script, byte for byte.
install -m 755 "$launcher" "$scratch/meadow-kiosk.sh"
launcher=$scratch/meadow-kiosk.sh

# Chromium's sandbox (Debian's has no setuid helper) needs user, PID and network namespaces for an
# unprivileged user. Without them there is no Chromium to run here: said, and skipped.
setuid_helper=""
for helper in /usr/lib/chromium/chrome-sandbox "$(dirname "$(readlink -f "$chromium")")/chrome-sandbox"; do
  [ -u "$helper" ] && setuid_helper=$helper
done
if ! userns=$("${as_kiosk[@]}" unshare --user --pid --net --fork true 2>&1) && [ -z "$setuid_helper" ]; then
  echo "SKIP: Chromium's runs: its sandbox cannot work here for $kiosk_user:" \
    "\`unshare --user --pid --net --fork true\` says \"$userns\", and there is no setuid chrome-sandbox"
  for knob in /proc/sys/kernel/unprivileged_userns_clone /proc/sys/user/max_user_namespaces \
    /proc/sys/kernel/apparmor_restrict_unprivileged_userns; do
    [ -r "$knob" ] && echo "  $knob = $(cat "$knob")"
  done
  echo "kiosk: ${passed} passed, 0 failed, Chromium's runs skipped (no sandbox for a user here)"
  exit 0
fi

# --- A DevTools client: the page's URL, an expression evaluated in the page (no user gesture, so
# the autoplay policy applies as to the page's own scripts), the page's window.
cat >"$scratch/cdp.py" <<'PY'
import base64, json, os, socket, struct, sys, urllib.request

def get(port, path):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
        return json.load(r)

def page(port):
    pages = [t for t in get(port, "/json/list") if t.get("type") == "page"]
    if not pages:
        raise SystemExit("no page")
    return pages[0]

def call(ws_url, method, params=None):
    hostport, path = ws_url.split("://", 1)[1].split("/", 1)
    host, port = hostport.rsplit(":", 1)
    s = socket.create_connection((host, int(port)), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    buf = b""
    while b"\r\n\r\n" not in buf:
        chunk = s.recv(4096)
        if not chunk:
            raise SystemExit("the handshake was cut")
        buf += chunk
    head, buf = buf.split(b"\r\n\r\n", 1)
    if b" 101 " not in head.split(b"\r\n", 1)[0]:
        raise SystemExit("no upgrade: " + head.decode(errors="replace"))

    def read(n):
        nonlocal buf
        while len(buf) < n:
            chunk = s.recv(65536)
            if not chunk:
                raise SystemExit("the socket closed")
            buf += chunk
        out, buf = buf[:n], buf[n:]
        return out

    payload = json.dumps({"id": 1, "method": method, "params": params or {}}).encode()
    n = len(payload)
    if n < 126:
        header = bytes([0x81, 0x80 | n])
    elif n < 65536:
        header = bytes([0x81, 0x80 | 126]) + struct.pack(">H", n)
    else:
        header = bytes([0x81, 0x80 | 127]) + struct.pack(">Q", n)
    mask = os.urandom(4)
    s.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    message = b""
    while True:
        b0, b1 = read(2)
        n = b1 & 0x7F
        if n == 126:
            n = struct.unpack(">H", read(2))[0]
        elif n == 127:
            n = struct.unpack(">Q", read(8))[0]
        data = read(n)
        op = b0 & 0x0F
        if op == 8:
            raise SystemExit("closed by the browser")
        if op in (0, 1):
            message += data
            if b0 & 0x80:
                reply = json.loads(message)
                message = b""
                if reply.get("id") == 1:
                    s.close()
                    if "error" in reply:
                        raise SystemExit(json.dumps(reply["error"]))
                    return reply["result"]

port, what = sys.argv[1], sys.argv[2]
if what == "url":
    print(page(port)["url"])
elif what == "eval":
    r = call(page(port)["webSocketDebuggerUrl"], "Runtime.evaluate",
             {"expression": sys.argv[3], "returnByValue": True, "awaitPromise": True, "userGesture": False})
    if "exceptionDetails" in r:
        raise SystemExit(r["exceptionDetails"].get("text", "exception"))
    print(json.dumps(r["result"].get("value")))
elif what == "window":
    browser = get(port, "/json/version")["webSocketDebuggerUrl"]
    print(call(browser, "Browser.getWindowForTarget", {"targetId": page(port)["id"]})["bounds"]["windowState"])
PY
cdp() { python3 "$scratch/cdp.py" "$@" 2>/dev/null; }
# Until the expression is true in the page on that DevTools port.
until_page() {
  local port=$1 expr=$2 secs=$3 what=$4 deadline=$((SECONDS + $3))
  until [ "$(cdp "$port" eval "$expr" || true)" = true ]; do
    [ "$SECONDS" -lt "$deadline" ] || fail "$what (after ${secs}s: $(cdp "$port" eval "$expr" || echo 'no page'))"
    sleep 0.3
  done
}
# Until the launcher said something (its lines start "meadow-kiosk:") N times.
said() {
  local n
  n=$(grep -ac "^meadow-kiosk: $1" "$scratch/kiosk.log" 2>/dev/null) || true
  echo "${n:-0}"
}
until_said() {
  local text=$1 times=$2 secs=$3 deadline=$((SECONDS + $3))
  until [ "$(said "$text")" -ge "$times" ]; do
    [ "$SECONDS" -lt "$deadline" ] || fail "the launcher did not say \"$text\" within ${secs}s"
    sleep 0.2
  done
}
# Until no process of that group is left (a killed browser's helpers take a moment to go).
until_gone() {
  local deadline=$((SECONDS + 5))
  while kill -0 -- "-$1" 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || { ps -o pid,stat,args -g "$1" | cut -c1-120; fail "$2"; }
    sleep 0.2
  done
}
# Chromium as the kiosk user with its sandbox: every process of its group (the browser's pid) the
# user's (real, effective, saved and file-system uid), none started with --no-sandbox; its
# renderers in a PID namespace of their own (the namespace or setuid sandbox: one more pid in
# NSpid than the browser has) under a seccomp filter (Seccomp: 2). Without the sandbox they share
# the browser's namespace, unfiltered.
nspids() { awk '/^NSpid:/ {print NF - 1}' "/proc/$1/status" 2>/dev/null; }
sandboxed() {
  local group=$1 pid uids args depth all=0 renderers=0
  depth=$(nspids "$group")
  [ -n "$depth" ] || fail "no Chromium $group"
  for pid in $(pgrep -g "$group"); do
    uids=$(awk '/^Uid:/ {print $2, $3, $4, $5}' "/proc/$pid/status" 2>/dev/null) || true
    args=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || true
    if [ -z "$uids" ] || [ -z "$args" ]; then continue; fi # gone meanwhile
    [ "$uids" = "$kiosk_uid $kiosk_uid $kiosk_uid $kiosk_uid" ] ||
      fail "Chromium's process $pid runs as uids $uids, not $kiosk_user's $kiosk_uid: ${args:0:120}"
    [[ " $args" != *" --no-sandbox "* ]] || fail "Chromium's process $pid was started with --no-sandbox: ${args:0:120}"
    all=$((all + 1))
    [[ " $args" == *" --type=renderer "* ]] || continue
    [ "$(nspids "$pid")" -gt "$depth" ] || fail "Chromium's renderer $pid is in the browser's PID namespace (no sandbox)"
    [ "$(awk '/^Seccomp:/ {print $2}' "/proc/$pid/status")" = 2 ] || fail "Chromium's renderer $pid has no seccomp filter (no sandbox)"
    renderers=$((renderers + 1))
  done
  [ "$renderers" -ge 1 ] || fail "no renderer among Chromium $group's $all processes"
  echo "  Chromium $group: $all processes as $kiosk_user (uid $kiosk_uid), none with --no-sandbox; $renderers renderers sandboxed"
}
chromium_pid() { sed -n 's/^meadow-kiosk: chromium started (pid \([0-9]*\)).*/\1/p' "$scratch/kiosk.log" | tail -n 1; }
# The server on a port of our choosing, so that it can come back where the kiosk looks for it.
start_server_on() {
  server_listen_port=$1 start_meadow_server "$build/server/app/meadow-server" --no-viewer-grpc --seed 5 \
    --swarm-count 500 --log-level warn --web-root "$web_root"
}
shows_meadow='window.__meadow?.connected === true && window.__meadow.frames >= 5'
fullscreen='matchMedia("(display-mode: fullscreen)").matches'

# --- The launcher first, the server not there yet: it waits and opens nothing.
port=$(free_port)
devtools=$(free_port)
MEADOW_KIOSK_POLL_S=0.5 "$launcher" "${kiosk_as[@]}" --headless --user-data-dir "$scratch/profile" --url "http://127.0.0.1:$port/" \
  -- --remote-debugging-port="$devtools" "--screen-info={1280x720}" --enable-unsafe-swiftshader --use-gl=angle \
  --use-angle=swiftshader --disable-gpu-compositing >"$scratch/kiosk.log" 2>&1 &
launcher_pid=$!
stop_later "$launcher_pid"
until_said "waiting for the server" 1 10
sleep 1.5
[ "$(said "chromium started")" = 0 ] || fail "Chromium started before the server answered"
check "waits for the server's /healthz before it opens the page"

start_server_on "$port"
until_said "chromium started" 1 15
until_page "$devtools" 'true' 20 "no page on Chromium's DevTools port"
page_url=$(cdp "$devtools" url)
[ "$page_url" = "http://127.0.0.1:$port/?kiosk=1" ] || fail "the page is $page_url"
check "opens the meadow with kiosk=1 added"
uids=$(awk '/^Uid:/ {print $2, $3, $4, $5}' "/proc/$launcher_pid/status")
[ "$uids" = "$kiosk_uid $kiosk_uid $kiosk_uid $kiosk_uid" ] || fail "the launcher runs as uids $uids, not $kiosk_uid"
sandboxed "$(chromium_pid)"
check "the launcher and Chromium run as $kiosk_user, Chromium with its sandbox"
until_page "$devtools" 'window.__meadow?.experience.kiosk === true && document.body.classList.contains("kiosk")' 30 \
  "the viewer is not in kiosk mode"
check "the viewer is in kiosk mode"
until_page "$devtools" "$fullscreen" 5 "the page is not full screen"
[ "$(cdp "$devtools" window)" = fullscreen ] || fail "Chromium's window is $(cdp "$devtools" window)"
check "full screen (Chromium's window and the page's display mode)"
until_page "$devtools" 'window.__meadowMusic?.contextState === "running" && window.__meadowMusic.state === "on"' 15 \
  "the viewer's sound is not running"
[ "$(cdp "$devtools" eval 'new AudioContext().state')" = '"running"' ] || fail "a new AudioContext is not running"
check "sound runs without a gesture"
until_page "$devtools" "$shows_meadow" 30 "no light frames in the kiosk"
check "light frames arrive"

# A plain Chromium on a page of the same server (/healthz: light to load; the viewer's own
# sound without the flag is web-viewer/e2e/music.e2e.ts's): a new AudioContext waits for a
# gesture and the window is not full screen, so the checks above can fail. As the kiosk user,
# sandboxed too.
plain_port=$(free_port)
plain_flags=(--headless=new --user-data-dir="$scratch/plain" --remote-debugging-port="$plain_port" --no-first-run)
setsid "${as_kiosk[@]}" "$chromium" "${plain_flags[@]}" "http://127.0.0.1:$port/healthz" >"$scratch/plain.log" 2>&1 &
plain_pid=$!
stop_later "$plain_pid"
until_page "$plain_port" 'document.readyState === "complete"' 30 "the plain Chromium's page"
sandboxed "$plain_pid"
plain=$(cdp "$plain_port" eval "[new AudioContext().state, $fullscreen]")
[ "$plain" = '["suspended", false]' ] || fail "a plain Chromium: $plain (a new AudioContext, full screen)"
[ "$(cdp "$plain_port" window)" = normal ] || fail "a plain Chromium's window is $(cdp "$plain_port" window)"
kill -TERM -- "-$plain_pid"
wait "$plain_pid" || true
check "a plain Chromium (as $kiosk_user, sandboxed): sound suspended, not full screen"

# --- The server goes away and comes back on the same port: a fresh Chromium, the meadow again.
first=$(chromium_pid)
stop_meadow_server
until_said "the server does not answer" 1 10
until_page "$devtools" 'window.__meadow?.connected === false' 10 "the page still says it is connected"
start_server_on "$port"
until_said "the server is back: restarting chromium" 1 15
until_said "chromium started" 2 15
second=$(chromium_pid)
[ "$second" != "$first" ] || fail "Chromium $first was not replaced"
! kill -0 "$first" 2>/dev/null || fail "Chromium $first is still running"
until_page "$devtools" "$shows_meadow" 30 "no light frames after the server came back"
[ "$(cdp "$devtools" url)" = "http://127.0.0.1:$port/?kiosk=1" ] || fail "the page after the server came back"
check "the server back on the same port: Chromium restarted, the meadow shown again"

# --- Chromium killed: restarted, and nothing of the old one is left.
kill -KILL "$second"
until_said "chromium (pid $second) exited with status 137" 1 10
until_said "chromium started" 3 15
third=$(chromium_pid)
until_gone "$second" "processes of the killed Chromium $second are left"
until_page "$devtools" "$shows_meadow" 30 "no light frames after Chromium was killed"
check "a killed Chromium is restarted on the meadow"

# --- Stopping the launcher (what systemd does) stops Chromium with it.
kill -TERM "$launcher_pid"
status=0
wait "$launcher_pid" || status=$?
[ "$status" = 0 ] || fail "the launcher exited with status $status"
until_gone "$third" "Chromium $third outlived the launcher"
! curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$devtools/json/version" 2>/dev/null || fail "the DevTools port is still open"
if [ -n "$made_user" ]; then
  deadline=$((SECONDS + 5))
  while left=$(pgrep -u "$kiosk_uid" -a); do
    [ "$SECONDS" -lt "$deadline" ] || fail "processes of $kiosk_user are left: $left"
    sleep 0.2
  done
fi
check "stopping the launcher stops Chromium${made_user:+, nothing left running as $kiosk_user}"

stop_meadow_server
echo "kiosk: ${passed} passed, 0 failed"
