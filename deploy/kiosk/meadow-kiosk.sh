#!/usr/bin/env bash
# The gallery wall: Debian's Chromium full screen on the meadow in kiosk mode (?kiosk=1), sound
# allowed without a gesture, no screen blanking. It waits for the server's /healthz before it
# opens the page, restarts Chromium when it exits (crash or close; backing off when it keeps
# crashing), and restarts it for a fresh page when the server comes back after being down: the
# viewer reconnects by itself, but a page that was (re)loaded while the server was down is
# Chromium's error page, which never retries. Runs until stopped (SIGTERM stops Chromium too).
#
#   meadow-kiosk.sh [--url URL | URL] [--headless] [--user-data-dir DIR] [--chromium PATH] [--as-user USER]
#                   [-- CHROMIUM_FLAGS...]
#
# It runs as an unprivileged user (the kiosk user of the auto-login session), never as root, so
# that Chromium keeps its sandbox: as root Chromium starts only with --no-sandbox, which this
# launcher never passes. Started as root it refuses, unless told which user to become (--as-user
# USER or MEADOW_KIOSK_USER): then it starts itself again as that user (setpriv, the same
# process), with the same flags and environment but for HOME, USER and LOGNAME (that user's) and
# root's XDG_* directories and session bus (dropped; XDG_RUNTIME_DIR is /run/user/UID when that
# exists). Install and auto-login: deploy/kiosk/README.md.
#
# Settings, as flags or in the environment (the systemd unit reads /etc/default/meadow-kiosk):
#   MEADOW_KIOSK_URL          the meadow (http://localhost:8080/); kiosk=1 is added when missing
#   MEADOW_KIOSK_HEALTH_URL   what says the server is up (the URL's origin + /healthz)
#   MEADOW_KIOSK_PROFILE      Chromium's profile (--user-data-dir; ~/.config/meadow-kiosk)
#   MEADOW_KIOSK_CHROMIUM     the browser (/usr/bin/chromium)
#   MEADOW_KIOSK_FLAGS        more Chromium flags, split on spaces
#   MEADOW_KIOSK_HEADLESS=1   no screen (tests): --headless=new (an 800x600 screen unless --screen-info={WxH}), no blanking settings
#   MEADOW_KIOSK_POLL_S       seconds between looks at the server and Chromium (2)
#   MEADOW_KIOSK_DOWN_AFTER   failed looks in a row that count as the server down (2)
#   MEADOW_KIOSK_RESTART_ON_RETURN=0   leave the page alone when the server comes back (1: restart Chromium)
#   MEADOW_KIOSK_MAX_BACKOFF_S the longest wait before restarting a Chromium that keeps crashing (30)
#   MEADOW_KIOSK_USER         the user to become when started as root (--as-user); as that user, or
#                             unset, it runs as it was started
# Its own lines go to stderr, prefixed "meadow-kiosk:" (the journal, under the unit).
set -uo pipefail

log() { echo "meadow-kiosk: $*" >&2; }
die() { log "$*"; exit 2; }

url=${MEADOW_KIOSK_URL:-http://localhost:8080/}
health_url=${MEADOW_KIOSK_HEALTH_URL:-}
profile=${MEADOW_KIOSK_PROFILE:-${XDG_CONFIG_HOME:-${HOME:-/tmp}/.config}/meadow-kiosk}
chromium=${MEADOW_KIOSK_CHROMIUM:-/usr/bin/chromium}
headless=${MEADOW_KIOSK_HEADLESS:-0}
poll_s=${MEADOW_KIOSK_POLL_S:-2}
down_after=${MEADOW_KIOSK_DOWN_AFTER:-2}
restart_on_return=${MEADOW_KIOSK_RESTART_ON_RETURN:-1}
max_backoff_s=${MEADOW_KIOSK_MAX_BACKOFF_S:-30}
# A Chromium that ran this long before exiting was not crash-looping: the back-off starts again.
stable_s=60
extra=()
read -ra extra <<<"${MEADOW_KIOSK_FLAGS:-}"
as_user=${MEADOW_KIOSK_USER:-}
# As it was started, to start itself again as the kiosk user.
args=("$@")

usage() { sed -n '2,/^set -uo/{/^set -uo/d;s/^# \{0,1\}//;p}' "$0"; }
while [ $# -gt 0 ]; do
  case $1 in
    --url) [ $# -ge 2 ] || die "--url needs a value"; url=$2; shift 2 ;;
    --url=*) url=${1#*=}; shift ;;
    --headless) headless=1; shift ;;
    --user-data-dir) [ $# -ge 2 ] || die "--user-data-dir needs a value"; profile=$2; shift 2 ;;
    --user-data-dir=*) profile=${1#*=}; shift ;;
    --chromium) [ $# -ge 2 ] || die "--chromium needs a value"; chromium=$2; shift 2 ;;
    --chromium=*) chromium=${1#*=}; shift ;;
    --as-user) [ $# -ge 2 ] || die "--as-user needs a value"; as_user=$2; shift 2 ;;
    --as-user=*) as_user=${1#*=}; shift ;;
    -h | --help) usage; exit 0 ;;
    --) shift; extra+=("$@"); break ;;
    -*) die "unknown option $1 (Chromium's own flags go after --)" ;;
    *) url=$1; shift ;;
  esac
