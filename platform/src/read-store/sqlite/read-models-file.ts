/**
 * Where the embedded profile keeps what: the events (and the in-process bus's progress: its groups'
 * checkpoints and dead letters) in `walletscreen.db`, the read models in `read-models.db` beside it.
 * Two files, so that the projections' commits and the appends never wait for one another's write
 * lock (SQLite allows one writer per file), whichever thread or process makes them.
 *
 * Data directories of earlier versions kept both in `walletscreen.db`: `moveReadModels` copies the
 * read models' tables (schema, rows and indexes) into a new `read-models.db`, in one transaction
 * into a file of another name that is renamed into place once complete, and only then drops them
 * from `walletscreen.db`. Stopped half way, it starts again or finishes the drop at the next open;
 * the tables of the bus's progress stay where they were.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export const EVENTS_FILE = 'walletscreen.db';
export const READ_MODELS_FILE = 'read-models.db';

/** The tables that stay with the events: the in-process bus's progress, and leases. */
const STAYING = new Set(['rm_checkpoints', 'rm_leases', 'rm_dead_letters']);

export function sqliteFiles(dataDir: string): { events: string; readModels: string } {
  return { events: path.join(dataDir, EVENTS_FILE), readModels: path.join(dataDir, READ_MODELS_FILE) };
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** What `moveReadModels` did: the tables copied into the read models' file, and those dropped from the events' file. */
export interface ReadModelsMove {
  copied: string[];
  dropped: string[];
}

export function moveReadModels(files: { events: string; readModels: string }): ReadModelsMove {
  const done: ReadModelsMove = { copied: [], dropped: [] };
  if (!existsSync(files.events)) return done;
  // The events' file's write lock, held throughout, makes processes that open the same data
  // directory at once move one after the other (the second then finds nothing left to move);
  // the drop is made under it too. The copy runs on a second connection: in WAL mode it reads
  // the file while the first holds the lock.
  const lock = new Database(files.events);
  try {
    lock.pragma('busy_timeout = 120000');
    const tablesNow = () =>
      lock
        .prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 3) = 'rm_' ORDER BY name")
        .all();
    // Only the bus's progress there (a data directory of this version): nothing to move. Checked
    // again under the lock, since another process may have moved them meanwhile; never copied
    // alone, so that a read models' file deleted to be rebuilt starts from position 0 instead of
    // from the projections' checkpoints left in the events' file by the move.
    const hasReadModels = (tables: ReadonlyArray<{ name: string }>) => tables.some((t) => !STAYING.has(t.name));
    if (!hasReadModels(tablesNow())) return done;
    lock.exec('BEGIN IMMEDIATE');
    try {
      const tables = tablesNow();
      if (hasReadModels(tables) && !existsSync(files.readModels)) copyTables(files, tables, done);
      // The copy is in place (now or at an earlier open): drop the read models from the events' file.
      for (const t of tables) {
        if (STAYING.has(t.name)) continue;
        lock.exec(`DROP TABLE main.${quoted(t.name)}`);
        done.dropped.push(t.name);
      }
      lock.exec('COMMIT');
    } catch (error) {
      if (lock.inTransaction) lock.exec('ROLLBACK');
      throw error;
    }
    return done;
  } finally {
    lock.close();
  }
}

/** Copies the tables (schema, rows, indexes) into a file of another name, renamed into place once complete. */
function copyTables(files: { events: string; readModels: string }, tables: ReadonlyArray<{ name: string; sql: string }>, done: ReadModelsMove) {
  const partial = `${files.readModels}.moving`;
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
  const db = new Database(files.events);
  try {
    const indexes = db
      .prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND substr(tbl_name, 1, 3) = 'rm_'")
      .all();
    db.prepare('ATTACH DATABASE ? AS target').run(partial);
    try {
      db.transaction(() => {
        for (const t of tables) {
          // The table's own statement, made in the attached file: same columns, keys and constraints.
          db.exec(t.sql.replace(/^CREATE TABLE\s+(?:IF NOT EXISTS\s+)?("(?:[^"]|"")+"|\w+)/i, `CREATE TABLE target.${quoted(t.name)}`));
          db.exec(`INSERT INTO target.${quoted(t.name)} SELECT * FROM main.${quoted(t.name)}`);
          done.copied.push(t.name);
        }
        for (const i of indexes)
          db.exec(
            i.sql.replace(
              /^CREATE\s+(UNIQUE\s+)?INDEX\s+(?:IF NOT EXISTS\s+)?("(?:[^"]|"")+"|\w+)/i,
              (_m, unique: string | undefined, name: string) => `CREATE ${unique ?? ''}INDEX target.${name}`,
            ),
          );
      })();
    } finally {
      db.exec('DETACH DATABASE target');
    }
  } finally {
    db.close();
  }
  renameSync(partial, files.readModels);
}
