#!/usr/bin/env bash
# Apache Kafka 3.9 (kafka.apache.org), one node in KRaft mode (broker and controller in one JVM, no
# ZooKeeper), for the Kafka message-bus tests, without Docker or a Kafka download.
#   scripts/services/kafka.sh start     installs it once into .services/kafka/libs (Maven Central via
#                                       mvn), formats its storage once, starts it on loopback, waits
#                                       until a client gets the broker in a Metadata answer, prints
#                                       KAFKA_BROKERS=127.0.0.1:<port>
#   scripts/services/kafka.sh stop      stops the instance this script started (SIGTERM, SIGKILL
#                                       after 30 s); topics and messages are kept
#   scripts/services/kafka.sh restart   stop, then start: same port, same data
#   scripts/services/kafka.sh kill      SIGKILL (a crash, for tests); start again recovers the data
#   scripts/services/kafka.sh url       prints 127.0.0.1:<port> when it is running
# Idempotent: a second start reuses the running instance. Needs Java 17+, mvn and Maven Central only;
# node for the ready check (without node it waits for "Kafka Server started" in the log and the port).
# KAFKA_PORT (19092), KAFKA_CONTROLLER_PORT (19093), KAFKA_VERSION (3.9.2), KAFKA_JAVA_OPTS (heap etc.),
# KAFKA_STATE_DIR (.services/kafka: its pid, log, configuration and data; another directory and other
# ports make a second, independent broker, as the full-system test does; the jars stay shared).
# Measured on the 2-core CI VM: first start with an empty ~/.m2 13-30 s (install 7-25 s: mvn fetches
# 57 jars, 46 MB, into libs; format ~1 s; start ~4 s); later starts 2.5-4 s; stop ~0.5 s; after a
# kill, start ~6 s (see broker.session.timeout.ms below). The JVM uses ~200 MB RSS when idle.
#
# Why Maven: Maven Central is the one place these machines may download from besides the Go module
# proxy (no Docker, no Kafka tarball), and kafka_2.13 with its runtime dependencies is the broker.
# kafka_2.13's POM carries no logging backend, so slf4j-reload4j and reload4j are added; without
# them the broker logs nothing at all. The broker runs as `java -cp 'libs/*' kafka.Kafka
# server.properties`, as bin/kafka-server-start.sh does. Its log is .services/kafka/log (the previous
# run's is log.prev), its data .services/kafka/data.
set -euo pipefail
cd "$(dirname "$0")/../.."

