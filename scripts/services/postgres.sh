#!/usr/bin/env bash
# PostgreSQL from the system's packages (Debian: apt-get install postgresql), one throw-away cluster
# for FerretDB's PostgreSQL backend (scripts/services/ferretdb.sh, FERRETDB_HANDLER=postgresql).
#   scripts/services/postgres.sh start   initialises a cluster once into .services/postgres/data
#                                        (user and database `ferretdb`, trust on loopback only),
#                                        starts it on 127.0.0.1, waits until it accepts connections,
#                                        prints POSTGRES_URL=postgres://ferretdb@127.0.0.1:<port>/ferretdb
#   scripts/services/postgres.sh stop    stops the instance this script started (fast shutdown:
#                                        clients are disconnected, committed data is kept)
#   scripts/services/postgres.sh url     prints the URL when it is running
# POSTGRES_PORT (15432), POSTGRES_STATE_DIR (.services/postgres: its pid, log and cluster; another
# directory and port make a second, independent instance), POSTGRES_BIN (the newest
# /usr/lib/postgresql/*/bin).
#
# PostgreSQL refuses to run as root: where this script runs as root (CI, containers), the cluster
# belongs to the `postgres` user the Debian package creates, and the server runs as that user
# (setpriv execs it, so the pid file holds the server's own pid).
# synchronous_commit=off: a crash may lose the last few hundred ms of commits but never corrupts
# anything; a test and benchmark server, like the other services here. max_connections=300: room
# for FerretDB's pool (ferretdb.sh asks for 250).
set -euo pipefail
cd "$(dirname "$0")/../.."

PORT="${POSTGRES_PORT:-15432}"
NAME=postgres
DIR="${POSTGRES_STATE_DIR:-.services/postgres}"
case "$DIR" in /*) ABS_DIR="$DIR" ;; *) ABS_DIR="$PWD/$DIR" ;; esac
PG_BIN="${POSTGRES_BIN:-$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1)}"
URL="postgres://ferretdb@127.0.0.1:$PORT/ferretdb"
URL_VAR=POSTGRES_URL
READY_TIMEOUT=30
STOP_TIMEOUT=20
# shellcheck source=scripts/services/lib.sh
. scripts/services/lib.sh

# Runs a PostgreSQL program as the cluster's owner.
as_owner() {
  if [ "$(id -u)" = 0 ]; then setpriv --reuid=postgres --regid=postgres --init-groups "$@"; else "$@"; fi
}

ready() { [ -x "$PG_BIN/pg_isready" ] && "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" -d ferretdb -U ferretdb; }

install() {
  [ -x "$PG_BIN/postgres" ] || { echo "postgres: PostgreSQL is not installed (Debian: apt-get install -y postgresql)" >&2; return 1; }
  [ -f "$ABS_DIR/data/PG_VERSION" ] && return
  mkdir -p "$ABS_DIR/data" "$ABS_DIR/run"
  [ "$(id -u)" = 0 ] && chown -R postgres:postgres "$ABS_DIR/data" "$ABS_DIR/run"
  echo "postgres: initialising a cluster in $DIR/data (once)" >&2
  as_owner "$PG_BIN/initdb" -D "$ABS_DIR/data" -U ferretdb --auth=trust --encoding=UTF8 --locale=C.UTF-8 >&2
  echo "CREATE DATABASE ferretdb;" | as_owner "$PG_BIN/postgres" --single -D "$ABS_DIR/data" postgres >/dev/null
}

launch() {
  mkdir -p "$ABS_DIR/run"
  local owner=()
  if [ "$(id -u)" = 0 ]; then
    chown postgres:postgres "$ABS_DIR/run"
    owner=(setpriv --reuid=postgres --regid=postgres --init-groups)
  fi
  # The socket directory stays inside DIR; the log is written by this shell.
  nohup "${owner[@]}" "$PG_BIN/postgres" -D "$ABS_DIR/data" -h 127.0.0.1 -p "$PORT" -k "$ABS_DIR/run" \
    -c synchronous_commit=off -c max_connections=300 >"$LOG_FILE" 2>&1 &
}

# Fast shutdown (SIGINT): SIGTERM's "smart" mode would wait for every client to disconnect.
svc_stop() {
  if svc_running; then
    kill -INT "$(cat "$PID_FILE")" 2>/dev/null || true
    if ! svc_wait_exit "$STOP_TIMEOUT"; then
      echo "$NAME: still running $STOP_TIMEOUT s after SIGINT; sending SIGQUIT" >&2
      kill -QUIT "$(cat "$PID_FILE")" 2>/dev/null || true
      svc_wait_exit 10 || echo "$NAME: pid $(cat "$PID_FILE") survived SIGQUIT" >&2
    fi
  fi
  rm -f "$PID_FILE"
}

svc_main "$@"
