#!/usr/bin/env bash
# Schemathesis (schemathesis.readthedocs.io): property-based tests of a running server against its
# OpenAPI document. Installed once, from PyPI, into a virtualenv under .services/schemathesis.
#   scripts/schemathesis.sh install      installs it (returns at once when this version is there),
#                                        prints the path of its `st` command
#   scripts/schemathesis.sh run ARGS...  installs it, then runs `st run ARGS...` with the settings of
#                                        tests/schemathesis.toml
# tests/schemathesis.e2e.test.ts starts the server, signs a user in and runs it. Needs python3 with
# venv and pip, and PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION="${SCHEMATHESIS_VERSION:-4.32.5}"
DIR="$PWD/.services/schemathesis"
ST="$DIR/bin/st"

install() {
  if [ -x "$ST" ] && [ "$(cat "$DIR/.version" 2>/dev/null)" = "$VERSION" ]; then return; fi
  command -v python3 >/dev/null 2>&1 || { echo "schemathesis: python3 is not installed" >&2; return 1; }
  echo "schemathesis: installing $VERSION into $DIR" >&2
  rm -rf "$DIR"
  python3 -m venv "$DIR" >&2
  "$DIR/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION" >&2
  echo "$VERSION" >"$DIR/.version"
}

case "${1:-}" in
  install)
    install
    echo "$ST"
    ;;
  run)
    shift
    install
    exec "$ST" --config-file tests/schemathesis.toml run "$@"
    ;;
  *)
    echo "usage: $0 install | run ARGS..." >&2
    exit 2
    ;;
esac
