# shellcheck shell=bash disable=SC2154
# The start/stop/ready/pid logic shared by scripts/services/*.sh; sourced by them, not run.
# A service script cds to the repo root, sets
#   NAME           its name in messages (ferretdb, stripe-mock, kafka)
#   DIR            its state directory under .services/ (the pid file and the log live there)
#   URL, URL_VAR   start prints "$URL_VAR=$URL" (the only stdout line); url prints "$URL"
#   ADDR           optional: where "something else already answers" (default $URL)
#   READY_TIMEOUT  seconds start waits until the server is ready (default 10)
#   STOP_TIMEOUT   seconds stop waits after SIGTERM before it sends SIGKILL (default 5)
#   COMMANDS       the commands it accepts (default start|stop|url; restart and kill exist too)
# then sources this file and defines
#   ready          succeeds when a real client request to the server succeeds (silent on stdout)
#   install        installs the server once (returns at once when that version is installed)
#   launch         starts it in the background (nohup … >"$LOG_FILE" 2>&1 &), so $! is its pid
# (it may also redefine svc_show_log, what start prints to stderr when the server fails to come up),
# and ends with `svc_main "$@"`. Everything but the start line goes to stderr.
#
# Why the zombie check in svc_alive: where PID 1 does not reap orphans (this CI VM's init does not),
# a server that exited stays a zombie and `kill -0` keeps succeeding, so stop would wait in vain.

PID_FILE="$DIR/pid"
LOG_FILE="$DIR/log"

# $1 is a live process (not a zombie that nobody reaped).
svc_alive() {
  kill -0 "$1" 2>/dev/null || return 1
  [ -d /proc/self ] || return 0 # no procfs (macOS): kill -0 is all there is
  local stat
  stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
  stat="${stat##*) }"
  [ "${stat:0:1}" != Z ]
}

svc_running() { [ -f "$PID_FILE" ] && svc_alive "$(cat "$PID_FILE")"; }

svc_print_line() { echo "$URL_VAR=$URL"; }
svc_show_log() { tail -n 20 "$LOG_FILE" >&2; }

svc_start() {
  mkdir -p "$DIR"
  if svc_running && ready; then svc_print_line; return; fi
  if ready; then echo "$NAME: something else already answers on ${ADDR:-$URL}; using it" >&2; svc_print_line; return; fi
  install
  launch
  echo $! >"$PID_FILE"
  disown $! 2>/dev/null || true # no "Killed" job notice if it has to be stopped below
  local timeout="${READY_TIMEOUT:-10}"
  local deadline=$((SECONDS + timeout))
  while :; do
    if ready; then svc_print_line; return; fi
    if ! svc_running; then echo "$NAME: exited at start; see $LOG_FILE" >&2; svc_show_log; return 1; fi
    [ "$SECONDS" -lt "$deadline" ] || break
    sleep 0.1
  done
  echo "$NAME: not ready after $timeout s; see $LOG_FILE (stopping it)" >&2
  svc_show_log
  svc_stop
  return 1
}

# $1: wait at most this many seconds for the process in the pid file to exit.
svc_wait_exit() {
  local pid deadline=$((SECONDS + $1))
  pid="$(cat "$PID_FILE")"
  while svc_alive "$pid"; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.1
  done
}

# SIGTERM (the server shuts down cleanly and keeps its data), SIGKILL when it takes too long.
svc_stop() {
  if svc_running; then
    kill "$(cat "$PID_FILE")" 2>/dev/null || true
    if ! svc_wait_exit "${STOP_TIMEOUT:-5}"; then
      echo "$NAME: still running ${STOP_TIMEOUT:-5} s after SIGTERM; sending SIGKILL" >&2
      kill -9 "$(cat "$PID_FILE")" 2>/dev/null || true
      svc_wait_exit 10 || echo "$NAME: pid $(cat "$PID_FILE") survived SIGKILL" >&2
    fi
  fi
  rm -f "$PID_FILE"
}

# SIGKILL at once: a crash, for tests that check nothing acknowledged is lost.
svc_kill() {
  if svc_running; then
    kill -9 "$(cat "$PID_FILE")" 2>/dev/null || true
    svc_wait_exit 10 || echo "$NAME: pid $(cat "$PID_FILE") survived SIGKILL" >&2
  fi
  rm -f "$PID_FILE"
}

svc_main() {
  local commands="${COMMANDS:-start|stop|url}" cmd="${1:-start}"
  case "|$commands|" in
    *"|$cmd|"*) ;;
    *) echo "usage: $0 $commands" >&2; exit 2 ;;
  esac
  case "$cmd" in
    start) svc_start ;;
    stop) svc_stop ;;
    restart) svc_stop; svc_start ;;
    kill) svc_kill ;;
    url) if svc_running && ready; then echo "$URL"; else exit 1; fi ;;
  esac
}
