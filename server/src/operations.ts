/**
 * The operator's commands on a data directory (composition roots: they read the environment and
 * build the SQLite adapters):
 *   npm run audit:verify [-- --data-dir DIR]          checks the event store's hash chain
 *   npm run projections:rebuild [-- --data-dir DIR]   drops the read models and replays the store
 * DATA_DIR is the default data directory (./data otherwise). Each returns its exit code.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  ConfigError,
  createLogger,
  loadConfig,
  readCommandLine,
  verifyChain,
  type CommandIO,
  type ChainVerification,
  type Config,
  type Logger,
} from '@walletscreen/platform';
import { openPlatform, type Platform } from '@walletscreen/platform/composition';
import { kafkaGroupId } from '@walletscreen/platform/message-bus/kafka/topics';
import {
  createInProcessBus,
  foundBreakFile,
  foundBreakFileStore,
  moveReadModels,
  sqliteFiles,
  SqliteEventStore,
  SqliteReadStore,
} from '@walletscreen/platform/adapters';
import { allProjections, projectionGroup, readModelGenerations, rebuildNextGeneration, rebuildProjections } from '@walletscreen/projections';
import { DataDirBusy, lockDataDir, type DataDirRole } from './data-dir-lock';
import { verifyAgainstTreeHeads } from './tree-head-verify';

export type { CommandIO };

function dataDirOf(io: CommandIO, usage: string): string | { code: number } {
  const line = readCommandLine(io.argv, { 'data-dir': { type: 'string' } });
  if (typeof line === 'string') {
    io.stderr(`${line}\n${usage}`);
    return { code: 2 };
  }
  if (line.values.help) {
    io.stdout(usage);
    return { code: 0 };
  }
  return path.resolve(line.values['data-dir'] ?? io.env.DATA_DIR ?? './data');
}

const storeFile = (dataDir: string) => sqliteFiles(dataDir).events;

/** One line per outcome: the count and head hash, or the first event where the chain breaks. */
export function describeVerification(result: ChainVerification): string {
  if (result.ok) return `OK: ${result.count} events, chain intact; head position ${result.headPosition}, head hash ${result.headHash}`;
  const p = result.problem!;
  const where =
    p.streamId === null
      ? `after position ${p.position}`
      : `at position ${p.position} (stream ${p.streamId}, revision ${p.revision}, type ${p.type}, event ${p.eventId})`;
  const detail = p.expected !== undefined ? ` [expected ${String(p.expected)}, found ${String(p.actual)}]` : '';
  return `TAMPERED: ${p.kind} ${where}: ${p.message}${detail}; ${result.count} events verified before it (last good hash ${result.headHash})`;
}

export const verifyUsage = `usage: npm run audit:verify [-- --data-dir DIR] [--tree-heads FILE] [--key FILE]
  Walks DATA_DIR/walletscreen.db and checks every event's hash link, then holds the events to the
  audit log's signed tree heads (those the store recorded, and those a witness kept: --tree-heads, a
  JSON array or JSON lines of what it received), naming the events changed since a head was signed
  even where the hash chain was recomputed. --key: the installation's public key (default: the
  configured signing key). Exit 0 when intact, 1 when not.
  A break of the hash chain it finds halts writes: it is written beside the store
  (walletscreen.db.break.json), and a server running on it walks the whole chain at its next check
  and halts; a stopped one at its start.`;

