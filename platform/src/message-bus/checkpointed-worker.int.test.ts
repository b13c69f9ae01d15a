import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RecordedEvent } from '../event-store/port';
import { createLogger } from '../logging/logger';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { SqliteReadStore } from '../read-store/sqlite/sqlite-read-store';
import { createInProcessBus } from './in-process/in-process-bus';
import { startWorker } from './checkpointed-worker';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const logger = createLogger({ level: 'silent' });

function open() {
  const file = path.join(dir, 'w.db');
  const eventStore = new SqliteEventStore({ file, pollIntervalMs: 20 });
  const readStore = new SqliteReadStore({ file });
  return { eventStore, readStore, bus: createInProcessBus(eventStore), logger };
}
const until = async (cond: () => boolean) => {
  for (let i = 0; i < 1000 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(cond()).toBe(true);
};

it('handles each wanted event in order, and after a restart resumes after the last one it finished', async () => {
  let s = open();
  const seen: RecordedEvent[] = [];
  let w = startWorker(s, { name: 'echo', filter: { eventTypes: ['Wanted'] }, handle: async (e) => void seen.push(e) });
  for (const [i, type] of ['Wanted', 'Other', 'Wanted'].entries()) {
    await s.eventStore.append(`t-${i}`, [{ id: randomUUID(), type, data: { i } }], { expectedRevision: 'no-stream' });
  }
  await until(() => seen.length === 2);
  await w.stop();
  await s.eventStore.close();
  await s.readStore.close();

  s = open();
  await s.eventStore.append('t-3', [{ id: randomUUID(), type: 'Wanted', data: { i: 3 } }], { expectedRevision: 'no-stream' });
  w = startWorker(s, { name: 'echo', filter: { eventTypes: ['Wanted'] }, handle: async (e) => void seen.push(e) });
  await until(() => seen.length === 3);
  expect(seen.map((e) => (e.data as { i: number }).i)).toEqual([0, 2, 3]);
  await w.stop();
  await s.eventStore.close();
  await s.readStore.close();
});

it('restarts after a failing event and handles it again, from its checkpoint', async () => {
  const s = open();
  const attempts: number[] = [];
  let failOnce = true;
  const w = startWorker(s, {
    name: 'flaky',
    filter: { eventTypes: ['Flaky'] },
    handle: async (e) => {
      attempts.push(e.position);
      if (failOnce) {
        failOnce = false;
        throw new Error('provider timed out');
      }
    },
  });
  await s.eventStore.append(`f-${randomUUID()}`, [{ id: randomUUID(), type: 'Flaky', data: {} }], { expectedRevision: 'no-stream' });
  await until(() => attempts.length === 2);
  expect(attempts[0]).toBe(attempts[1]);
  await w.stop();
  await s.eventStore.close();
  await s.readStore.close();
});
