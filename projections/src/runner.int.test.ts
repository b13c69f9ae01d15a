import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, isDocumentsDelete, type DocumentWrite } from '@walletscreen/platform';
import { createInProcessBus, SqliteEventStore, SqliteReadStore } from '@walletscreen/platform/adapters';
import { customers, customersProjection } from './customers/customers.projection';
import type { Projection } from './projection';
import { startProjections } from './runner';
import { watchReadModels } from './watch';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-proj-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const logger = createLogger({ level: 'silent' });

const registered = (userId: string, email: string, at: string) => ({
  id: randomUUID(),
  type: 'UserRegistered',
  data: { userId, email, username: 'Co', passwordHash: 'x', role: 'user', bonusChecks: 20, at },
});
const roleChanged = (userId: string, role: string) => ({
  id: randomUUID(),
  type: 'UserRoleChanged',
  data: { userId, role, previousRole: 'user', by: null, reason: 'test', at: '2026-01-02T00:00:00.000Z' },
});

it('folds from its checkpoint after a restart, and equals a rebuild from position 0', async () => {
  const file = path.join(dir, 'p.db');
  const store = new SqliteEventStore({ file, pollIntervalMs: 20 });
  let readStore = new SqliteReadStore({ file });
  let runner = await startProjections({ bus: createInProcessBus(store), readStore, projections: [customersProjection], logger });
  for (let i = 0; i < 30; i++)
    await store.append(`user-u${i}`, [registered(`u${i}`, `u${i}@x.io`, `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`)], {
      expectedRevision: 'no-stream',
    });
  await runner.waitFor(await store.headPosition());
  await runner.stop();
  await readStore.close();

  for (let i = 0; i < 5; i++) await store.append(`user-u${i}`, [roleChanged(`u${i}`, 'blocked')], { expectedRevision: 0 });
  readStore = new SqliteReadStore({ file });
  runner = await startProjections({ bus: createInProcessBus(store), readStore, projections: [customersProjection], logger });
  await runner.waitFor(await store.headPosition());
  const live = await readStore.find(customers.name, { sort: [{ field: 'created_at', direction: 'asc' }] });
  await runner.stop();

  const rebuilt = new SqliteReadStore({ file: path.join(dir, 'rebuilt.db') });
  const again = await startProjections({ bus: createInProcessBus(store), readStore: rebuilt, projections: [customersProjection], logger });
  await again.waitFor(await store.headPosition());
  expect(await rebuilt.find(customers.name, { sort: [{ field: 'created_at', direction: 'asc' }] })).toEqual(live);
  expect(live).toHaveLength(30);
  expect(live.filter((c) => (c as { role: string }).role === 'blocked')).toHaveLength(5);
  await again.stop();
  await rebuilt.close();
  await readStore.close();
  await store.close();
});

it('writes nothing for events it does not fold, yet reports them as reached, and saves its checkpoint at least every 1000', async () => {
  const file = path.join(dir, 'skip.db');
  const store = new SqliteEventStore({ file, pollIntervalMs: 20 });
  const readStore = new SqliteReadStore({ file });
  const runner = await startProjections({ bus: createInProcessBus(store), readStore, projections: [customersProjection], logger });
  const folded = await store.append('user-s1', [registered('s1', 's1@x.io', '2026-01-01T00:00:00.000Z')], { expectedRevision: 'no-stream' });
  await runner.waitFor(folded.position);
  expect(await readStore.getCheckpoint(customersProjection.name)).toBe(folded.position);
  const other = () => ({ id: randomUUID(), type: 'WalletCheckStageCompleted', data: { checkId: 'c' } });
  await store.append('check-c', Array.from({ length: 10 }, other), { expectedRevision: 'no-stream' });
  await runner.waitFor(await store.headPosition());
  expect(await readStore.getCheckpoint(customersProjection.name)).toBe(folded.position);
  for (let i = 0; i < 10; i++) await store.append('check-c', Array.from({ length: 100 }, other), { expectedRevision: 9 + i * 100 });
  await runner.waitFor(await store.headPosition());
  expect(await readStore.getCheckpoint(customersProjection.name)).toBeGreaterThan(folded.position + 1000);
  await runner.stop();
  await readStore.close();
  await store.close();
});

