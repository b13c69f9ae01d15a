#!/usr/bin/env bash
# stripe-mock (github.com/stripe/stripe-mock): a stateless Stripe API double for the billing tests.
#   scripts/services/stripe-mock.sh start   installs it once into .services/bin, starts it on loopback,
#                                           waits until it answers, prints STRIPE_MOCK_URL=http://127.0.0.1:<port>
#   scripts/services/stripe-mock.sh stop    stops the instance this script started
#   scripts/services/stripe-mock.sh url     prints the URL when it is running
# Idempotent: a second start reuses the running instance. Needs Go and the Go module proxy only.
set -euo pipefail
cd "$(dirname "$0")/../.."

VERSION="${STRIPE_MOCK_VERSION:-v0.197.0}"
PORT="${STRIPE_MOCK_PORT:-12111}"
HTTPS_PORT="${STRIPE_MOCK_HTTPS_PORT:-12112}"
DIR=".services/stripe-mock"
BIN_DIR="$PWD/.services/bin"
BIN="$BIN_DIR/stripe-mock"
PID_FILE="$DIR/pid"
LOG_FILE="$DIR/log"
URL="http://127.0.0.1:$PORT"

ready() { curl -fsS -o /dev/null -H 'Authorization: Bearer sk_test_123' "$URL/v1/customers" 2>/dev/null; }
running() { [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; }

install() {
  if [ -x "$BIN" ] && [ "$(cat "$BIN_DIR/.stripe-mock-version" 2>/dev/null)" = "$VERSION" ]; then return; fi
  command -v go >/dev/null 2>&1 || { echo "stripe-mock: Go is not installed" >&2; return 1; }
  mkdir -p "$BIN_DIR"
  echo "stripe-mock: installing $VERSION into $BIN_DIR" >&2
  GOBIN="$BIN_DIR" GOFLAGS=-mod=mod go install "github.com/stripe/stripe-mock@$VERSION" >&2
  echo "$VERSION" >"$BIN_DIR/.stripe-mock-version"
}

start() {
  mkdir -p "$DIR"
  if running && ready; then echo "STRIPE_MOCK_URL=$URL"; return; fi
  if ready; then echo "stripe-mock: something else already answers on $URL; using it" >&2; echo "STRIPE_MOCK_URL=$URL"; return; fi
  install
  nohup "$BIN" -http-addr "127.0.0.1:$PORT" -https-addr "127.0.0.1:$HTTPS_PORT" >"$LOG_FILE" 2>&1 &
  echo $! >"$PID_FILE"
  for _ in $(seq 1 100); do
    if ready; then echo "STRIPE_MOCK_URL=$URL"; return; fi
    if ! running; then echo "stripe-mock: exited at start; see $LOG_FILE" >&2; tail -n 20 "$LOG_FILE" >&2; return 1; fi
    sleep 0.1
  done
  echo "stripe-mock: not ready after 10 s; see $LOG_FILE" >&2
  return 1
}

stop() {
  if running; then
    kill "$(cat "$PID_FILE")"
    for _ in $(seq 1 50); do running || break; sleep 0.1; done
  fi
  rm -f "$PID_FILE"
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  url) if running && ready; then echo "$URL"; else exit 1; fi ;;
  *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
