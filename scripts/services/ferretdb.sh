#!/usr/bin/env bash
# FerretDB 1.x (github.com/FerretDB/FerretDB) with its SQLite backend (or PostgreSQL's): a MongoDB
# wire-protocol server for the MongoDB ReadStore of the distributed profile, without Docker or a
# MongoDB install.
#   scripts/services/ferretdb.sh start   builds it once into .services/bin, starts it on loopback,
#                                        waits until it answers `hello`, prints
#                                        MONGO_URL=mongodb://127.0.0.1:<port>/?directConnection=true
#   scripts/services/ferretdb.sh stop    stops the instance this script started (data is kept)
#   scripts/services/ferretdb.sh url     prints the URL when it is running
# Idempotent: a second start reuses the running instance. Needs Go, the Go module proxy and node.
# FERRETDB_PORT (27018), FERRETDB_STATE_DIR (.services/ferretdb: its pid, log and SQLite data; another
# directory and port make a second, independent instance; the binary stays shared),
# FERRETDB_HANDLER (sqlite, or postgresql with FERRETDB_POSTGRESQL_URL, e.g. the one
# scripts/services/postgres.sh start prints: FerretDB 1.x then stores the documents in PostgreSQL).
#
# Why PostgreSQL may be wanted: FerretDB 1.x pushes query filters down to SQL on its PostgreSQL
# backend (an `_id` equality becomes an index lookup whatever else the filter holds), while on SQLite
# only a filter on `_id` alone is pushed down and anything more scans the whole collection
# (docs/benchmarks.md, "The distributed profile after issue 13").
# The start/stop/pid logic shared by the service scripts is in scripts/services/lib.sh.
#
# Why not `go install …/cmd/ferretdb@v1.24.2`: that binary panics at start ("Invalid
# build/version/version.txt") because version.txt is generated and not part of the module. So the
# module source is copied to .services/ferretdb/src, version.txt is written, and it is built there.
# FerretDB 1.x has no transactions; see platform/src/read-store/mongo/mongo-read-store.ts.
set -euo pipefail
cd "$(dirname "$0")/../.."

