#!/usr/bin/env bash
# stripe-mock (github.com/stripe/stripe-mock): a stateless Stripe API double for the billing tests.
#   scripts/services/stripe-mock.sh start   installs it once into .services/bin, starts it on loopback,
#                                           waits until it answers, prints STRIPE_MOCK_URL=http://127.0.0.1:<port>
#   scripts/services/stripe-mock.sh stop    stops the instance this script started
#   scripts/services/stripe-mock.sh url     prints the URL when it is running
# Idempotent: a second start reuses the running instance. Needs Go and the Go module proxy only.
# The start/stop/pid logic shared by the service scripts is in scripts/services/lib.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."

VERSION="${STRIPE_MOCK_VERSION:-v0.197.0}"
PORT="${STRIPE_MOCK_PORT:-12111}"
HTTPS_PORT="${STRIPE_MOCK_HTTPS_PORT:-12112}"
NAME=stripe-mock
DIR=".services/stripe-mock"
BIN_DIR="$PWD/.services/bin"
BIN="$BIN_DIR/stripe-mock"
URL="http://127.0.0.1:$PORT"
URL_VAR=STRIPE_MOCK_URL
READY_TIMEOUT=10
# shellcheck source=scripts/services/lib.sh
. scripts/services/lib.sh

ready() { curl -fsS -o /dev/null -H 'Authorization: Bearer sk_test_123' "$URL/v1/customers" 2>/dev/null; }

install() {
  if [ -x "$BIN" ] && [ "$(cat "$BIN_DIR/.stripe-mock-version" 2>/dev/null)" = "$VERSION" ]; then return; fi
  command -v go >/dev/null 2>&1 || { echo "stripe-mock: Go is not installed" >&2; return 1; }
  mkdir -p "$BIN_DIR"
  echo "stripe-mock: installing $VERSION into $BIN_DIR" >&2
  GOBIN="$BIN_DIR" GOFLAGS=-mod=mod go install "github.com/stripe/stripe-mock@$VERSION" >&2
  echo "$VERSION" >"$BIN_DIR/.stripe-mock-version"
}

launch() {
  nohup "$BIN" -http-addr "127.0.0.1:$PORT" -https-addr "127.0.0.1:$HTTPS_PORT" >"$LOG_FILE" 2>&1 &
}

svc_main "$@"
