/**
 * The projections thread (see projections-thread.ts): the read models folded from the events'
 * file into the read models' file, as `startProjections` does on any thread; its log records and
 * the projections' positions go to the thread that started it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createLogger, type Logger } from '@walletscreen/platform';
import { createInProcessBus, SqliteEventStore, SqliteReadStore } from '@walletscreen/platform/adapters';
import { allProjections, readModelGenerations, startProjections } from '@walletscreen/projections';
import type { FromThread, ToThread } from './projections-thread';

interface ThreadData {
  files: { events: string; readModels: string };
  synchronous: 'NORMAL' | 'FULL';
  pollIntervalMs: number;
}

const port = parentPort!;
const post = (m: FromThread) => port.postMessage(m);

/** A logger whose records are logged by the starting thread's logger (with its level and destination). */
function forwardingLogger(): Logger {
  const levels: Record<number, 'debug' | 'info' | 'warn' | 'error'> = { 10: 'debug', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'error' };
  return createLogger({
    level: 'debug',
    name: 'projections-thread',
    write(line) {
      const {
        level,
        msg,
        time: _time,
        name: _name,
        ...fields
      } = JSON.parse(line) as { level: number; msg?: string; time?: number; name?: string } & Record<string, unknown>;
      post({ type: 'log', level: levels[level] ?? 'info', fields, message: msg ?? '' });
    },
  });
}

async function main() {
  const data = workerData as ThreadData;
  const logger = forwardingLogger();
  const eventStore = new SqliteEventStore({ file: data.files.events, synchronous: data.synchronous, pollIntervalMs: data.pollIntervalMs });
  const readStore = new SqliteReadStore({ file: data.files.readModels, synchronous: data.synchronous });
  // The starting thread's background checkpointer copies this file's log back: no commit here does.
  readStore.db.pragma('wal_autocheckpoint = 0');
  const generations = await readModelGenerations({ store: readStore, projections: allProjections });
  const bus = createInProcessBus(eventStore, { progress: readStore });
  // Positions are reported once per turn of the event loop, however many folds it made.
  let reported: Record<string, number> | null = null;
  const runner = await startProjections({
    bus,
    readStore: generations,
    projections: allProjections,
    logger,
    onProgress(positions) {
      if (reported === null)
        setImmediate(() => {
          post({ type: 'positions', positions: reported! });
          reported = null;
        });
      reported = positions;
    },
  });
  port.on('message', (m: ToThread) => {
    if (m.type === 'appended') eventStore.poke();
    else if (m.type === 'stop') {
      void (async () => {
        await runner.stop();
        await bus.close();
        await readStore.close();
        await eventStore.close();
        // The thread ends with nothing left to run; the starting thread waits for its exit.
        port.close();
      })();
    }
  });
  post({ type: 'ready', positions: runner.positions() });
}

main().catch((error: unknown) => {
  const e = error instanceof Error ? error : new Error(String(error));
  post({ type: 'failed', message: e.message, stack: e.stack });
  process.exit(1);
});