export async function runVerifyCommand(io: CommandIO): Promise<number> {
  const line = readCommandLine(io.argv, { 'data-dir': { type: 'string' }, 'tree-heads': { type: 'string' }, key: { type: 'string' } });
  if (typeof line === 'string') {
    io.stderr(`${line}\n${verifyUsage}`);
    return 2;
  }
  if (line.values.help) {
    io.stdout(verifyUsage);
    return 0;
  }
  const dataDir = path.resolve(line.values['data-dir'] ?? io.env.DATA_DIR ?? './data');
  const file = storeFile(dataDir);
  if (!existsSync(file)) {
    io.stderr(`no event store at ${file}`);
    return 2;
  }
  const store = new SqliteEventStore({ file });
  try {
    const result = await verifyChain({ readAll: (o) => store.readAll(o), lastAssignedPosition: () => store.lastAssignedPosition() });
    (result.ok ? io.stdout : io.stderr)(describeVerification(result));
    if (!result.ok) {
      // The server walks the whole chain when it finds this, and halts writes unless an admin acknowledged the break.
      const p = result.problem!;
      const marker = foundBreakFile(file);
      await foundBreakFileStore(marker).write({ position: p.position, kind: p.kind, reason: p.message, foundBy: 'cli', foundAt: new Date().toISOString() });
      io.stderr(
        `Written to ${marker}: a server running on this data directory walks its whole chain at its next check (within INTEGRITY_VERIFY_INTERVAL_SECONDS) and halts writes until an admin acknowledges the break on the Audit screen; a stopped one does so when it starts.`,
      );
    }
    // The signed tree heads: what changed, even where the chain was recomputed (tree-head-verify.ts).
    const heads = await verifyAgainstTreeHeads({ store, dataDir, env: io.env, witnessFile: line.values['tree-heads'], keyFile: line.values.key });
    for (const l of heads.lines) (heads.result.ok ? io.stdout : io.stderr)(l);
    return result.ok && heads.result.ok ? 0 : 1;
  } finally {
    await store.close();
  }
}

export const rebuildUsage = `usage: npm run projections:rebuild [-- --data-dir DIR]
  Drops every read model in DATA_DIR/read-models.db and replays the event store from position 0.
  Stop the server first: the command refuses to run while it holds the data directory.
  With MONGO_URL / EVENTSTORE_URL set, it rebuilds the read models in MongoDB from that store, beside
  the live ones, and then switches every running process to them (API and workers processes keep
  running; stop the projections process: with KAFKA_BROKERS set, it refuses while one is a member
  of the projections' consumer groups, and on this machine while one holds the data directory).`;

export async function runRebuildCommand(io: CommandIO): Promise<number> {
  const dataDir = dataDirOf(io, rebuildUsage);
  if (typeof dataDir !== 'string') return dataDir.code;
  if (io.env.MONGO_URL || io.env.EVENTSTORE_URL) return rebuildConfigured(io, dataDir);
  const file = storeFile(dataDir);
  if (!existsSync(file)) {
    io.stderr(`no event store at ${file}`);
    return 2;
  }
  return rebuildLocked(io, dataDir, ['server', 'follower', 'rebuild'], inPlace, async () => {
    const eventStore = new SqliteEventStore({ file, pollIntervalMs: 50 });
    const files = sqliteFiles(dataDir);
    moveReadModels(files);
    const readStore = new SqliteReadStore({ file: files.readModels });
    const bus = createInProcessBus(eventStore);
    return {
      eventStore,
      readStore,
      bus,
      async close() {
        await bus.close();
        await eventStore.close();
        await readStore.close();
      },
    };
  });
}

type RebuildPorts = Pick<Platform, 'eventStore' | 'readStore' | 'bus' | 'close'>;

/** Rebuilds the current generation of the read models where they are (nothing else runs on them). */
async function inPlace(ports: RebuildPorts, logger: Logger): Promise<string> {
  const generations = await readModelGenerations({ store: ports.readStore, projections: allProjections });
  const result = await rebuildProjections({
    bus: ports.bus,
    readStore: generations.at(generations.generation),
    projections: allProjections,
    head: () => ports.eventStore.headPosition(),
    logger,
  });
  return `rebuilt ${result.projections.length} read models (${result.projections.join(', ')}) from ${result.position} events in ${result.ms} ms`;
}

