#!/usr/bin/env bash
# The gallery wall's launcher, deploy/kiosk/meadow-kiosk.sh, as it is, headless (--headless, a
# DevTools port and software WebGL added after --) against a real meadow-server with the real
# viewer (web-viewer/dist). Checks its systemd unit with systemd-analyze --user verify, then
# that the launcher waits for /healthz before it opens the page; that the page is the meadow in
# kiosk mode, full screen, with its sound running without a gesture (and that a plain Chromium
# on the same page is neither, so the checks can fail) and light frames arriving; that a server
# stopped and started again on the same port gets Chromium restarted on a fresh page with frames;
# that a killed Chromium is restarted; and that stopping the launcher leaves nothing running.
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
    echo "--- the launcher's lines"; grep -a "^meadow-kiosk:" "$scratch/kiosk.log" | tail -n 20 || true
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
MEADOW_KIOSK_POLL_S=0.5 "$launcher" --headless --user-data-dir "$scratch/profile" --url "http://127.0.0.1:$port/" \
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
# gesture and the window is not full screen, so the checks above can fail.
plain_port=$(free_port)
plain_flags=(--headless=new --user-data-dir="$scratch/plain" --remote-debugging-port="$plain_port" --no-first-run)
[ "$(id -u)" = 0 ] && plain_flags+=(--no-sandbox)
setsid "$chromium" "${plain_flags[@]}" "http://127.0.0.1:$port/healthz" >"$scratch/plain.log" 2>&1 &
plain_pid=$!
stop_later "$plain_pid"
until_page "$plain_port" 'document.readyState === "complete"' 30 "the plain Chromium's page"
plain=$(cdp "$plain_port" eval "[new AudioContext().state, $fullscreen]")
[ "$plain" = '["suspended", false]' ] || fail "a plain Chromium: $plain (a new AudioContext, full screen)"
[ "$(cdp "$plain_port" window)" = normal ] || fail "a plain Chromium's window is $(cdp "$plain_port" window)"
kill -TERM -- "-$plain_pid"
wait "$plain_pid" || true
check "a plain Chromium: sound suspended, not full screen"

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
check "stopping the launcher stops Chromium"

stop_meadow_server
echo "kiosk: ${passed} passed, 0 failed"