VERSION="${FERRETDB_VERSION:-v1.24.2}"
PORT="${FERRETDB_PORT:-27018}"
NAME=ferretdb
DIR="${FERRETDB_STATE_DIR:-.services/ferretdb}"
case "$DIR" in /*) ABS_DIR="$DIR" ;; *) ABS_DIR="$PWD/$DIR" ;; esac
HANDLER="${FERRETDB_HANDLER:-sqlite}"
case "$HANDLER" in
  sqlite) ;;
  postgresql)
    [ -n "${FERRETDB_POSTGRESQL_URL:-}" ] || { echo "ferretdb: FERRETDB_HANDLER=postgresql needs FERRETDB_POSTGRESQL_URL (scripts/services/postgres.sh start prints one)" >&2; exit 2; }
    # FerretDB 1.x deadlocks on PostgreSQL when every connection of its pool (50 by default) is held
    # by a request that waits for a second one (seen under the distributed benchmark: every
    # request then hangs). A pool larger than the requests clients may have in flight cannot run
    # dry: 250 connections, and clients limited to 20 each (maxPoolSize in the printed URL).
    case "$FERRETDB_POSTGRESQL_URL" in *pool_max_conns=*) ;; *\?*) FERRETDB_POSTGRESQL_URL="$FERRETDB_POSTGRESQL_URL&pool_max_conns=250" ;; *) FERRETDB_POSTGRESQL_URL="$FERRETDB_POSTGRESQL_URL?pool_max_conns=250" ;; esac ;;
  *) echo "ferretdb: FERRETDB_HANDLER must be sqlite or postgresql, not $HANDLER" >&2; exit 2 ;;
esac
BIN_DIR="$PWD/.services/bin"
BIN="$BIN_DIR/ferretdb"

URL="mongodb://127.0.0.1:$PORT/?directConnection=true"
[ "$HANDLER" = postgresql ] && URL="$URL&maxPoolSize=20"
URL_VAR=MONGO_URL
ADDR="127.0.0.1:$PORT"
READY_TIMEOUT=15
# shellcheck source=scripts/services/lib.sh
. scripts/services/lib.sh

# Ready = a MongoDB client gets an answer to `hello` (raw OP_MSG over TCP; needs no npm package).
# shellcheck disable=SC2016 # $db is the JavaScript, not a shell expansion
ready() {
  PORT="$PORT" node -e '
    const net = require("node:net");
    const body = Buffer.concat([Buffer.from([0]), bson({ hello: 1, $db: "admin" })]);
    const head = Buffer.alloc(20);
    head.writeInt32LE(20 + body.length, 0); head.writeInt32LE(1, 4); head.writeInt32LE(0, 8);
    head.writeInt32LE(2013, 12); head.writeUInt32LE(0, 16);
    function bson(o) {
      const parts = [];
      for (const [k, v] of Object.entries(o)) {
        const key = Buffer.from(k + "\0");
        if (typeof v === "number") { const b = Buffer.alloc(4); b.writeInt32LE(v); parts.push(Buffer.from([0x10]), key, b); }
        else { const s = Buffer.from(v + "\0"); const l = Buffer.alloc(4); l.writeInt32LE(s.length); parts.push(Buffer.from([0x02]), key, l, s); }
      }
      const inner = Buffer.concat(parts); const len = Buffer.alloc(4); len.writeInt32LE(inner.length + 5);
      return Buffer.concat([len, inner, Buffer.from([0])]);
    }
    const s = net.connect(Number(process.env.PORT), "127.0.0.1");
    s.setTimeout(1000, () => process.exit(1));
    s.on("error", () => process.exit(1));
    s.on("connect", () => s.write(Buffer.concat([head, body])));
    let got = Buffer.alloc(0);
    s.on("data", (d) => {
      got = Buffer.concat([got, d]);
      if (got.length >= 4 && got.length >= got.readInt32LE(0)) {
        process.exit(got.readInt32LE(12) === 2013 && got.includes(Buffer.from("maxWireVersion")) ? 0 : 1);
      }
    });
  ' 2>/dev/null
}

install() {
  if [ -x "$BIN" ] && [ "$(cat "$BIN_DIR/.ferretdb-version" 2>/dev/null)" = "$VERSION" ]; then return; fi
  command -v go >/dev/null 2>&1 || { echo "ferretdb: Go is not installed" >&2; return 1; }
  mkdir -p "$BIN_DIR" "$DIR"
  echo "ferretdb: building $VERSION into $BIN_DIR (once)" >&2
  local mod src="$DIR/src"
  mod="$(go mod download -json "github.com/FerretDB/FerretDB@$VERSION" | node -e '
    let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
      const j = JSON.parse(s); if (j.Error || !j.Dir) { console.error(j.Error || "no Dir"); process.exit(1); } console.log(j.Dir);
    });')"
  rm -rf "$src"
  cp -R "$mod" "$src"
  chmod -R u+w "$src"
  echo "$VERSION" >"$src/build/version/version.txt"
  (cd "$src" && GOFLAGS=-mod=mod go build -buildvcs=false -o "$BIN" ./cmd/ferretdb) >&2
  rm -rf "$src"
  echo "$VERSION" >"$BIN_DIR/.ferretdb-version"
}

launch() {
  mkdir -p "$DIR/data" "$DIR/state"
  local backend
  # The SQLite URL must name an existing directory (one .sqlite file per database inside it).
  if [ "$HANDLER" = postgresql ]; then backend=(--handler=postgresql --postgresql-url="$FERRETDB_POSTGRESQL_URL")
  else backend=(--handler=sqlite --sqlite-url="file:$ABS_DIR/data/"); fi
  nohup "$BIN" "${backend[@]}" \
    --listen-addr="127.0.0.1:$PORT" --state-dir="$ABS_DIR/state" \
    --debug-addr=- --telemetry=disable --log-level=warn >"$LOG_FILE" 2>&1 &
}

svc_main "$@"
