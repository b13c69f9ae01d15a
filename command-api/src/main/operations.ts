/**
 * The operator's commands on a data directory (composition roots: they read the environment and
 * build the SQLite adapters):
 *   npm run audit:verify [-- --data-dir DIR]          checks the event store's hash chain
 *   npm run projections:rebuild [-- --data-dir DIR]   drops the read models and replays the store
 * DATA_DIR is the default data directory (./data otherwise). Each returns its exit code.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createLogger, verifyChain, type ChainVerification } from '@walletscreen/platform';
import { createInProcessBus, SqliteEventStore, SqliteReadStore } from '@walletscreen/platform/adapters';
import { allProjections, rebuildProjections } from '@walletscreen/projections';
import { DataDirBusy, lockDataDir } from './data-dir-lock';

export interface CommandIO {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

function dataDirOf(io: CommandIO, usage: string): string | { code: number } {
  let dir: string | undefined;
  for (let i = 0; i < io.argv.length; i++) {
    const arg = io.argv[i]!;
    if (arg === '-h' || arg === '--help') {
      io.stdout(usage);
      return { code: 0 };
    }
    const m = /^--data-dir(?:=(.*))?$/.exec(arg);
    if (!m) {
      io.stderr(`unknown argument: ${arg}\n${usage}`);
      return { code: 2 };
    }
    dir = m[1] ?? io.argv[++i];
    if (!dir) {
      io.stderr(`--data-dir needs a value\n${usage}`);
      return { code: 2 };
    }
  }
  return path.resolve(dir ?? io.env.DATA_DIR ?? './data');
}

const storeFile = (dataDir: string) => path.join(dataDir, 'walletscreen.db');

/** One line per outcome: the count and head hash, or the first event where the chain breaks. */
export function describeVerification(result: ChainVerification): string {
  if (result.ok) return `OK: ${result.count} events, chain intact; head position ${result.headPosition}, head hash ${result.headHash}`;
  const p = result.problem!;
  const where = p.streamId === null ? `after position ${p.position}` : `at position ${p.position} (stream ${p.streamId}, revision ${p.revision}, type ${p.type}, event ${p.eventId})`;
  const detail = p.expected !== undefined ? ` [expected ${String(p.expected)}, found ${String(p.actual)}]` : '';
  return `TAMPERED: ${p.kind} ${where}: ${p.message}${detail}; ${result.count} events verified before it (last good hash ${result.headHash})`;
}

export const verifyUsage = `usage: npm run audit:verify [-- --data-dir DIR]
  Walks DATA_DIR/walletscreen.db and checks every event's hash link. Exit 0 when intact, 1 when not.`;

export async function runVerifyCommand(io: CommandIO): Promise<number> {
  const dataDir = dataDirOf(io, verifyUsage);
  if (typeof dataDir !== 'string') return dataDir.code;
  const file = storeFile(dataDir);
  if (!existsSync(file)) {
    io.stderr(`no event store at ${file}`);
    return 2;
  }
  const store = new SqliteEventStore({ file });
  try {
    const result = await verifyChain({ readAll: (o) => store.readAll(o), lastAssignedPosition: () => store.lastAssignedPosition() });
    (result.ok ? io.stdout : io.stderr)(describeVerification(result));
    return result.ok ? 0 : 1;
  } finally {
    await store.close();
  }
}

export const rebuildUsage = `usage: npm run projections:rebuild [-- --data-dir DIR]
  Drops every read model in DATA_DIR/walletscreen.db and replays the event store from position 0.
  Stop the server first: the command refuses to run while it holds the data directory.`;

export async function runRebuildCommand(io: CommandIO): Promise<number> {
  const dataDir = dataDirOf(io, rebuildUsage);
  if (typeof dataDir !== 'string') return dataDir.code;
  const file = storeFile(dataDir);
  if (!existsSync(file)) {
    io.stderr(`no event store at ${file}`);
    return 2;
  }
  let lock: { release(): void };
  try {
    lock = lockDataDir(dataDir, 'rebuild', ['server', 'rebuild']);
  } catch (error) {
    if (error instanceof DataDirBusy) {
      io.stderr(`projections:rebuild refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const logger = createLogger({ level: io.env.LOG_LEVEL ?? 'warn' });
  const eventStore = new SqliteEventStore({ file, pollIntervalMs: 50 });
  const readStore = new SqliteReadStore({ file });
  const bus = createInProcessBus(eventStore);
  try {
    const result = await rebuildProjections({ bus, readStore, projections: allProjections, head: () => eventStore.headPosition(), logger });
    io.stdout(`rebuilt ${result.projections.length} read models (${result.projections.join(', ')}) from ${result.position} events in ${result.ms} ms`);
    return 0;
  } finally {
    await bus.close();
    await eventStore.close();
    await readStore.close();
    lock.release();
  }
}

/** Runs a command as the process's main and sets its exit code. */
export function runAsMain(name: string, command: (io: CommandIO) => Promise<number>) {
  void command({ argv: process.argv.slice(2), env: process.env, stdout: (l) => process.stdout.write(`${l}\n`), stderr: (l) => process.stderr.write(`${l}\n`) }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
