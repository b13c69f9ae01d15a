import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteEventStore } from '../../event-store/sqlite/sqlite-event-store';
import { SqliteReadStore } from './sqlite-read-store';
import { moveReadModels, sqliteFiles } from './read-models-file';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-move-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tablesOf = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((t) => t.name);
  } finally {
    db.close();
  }
};

/** A data directory as earlier versions left it: events and read models (with indexed columns) in one file. */
async function oneFileDataDir(name: string) {
  const files = sqliteFiles(path.join(dir, name));
  rmSync(path.dirname(files.events), { recursive: true, force: true });
  mkdirSync(path.dirname(files.events));
  const events = new SqliteEventStore({ file: files.events });
  await events.append('user-1', [{ id: '00000000-0000-4000-8000-000000000001', type: 'UserRegistered', data: { userId: '1' } }], {
    expectedRevision: 'no-stream',
  });
  const old = new SqliteReadStore({ file: files.events });
  await old.ensureIndexes([
    { collection: 'customers', fields: ['email'] },
    { collection: 'customers', fields: ['created_at'] },
  ]);
  await old.commit(
    [
      { collection: 'customers', id: 'a', doc: { id: 'a', email: 'a@x.io', created_at: '2026-01-01' } },
      { collection: 'customers', id: 'b', doc: { id: 'b', email: 'b@x.io', created_at: '2026-01-02' } },
      { collection: 'audit_types', id: 'UserRegistered', doc: { key: 'UserRegistered' } },
    ],
    { name: 'customers-v1', position: 1 },
  );
  // The in-process bus's progress: a group's checkpoint and a dead letter.
  await old.commit([{ collection: 'dead_letters', id: 'g:e', doc: { group: 'g' } }], { name: 'analysis', position: 1 });
  await old.close();
  await events.close();
  return files;
}

it('moves the read models of a one-file data directory into their own file, with their indexes, and leaves the events and the bus progress', async () => {
  const files = await oneFileDataDir('one');
  expect(moveReadModels(files)).toEqual({
    copied: ['rm_audit_types', 'rm_checkpoints', 'rm_customers', 'rm_dead_letters', 'rm_leases'],
    dropped: ['rm_audit_types', 'rm_customers'],
  });
  expect(tablesOf(files.events)).toEqual(['events', 'rm_checkpoints', 'rm_dead_letters', 'rm_leases', 'sqlite_sequence']);
  expect(existsSync(`${files.readModels}.moving`)).toBe(false);

  const moved = new SqliteReadStore({ file: files.readModels });
  expect(await moved.getCheckpoint('customers-v1')).toBe(1);
  expect(await moved.find('customers', { where: { email: 'b@x.io' } })).toEqual([{ id: 'b', email: 'b@x.io', created_at: '2026-01-02' }]);
  const plan = moved.db.prepare("EXPLAIN QUERY PLAN SELECT doc FROM rm_customers WHERE f_email = 'b@x.io'").all() as Array<{ detail: string }>;
  expect(plan.map((p) => p.detail).join()).toMatch(/USING INDEX/);
  // Written to as before: a new document, and one replaced.
  await moved.commit([
    { collection: 'customers', id: 'c', doc: { id: 'c', email: 'c@x.io', created_at: '2026-01-03' } },
    { collection: 'customers', id: 'a', doc: { id: 'a', email: 'z@x.io', created_at: '2026-01-01' } },
  ]);
  expect((await moved.find<{ id: string }>('customers', { sort: [{ field: 'email', direction: 'asc' }] })).map((d) => d.id)).toEqual(['b', 'c', 'a']);
  await moved.close();

  const progress = new SqliteReadStore({ file: files.events });
  expect(await progress.getCheckpoint('analysis')).toBe(1);
  expect(await progress.get('dead_letters', 'g:e')).toEqual({ group: 'g' });
  await progress.close();
  const events = new SqliteEventStore({ file: files.events });
  expect((await events.readAll()).map((e) => e.type)).toEqual(['UserRegistered']);
  await events.close();

  // Once moved, nothing more to do.
  expect(moveReadModels(files)).toEqual({ copied: [], dropped: [] });

  // The read models' file deleted (to rebuild them): the bus's progress is not copied into a new one.
  rmSync(files.readModels);
  expect(moveReadModels(files)).toEqual({ copied: [], dropped: [] });
  expect(existsSync(files.readModels)).toBe(false);
});

it('a move stopped before the new file was in place starts again; one stopped before the drop finishes it', async () => {
  const files = await oneFileDataDir('again');
  // A partial copy left by a crash is discarded, not used.
  const partial = new Database(`${files.readModels}.moving`);
  partial.exec('CREATE TABLE rm_customers (id TEXT PRIMARY KEY, doc TEXT NOT NULL)');
  partial.close();
  const first = moveReadModels(files);
  expect(first.copied).toContain('rm_customers');
  const store = new SqliteReadStore({ file: files.readModels });
  expect(await store.count('customers')).toBe(2);
  await store.close();

  // The copy in place, the old tables still there (stopped before the drop): they are dropped, the copy kept.
  const left = new SqliteReadStore({ file: files.events });
  await left.commit([{ collection: 'customers', id: 'old', doc: { id: 'old' } }]);
  await left.close();
  expect(moveReadModels(files)).toEqual({ copied: [], dropped: ['rm_customers'] });
  const kept = new SqliteReadStore({ file: files.readModels });
  expect(await kept.count('customers')).toBe(2);
  await kept.close();
});

it('a new data directory, or one whose events file has no read models, is left as it is', () => {
  const files = sqliteFiles(path.join(dir, 'none'));
  expect(moveReadModels(files)).toEqual({ copied: [], dropped: [] });
  expect(existsSync(files.readModels)).toBe(false);
});