done

# Never as root (see above): refused, or started again as the user named.
if [ -n "$as_user" ]; then
  IFS=: read -r as_name _ as_uid as_gid _ as_home _ < <(getent passwd "$as_user") || die "no user $as_user (--as-user)"
  [ "$as_uid" != 0 ] || die "--as-user $as_user: the kiosk user must not be root"
fi
if [ "$(id -u)" = 0 ]; then
  [ -n "$as_user" ] || die "refusing to run as root: the kiosk runs as an unprivileged user, the one of" \
    "the auto-login session, so that Chromium keeps its sandbox (see deploy/kiosk/README.md). To start it" \
    "from root, name that user: --as-user USER or MEADOW_KIOSK_USER=USER."
  runtime=(-u XDG_RUNTIME_DIR)
  [ -d "/run/user/$as_uid" ] && runtime=("XDG_RUNTIME_DIR=/run/user/$as_uid")
  command -v setpriv >/dev/null || die "needs setpriv (util-linux) to become $as_name"
  log "starting again as $as_name (uid $as_uid)"
  exec setpriv --reuid="$as_uid" --regid="$as_gid" --init-groups -- \
    env -u XDG_CONFIG_HOME -u XDG_CACHE_HOME -u XDG_DATA_HOME -u XDG_STATE_HOME -u DBUS_SESSION_BUS_ADDRESS \
    "${runtime[@]}" HOME="$as_home" USER="$as_name" LOGNAME="$as_name" \
    "$BASH" "$(readlink -f "$0")" "${args[@]}"
fi
me=$(id -un 2>/dev/null || id -u)
[ -z "$as_user" ] || [ "$as_uid" = "$(id -u)" ] ||
  die "running as $me, not $as_user: only root can start it as another user (--as-user)"

