/**
 * WAL checkpoints off the event loop. In WAL mode SQLite copies the log back into the database file
 * (and, at synchronous=NORMAL, waits for the disk twice) inside whichever commit passes the
 * auto-checkpoint threshold: with better-sqlite3 that is a request-serving thread stopping for
 * milliseconds every few dozen appends. Here a worker thread with its own connection runs a PASSIVE
 * checkpoint (which never blocks readers or writers) every `intervalMs`, and the given connections
 * stop checkpointing themselves. Should the thread fail, they take checkpoints back.
 */
import type Database from 'better-sqlite3';
import { Worker } from 'node:worker_threads';

/** The thread: plain CommonJS, evaluated as given; the driver is required by its resolved path. */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = ' + workerData.synchronous);
db.pragma('wal_autocheckpoint = 0');
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** SQLite's own default threshold, restored should the thread stop. */
const AUTO_CHECKPOINT_PAGES = 1000;

export interface BackgroundCheckpointer {
  stop(): Promise<void>;
}

export function startBackgroundCheckpointer(options: {
  file: string;
  /** The connections that serve requests: they stop checkpointing themselves. */
  connections: readonly Database.Database[];
  synchronous?: 'NORMAL' | 'FULL';
  intervalMs?: number;
  onError?: (error: unknown) => void;
}): BackgroundCheckpointer {
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: {
      file: options.file,
      driver: require.resolve('better-sqlite3'),
      synchronous: options.synchronous ?? 'NORMAL',
      intervalMs: options.intervalMs ?? 100,
    },
  });
  worker.unref();
  const setThreshold = (pages: number) => {
    for (const db of options.connections) if (db.open) db.pragma(`wal_autocheckpoint = ${pages}`);
  };
  setThreshold(0);
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('error', (error) => {
    if (!stopping) options.onError?.(error);
  });
  void exited.then(() => {
    if (!stopping) setThreshold(AUTO_CHECKPOINT_PAGES);
  });
  return {
    async stop() {
      if (stopping) return exited;
      stopping = true;
      worker.postMessage('stop');
      await exited;
      setThreshold(AUTO_CHECKPOINT_PAGES);
    },
  };
}