/** Rebuilds the read models as their next generation and switches the running processes to it. */
async function nextGeneration(ports: RebuildPorts, logger: Logger): Promise<string> {
  const generations = await readModelGenerations({ store: ports.readStore, projections: allProjections });
  const result = await rebuildNextGeneration({ bus: ports.bus, generations, projections: allProjections, head: () => ports.eventStore.headPosition(), logger });
  return `rebuilt ${result.projections.length} read models (${result.projections.join(', ')}) from ${result.position} events in ${result.ms} ms; running processes now read generation ${result.generation}`;
}

/** Takes the data directory for the rebuild (refused while a process holds it in one of `exclusiveWith`), rebuilds the read models over the ports `open` gives, and reports. */
async function rebuildLocked(
  io: CommandIO,
  dataDir: string,
  exclusiveWith: readonly DataDirRole[],
  rebuild: (ports: RebuildPorts, logger: Logger) => Promise<string>,
  open: (logger: Logger) => Promise<RebuildPorts>,
): Promise<number> {
  let lock: { release(): void };
  try {
    lock = lockDataDir(dataDir, 'rebuild', exclusiveWith);
  } catch (error) {
    if (error instanceof DataDirBusy) {
      io.stderr(`projections:rebuild refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const logger = createLogger({ level: io.env.LOG_LEVEL ?? 'warn' });
  try {
    const ports = await open(logger);
    try {
      io.stdout(await rebuild(ports, logger));
      return 0;
    } finally {
      await ports.close();
    }
  } finally {
    lock.release();
  }
}

/** Runs a command as the process's main and sets its exit code. */
export function runAsMain(name: string, command: (io: CommandIO) => Promise<number>) {
  void command({
    argv: process.argv.slice(2),
    env: process.env,
    stdout: (l) => process.stdout.write(`${l}\n`),
    stderr: (l) => process.stderr.write(`${l}\n`),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}

/**
 * The rebuild on the configured adapters (the distributed profile): the read models in MONGO_URL
 * (or the SQLite file) replayed from the store EVENTSTORE_URL names (or the SQLite file), through
 * the in-process bus, as the read models' next generation (projections/src/generations.ts); the
 * previous generation is dropped once the running processes switched. The relay's checkpoint stays. Refused while a projections process is in one of the projections' Kafka
 * consumer groups (when KAFKA_BROKERS is set) or a process holds the data directory.
 */
async function rebuildConfigured(io: CommandIO, dataDir: string): Promise<number> {
  let config: Config;
  try {
    config = loadConfig({ ...io.env, DATA_DIR: dataDir });
  } catch (error) {
    if (error instanceof ConfigError) {
      io.stderr(error.message);
      return 2;
    }
    throw error;
  }
  if (config.KAFKA_BROKERS) {
    const members = await projectionGroupMembers(config.KAFKA_BROKERS, config.KAFKA_TOPIC_PREFIX);
    if (members.length > 0) {
      io.stderr(`projections:rebuild refused: a projections process is running (${members.join(', ')}): stop it first`);
      return 1;
    }
  }
  // The replay reads the store itself, through the in-process bus. API and workers processes
  // ("followers" of the data directory) keep running: they switch to the new generation.
  return rebuildLocked(io, dataDir, ['server', 'rebuild'], nextGeneration, (logger) =>
    openPlatform({ ...config, KAFKA_BROKERS: undefined }, { logger, pollIntervalMs: 50 }),
  );
}

/** The members of the projections' Kafka consumer groups, as "group: client host" lines. */
async function projectionGroupMembers(brokers: string[], topicPrefix: string): Promise<string[]> {
  const { Kafka, logLevel } = await import('kafkajs');
  const admin = new Kafka({ clientId: 'walletscreen-rebuild', brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const { groups } = await admin.describeGroups(allProjections.map((p) => kafkaGroupId(topicPrefix, projectionGroup(p))));
    return groups.flatMap((g) => g.members.map((m) => `${g.groupId}: ${m.clientHost.replace(/^\//, '')}`));
  } finally {
    await admin.disconnect();
  }
}