# The URL with kiosk mode on, as the viewer reads it (web-viewer/src/app/kiosk.ts): a kiosk
# parameter saying 1/true/yes/on (or bare) is kept, any other (kiosk=0) is replaced by kiosk=1.
with_kiosk() {
  local u=$1 frag="" query="" base p v on=0 kept=()
  case $u in *'#'*) frag="#${u#*#}"; u=${u%%#*} ;; esac
  if [[ $u == *'?'* ]]; then base=${u%%\?*}; query=${u#*\?}; else base=$u; fi
  [[ $base =~ ^[A-Za-z][A-Za-z0-9+.-]*://[^/]+$ ]] && base="$base/"
  local parts=()
  IFS='&' read -ra parts <<<"$query"
  for p in "${parts[@]}"; do
    [ -n "$p" ] || continue
    if [[ $p == kiosk || $p == kiosk=* ]]; then
      v=${p#kiosk}; v=${v#=}; v=${v,,}
      case $v in "" | 1 | true | yes | on) on=1; kept+=("$p") ;; esac
    else
      kept+=("$p")
    fi
  done
  [ $on = 1 ] || kept+=("kiosk=1")
  local IFS='&'
  echo "$base?${kept[*]}$frag"
}

[[ $url =~ ^(https?://[^/?#]+) ]] || die "not an http(s) URL: $url"
origin=${BASH_REMATCH[1]}
url=$(with_kiosk "$url")
[ -n "$health_url" ] || health_url="$origin/healthz"
[ -x "$chromium" ] || die "no Chromium at $chromium (apt install chromium, or --chromium PATH)"
if command -v curl >/dev/null; then
  healthy() { curl -fsS -o /dev/null --max-time 3 "$health_url" 2>/dev/null; }
elif command -v wget >/dev/null; then
  healthy() { wget -q -O /dev/null -T 3 -t 1 "$health_url" 2>/dev/null; }
else
  die "needs curl or wget to ask the server's $health_url"
fi

# shellcheck disable=SC2054 # commas inside a flag, not between elements
flags=(
  --kiosk                                   # full screen, no tabs, bars or menus
  --autoplay-policy=no-user-gesture-required  # the meadow's music starts by itself
  --user-data-dir="$profile"                # a profile of its own
  --no-first-run --no-default-browser-check
  --noerrdialogs --disable-infobars --deny-permission-prompts
  --disable-session-crashed-bubble --hide-crash-restore-bubble
  --disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication
  --password-store=basic                    # no keyring dialog
  # The gallery's network is often closed: nothing Chromium asks Google for on its own.
  --disable-background-networking --disable-component-update --disable-sync --disable-domain-reliability
  --check-for-update-interval=31536000 "--simulate-outdated-no-au=Tue, 31 Dec 2099 23:59:59 GMT"
  # No gesture leaves the meadow: no pinch zoom, no swipe back.
  --disable-pinch --overscroll-history-navigation=0
  # Never throttled as a page in the background or a window covered.
  --disable-background-timer-throttling --disable-renderer-backgrounding --disable-backgrounding-occluded-windows
)
[ "$headless" = 1 ] && flags+=(--headless=new)

# No screensaver, no blanking, no power saving of the screen.
screen_stays_on() {
  [ "$headless" = 1 ] && return 0
  if [ -n "${DISPLAY:-}" ] && command -v xset >/dev/null; then
    xset s off -dpms s noblank 2>/dev/null || log "xset could not turn off blanking on $DISPLAY"
  fi
  # GNOME (Debian's default desktop, Wayland too) blanks and locks by its own settings.
  if [[ ${XDG_CURRENT_DESKTOP:-} == *GNOME* ]] && command -v gsettings >/dev/null; then
    gsettings set org.gnome.desktop.session idle-delay 0 2>/dev/null
    gsettings set org.gnome.desktop.screensaver lock-enabled false 2>/dev/null
    gsettings set org.gnome.settings-daemon.plugins.power sleep-inactive-ac-type nothing 2>/dev/null
  fi
  return 0
}

# After a crash or a kill Chromium's profile says so, and it would offer to restore the pages.
clean_exit_marks() {
  local prefs="$profile/Default/Preferences"
  [ -f "$prefs" ] && sed -i 's/"exited_cleanly":false/"exited_cleanly":true/; s/"exit_type":"[A-Za-z]*"/"exit_type":"Normal"/' "$prefs"
  return 0
}

chrome_pid=""
sleeper=""
start_chromium() {
  mkdir -p "$profile"
  clean_exit_marks
  # Its own process group, so that stopping it reaches every helper process it left. (A
  # background job of a script is no group leader, so setsid does not fork: $! is Chromium,
  # which the Debian wrapper /usr/bin/chromium execs, and the group's id is its pid.)
  setsid "$chromium" "${flags[@]}" "${extra[@]}" "$url" </dev/null &
  chrome_pid=$!
  started_at=$SECONDS
  log "chromium started (pid $chrome_pid) on $url"
}
# Whatever is left of Chromium's process group once the browser itself is gone.
kill_leftovers() { kill -KILL -- "-$1" 2>/dev/null; return 0; }
stop_chromium() {
  [ -n "$chrome_pid" ] || return 0
  local pid=$chrome_pid waited=0
  chrome_pid=""
  kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null
  # Ten seconds to close (gone once bash has reaped it, as below), then killed. (Not a timer
  # subshell: killing it left its sleep running after the launcher.)
  while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 100 ]; do sleep 0.1; waited=$((waited + 1)); done
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  kill_leftovers "$pid"
}
on_signal() {
  log "stopping"
  [ -n "$sleeper" ] && kill "$sleeper" 2>/dev/null
  stop_chromium
  exit 0
}
trap on_signal TERM INT HUP

# A sleep that a signal cuts short (bash runs traps only between commands or in `wait`).
nap() { sleep "$1" & sleeper=$!; wait "$sleeper"; sleeper=""; }
wait_for_server() {
  healthy && return 0
  log "waiting for the server at $health_url"
  until healthy; do nap "$poll_s"; done
  log "the server answers"
}

if ! mkdir -p "$profile" 2>/dev/null || [ ! -w "$profile" ]; then
  die "$me cannot write Chromium's profile $profile (--user-data-dir, MEADOW_KIOSK_PROFILE)"
fi
log "kiosk on $url as $me (health $health_url, profile $profile)"
backoff=1
while :; do
  wait_for_server
  screen_stays_on
  start_chromium
  fails=0; down=0; why=""
  while :; do
    nap "$poll_s"
    # Gone once bash has reaped it (at once, on SIGCHLD); `wait` then gives its status. (Not
    # `wait -n` on Chromium and a timer: bash 5.2 loses the other one's status when both ended.)
    if ! kill -0 "$chrome_pid" 2>/dev/null; then
      wait "$chrome_pid"
      status=$?
      why=exited; break
    fi
    if healthy; then
      if [ "$down" = 1 ] && [ "$restart_on_return" = 1 ]; then why=back; break; fi
      [ "$down" = 1 ] && log "the server is back"
      fails=0; down=0
    else
      fails=$((fails + 1))
      if [ "$down" = 0 ] && [ "$fails" -ge "$down_after" ]; then
        down=1
        log "the server does not answer at $health_url (the page keeps retrying by itself)"
      fi
    fi
  done
  if [ "$why" = back ]; then
    log "the server is back: restarting chromium for a fresh page"
    stop_chromium
    backoff=1
    continue
  fi
  ran=$((SECONDS - started_at))
  pid=$chrome_pid
  chrome_pid=""
  kill_leftovers "$pid"
  if [ "$ran" -ge "$stable_s" ]; then backoff=1; fi
  log "chromium (pid $pid) exited with status $status after ${ran}s: restarting it in ${backoff}s"
  nap "$backoff"
  backoff=$((backoff * 2 > max_backoff_s ? max_backoff_s : backoff * 2))
done