it('with saveSkippedAfterMs, saves passed-over events soon after them, so a watch of the stored checkpoints sees them reached', async () => {
  const file = path.join(dir, 'watch.db');
  const store = new SqliteEventStore({ file, pollIntervalMs: 20 });
  const readStore = new SqliteReadStore({ file });
  const runner = await startProjections({ bus: createInProcessBus(store), readStore, projections: [customersProjection], logger, saveSkippedAfterMs: 30 });
  const watch = watchReadModels({ readStore, projections: [customersProjection], pollMs: 10 });
  const folded = await store.append('user-w1', [registered('w1', 'w1@x.io', '2026-01-01T00:00:00.000Z')], { expectedRevision: 'no-stream' });
  await watch.waitFor(folded.position, 5_000);
  expect(watch.position()).toBeGreaterThanOrEqual(folded.position);

  const other = () => ({ id: randomUUID(), type: 'WalletCheckStageCompleted', data: { checkId: 'w' } });
  const skipped = await store.append('check-w', Array.from({ length: 5 }, other), { expectedRevision: 'no-stream' });
  await watch.waitFor(skipped.position, 5_000);
  expect(await readStore.getCheckpoint(customersProjection.name)).toBe(skipped.position);
  // A position nobody reaches times out with where the read models are.
  await expect(watch.waitFor(skipped.position + 100, 100)).rejects.toThrow(
    `did not reach position ${skipped.position + 100} within 100 ms (at ${skipped.position})`,
  );
  watch.stop();
  await expect(watch.waitFor(skipped.position + 1)).rejects.toThrow('stopped');
  await runner.stop();
  await readStore.close();
  await store.close();
});

it('an insert-only projection folds each event onto nothing, writes without looking first, and still replaces a document already there', async () => {
  const file = path.join(dir, 'insert-only.db');
  const store = new SqliteEventStore({ file, pollIntervalMs: 20 });
  const readStore = new SqliteReadStore({ file });
  const folded: Array<object | null> = [];
  const ledger: Projection<{ id: string; type: string }> = {
    name: 'ledger-v1',
    collection: 'ledger',
    handles: ['*'],
    keyOf: (e) => String(e.position),
    fold(doc, e) {
      folded.push(doc);
      return { id: String(e.position), type: e.type };
    },
    insertOnly: true,
    indexes: [['type']],
  };
  const writes: DocumentWrite[] = [];
  const commit = readStore.commit.bind(readStore);
  readStore.commit = (batch, checkpoint) => {
    writes.push(...batch.filter((w): w is DocumentWrite => w.collection === 'ledger' && !isDocumentsDelete(w)));
    return commit(batch, checkpoint);
  };
  const lookedUp: string[] = [];
  const getMany = readStore.getMany.bind(readStore);
  readStore.getMany = (collection, ids) => {
    if (collection === 'ledger') lookedUp.push(...ids);
    return getMany(collection, ids);
  };
  // Left by an earlier run under a key the projection writes again (a replay after a crash).
  await readStore.commit([{ collection: 'ledger', id: '1', doc: { id: '1', type: 'stale' } }]);
  const runner = await startProjections({ bus: createInProcessBus(store), readStore, projections: [ledger], logger });
  try {
    for (let i = 0; i < 20; i++)
      await store.append(`user-i${i}`, [registered(`i${i}`, `i${i}@x.io`, '2026-01-01T00:00:00.000Z')], { expectedRevision: 'no-stream' });
    await runner.waitFor(await store.headPosition());
  } finally {
    await runner.stop();
  }
  expect(await readStore.count('ledger')).toBe(20);
  expect(await readStore.get('ledger', '1')).toEqual({ id: '1', type: 'UserRegistered' });
  expect(await readStore.count('ledger', { type: 'stale' })).toBe(0);
  expect(folded).toEqual(Array(20).fill(null));
  expect(lookedUp).toEqual([]);
  expect(writes.slice(1).map((w) => w.fresh)).toEqual(Array(20).fill(true));
  await readStore.close();
  await store.close();
});