VERSION="${KAFKA_VERSION:-3.9.2}"
PORT="${KAFKA_PORT:-19092}"
CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-19093}"
JAVA_OPTS="${KAFKA_JAVA_OPTS:--Xms256m -Xmx512m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:+ExplicitGCInvokesConcurrent}"
NAME=kafka
HOME_DIR=".services/kafka"
DIR="${KAFKA_STATE_DIR:-$HOME_DIR}"
case "$DIR" in /*) ABS_DIR="$DIR" ;; *) ABS_DIR="$PWD/$DIR" ;; esac
LIBS="$PWD/$HOME_DIR/libs"
CONF="$ABS_DIR/server.properties"
URL="127.0.0.1:$PORT"
URL_VAR=KAFKA_BROKERS
READY_TIMEOUT=60
STOP_TIMEOUT=30
COMMANDS="start|stop|restart|kill|url"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
# shellcheck source=scripts/services/lib.sh
. scripts/services/lib.sh

# Ready = the broker lists itself in a Metadata answer (raw Metadata v1 request over TCP; needs no npm
# package, so it works before `npm ci`). The port alone opens before the broker is unfenced.
ready() {
  if command -v node >/dev/null 2>&1; then
    PORT="$PORT" node -e '
      const net = require("node:net");
      const client = Buffer.from("kafka.sh");
      const body = Buffer.alloc(14 + client.length);
      body.writeInt16BE(3, 0); body.writeInt16BE(1, 2); body.writeInt32BE(7, 4); // Metadata v1, correlation id 7
      body.writeInt16BE(client.length, 8); client.copy(body, 10);
      body.writeInt32BE(0, 10 + client.length); // no topics: brokers only
      const size = Buffer.alloc(4); size.writeInt32BE(body.length);
      const s = net.connect(Number(process.env.PORT), "127.0.0.1");
      s.setTimeout(2000, () => process.exit(1));
      s.on("error", () => process.exit(1));
      s.on("connect", () => s.write(Buffer.concat([size, body])));
      let got = Buffer.alloc(0);
      s.on("data", (d) => {
        got = Buffer.concat([got, d]);
        if (got.length >= 4 && got.length >= 4 + got.readInt32BE(0)) {
          process.exit(got.length >= 12 && got.readInt32BE(4) === 7 && got.readInt32BE(8) >= 1 ? 0 : 1);
        }
      });
    ' 2>/dev/null
  else
    grep -q "Kafka Server started" "$LOG_FILE" 2>/dev/null && (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null
  fi
}

# The broker logs a lot while it shuts down after a failure: its errors first, then the log's tail.
svc_show_log() {
  grep -E '^\[[^]]*\] (ERROR|FATAL) |Exception|Error:' "$LOG_FILE" | head -n 10 >&2 || true
  echo "…" >&2
  tail -n 10 "$LOG_FILE" >&2
}

need_java() {
  command -v "$JAVA" >/dev/null 2>&1 || { echo "kafka: Java is not installed (needs Java 17+)" >&2; return 1; }
  local v
  v="$("$JAVA" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p')"
  if [ "${v%%.*}" -lt 17 ] 2>/dev/null; then echo "kafka: needs Java 17+, $JAVA is Java $v" >&2; return 1; fi
}

# A Kafka tool (StorageTool) in a small quick JVM, its log to stderr.
tool() {
  "$JAVA" -Xmx256m -XX:TieredStopAtLevel=1 -cp "$LIBS/*" \
    -Dlog4j.configuration="file:$ABS_DIR/tools-log4j.properties" "$@"
}

install() {
  need_java
  if [ "$(cat "$LIBS/.kafka-version" 2>/dev/null)" = "$VERSION" ]; then return; fi
  command -v mvn >/dev/null 2>&1 || { echo "kafka: mvn (Maven) is not installed" >&2; return 1; }
  mkdir -p "$HOME_DIR"
  echo "kafka: installing $VERSION from Maven Central into $LIBS (once)" >&2
  cat >"$HOME_DIR/pom.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by scripts/services/kafka.sh: the Kafka broker's jars, copied to libs/. -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.services</groupId>
  <artifactId>kafka-libs</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>$VERSION</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-reload4j</artifactId><version>1.7.36</version></dependency>
    <dependency><groupId>ch.qos.reload4j</groupId><artifactId>reload4j</artifactId><version>1.2.25</version></dependency>
  </dependencies>
</project>
EOF
  local tmp="$LIBS.tmp"
  rm -rf "$tmp"
  # -q leaves only errors; Debian's Maven 3.8 still prints colour resets (ESC[0m), even with -B.
  mvn -B -q -f "$HOME_DIR/pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
    -DoutputDirectory="$tmp" -DincludeScope=runtime 2>&1 | sed $'s/\033\\[[0-9;]*m//g' >&2
  local class
  for class in kafka/Kafka.class kafka/tools/StorageTool.class; do
    grep -qaF "$class" "$tmp"/kafka_2.13-*.jar 2>/dev/null || {
      echo "kafka: the downloaded jars have no ${class%.class}; see $tmp" >&2
      return 1
    }
  done
  rm -rf "$LIBS"
  mv "$tmp" "$LIBS"
  echo "$VERSION" >"$LIBS/.kafka-version"
}

configure() {
  mkdir -p "$ABS_DIR/data"
  cat >"$CONF" <<EOF
# Written by scripts/services/kafka.sh on every start; edit the script, not this file.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$PORT,CONTROLLER://127.0.0.1:$CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$PORT
inter.broker.listener.name=PLAINTEXT
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$ABS_DIR/data
# One node: every internal topic has one replica.
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
default.replication.factor=1
min.insync.replicas=1
auto.create.topics.enable=true
num.partitions=1
# Fast tests: no wait for more members before the first rebalance, short session timeouts allowed,
# few partitions for the internal topics (created on first use, 50 each by default).
group.initial.rebalance.delay.ms=0
group.min.session.timeout.ms=1000
offsets.topic.num.partitions=10
transaction.state.log.num.partitions=10
# After a kill the restarted broker cannot register until the dead one's session has expired
# (DuplicateBrokerRegistrationException): 4 s instead of 9 s makes kill + start take ~6 s, not ~12 s.
broker.session.timeout.ms=4000
broker.heartbeat.interval.ms=1000
# A light machine (2 cores, tests beside it): few threads, a 16 MB log-cleaner buffer (128 MB by
# default, allocated at start on the heap).
num.network.threads=2
num.io.threads=4
background.threads=4
num.recovery.threads.per.data.dir=1
log.cleaner.threads=1
log.cleaner.dedupe.buffer.size=16777216
EOF
  cat >"$ABS_DIR/log4j.properties" <<EOF
log4j.rootLogger=INFO, file
log4j.appender.file=org.apache.log4j.FileAppender
log4j.appender.file.File=$ABS_DIR/log
log4j.appender.file.Append=true
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
log4j.logger.state.change.logger=WARN
EOF
  cat >"$ABS_DIR/tools-log4j.properties" <<EOF
log4j.rootLogger=WARN, stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.Target=System.err
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=[%d] %p %m (%c)%n
EOF
}

# Formats the storage once; the cluster id is kept so that a re-format (data deleted) reuses it.
format() {
  if [ -f "$ABS_DIR/data/meta.properties" ]; then return; fi
  local id
  id="$(cat "$ABS_DIR/cluster-id" 2>/dev/null || true)"
  if [ -z "$id" ]; then
    id="$(tool kafka.tools.StorageTool random-uuid)"
    echo "$id" >"$ABS_DIR/cluster-id"
  fi
  echo "kafka: formatting $ABS_DIR/data (cluster id $id)" >&2
  tool kafka.tools.StorageTool format -t "$id" -c "$CONF" --ignore-formatted >&2
}

launch() {
  configure
  format
  if [ -f "$LOG_FILE" ]; then mv -f "$LOG_FILE" "$LOG_FILE.prev"; fi
  : >"$LOG_FILE"
  # Appends: the JVM's own output and log4j's file appender share the log.
  # shellcheck disable=SC2086 # JAVA_OPTS is a list of options
  nohup "$JAVA" $JAVA_OPTS -Djava.awt.headless=true -XX:ErrorFile="$ABS_DIR/hs_err_pid%p.log" \
    -Dlog4j.configuration="file:$ABS_DIR/log4j.properties" -Dkafka.logs.dir="$ABS_DIR" \
    -cp "$LIBS/*" kafka.Kafka "$CONF" >>"$LOG_FILE" 2>&1 &
}

svc_main "$@"
