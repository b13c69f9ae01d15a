/**
 * The log tree read model on the real SQLite stores: folded across restarts in batches of any size,
 * it gives the root a from-scratch computation over the stored events gives, at every size, and
 * inclusion proofs that verify against it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canonicalEvent, createLogger, leafHash, nodeHash, verifyInclusion, type RecordedEvent } from '@walletscreen/platform';
import { createInProcessBus, SqliteEventStore, SqliteReadStore } from '@walletscreen/platform/adapters';
import { treeHeadsStreamId } from '@walletscreen/domain/tree-heads/events';
import { startProjections } from '../runner';
import { logTreeProjection } from './log-tree.projection';
import { inclusionProofs, leafIndexes, logTreeNow, logTreeRoot } from './queries';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-log-tree-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const logger = createLogger({ level: 'silent' });

/** RFC 9162's MTH, straight from its definition. */
function mth(leaves: Buffer[]): Buffer {
  if (leaves.length === 1) return leaves[0]!;
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return nodeHash(mth(leaves.slice(0, k)), mth(leaves.slice(k)));
}

const note = (i: number) => ({ id: randomUUID(), type: 'NoteWritten', data: { i, text: `note ${i}`, nested: { b: 1, a: [i] } } });

it('folds every event into the tree; its root at every size and each proof agree with the events as stored', async () => {
  const file = path.join(dir, 'tree.db');
  const store = new SqliteEventStore({ file, pollIntervalMs: 20 });
  let readStore = new SqliteReadStore({ file: path.join(dir, 'read.db') });
  let runner = await startProjections({ bus: createInProcessBus(store), readStore, projections: [logTreeProjection], logger });
  for (let i = 0; i < 23; i++) await store.append(`notes-${i % 3}`, [note(i)], { expectedRevision: 'any' });
  await runner.waitFor(await store.headPosition());
  await runner.stop();
  await readStore.close();
  // On from its checkpoint, several events per append; a tree head's own event last.
  readStore = new SqliteReadStore({ file: path.join(dir, 'read.db') });
  runner = await startProjections({ bus: createInProcessBus(store), readStore, projections: [logTreeProjection], logger });
  for (let i = 23; i < 40; i += 4) await store.append('notes-x', [note(i), note(i + 1), note(i + 2), note(i + 3)], { expectedRevision: 'any' });
  await store.append(treeHeadsStreamId, [{ id: randomUUID(), type: 'TreeHeadWitnessed', data: {} }], { expectedRevision: 'any' });
  await runner.waitFor(await store.headPosition());

  const events: RecordedEvent[] = await store.readAll();
  const leaves = events.map((e) => leafHash(canonicalEvent(e)));
  const now = await logTreeNow(readStore);
  expect(now).toMatchObject({ size: events.length, lastPosition: events[events.length - 1]!.position, grownTo: events.length - 1 });
  expect(now.rootHash).toBe(mth(leaves).toString('hex'));
  for (let size = 1; size <= events.length; size++) expect(await logTreeRoot(readStore, size)).toBe(mth(leaves.slice(0, size)).toString('hex'));

  const indexes = await leafIndexes(
    readStore,
    events.map((e) => e.position),
  );
  expect(events.map((e) => indexes.get(e.position))).toEqual(events.map((_, i) => i));
  for (const size of [17, 32, events.length]) {
    const root = mth(leaves.slice(0, size));
    const proofs = await inclusionProofs(
      readStore,
      events.slice(0, size).map((_, i) => i),
      size,
    );
    for (let i = 0; i < size; i++) {
      const proof = proofs.get(i)!.map((h) => Buffer.from(h, 'hex'));
      expect(verifyInclusion(leaves[i]!, i, size, proof, root)).toBe(true);
    }
  }
  await expect(inclusionProofs(readStore, [0], events.length + 1)).rejects.toThrow(/has not reached that size/);
  await runner.stop();
  await readStore.close();
  await store.close();
});
