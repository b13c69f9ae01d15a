import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RecordedEvent } from '../event-store/port';
import { createLogger } from '../logging/logger';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { SqliteReadStore } from '../read-store/sqlite/sqlite-read-store';
import { createInProcessBus } from './in-process/in-process-bus';
import { startWorker, type ConsumerStarts } from './checkpointed-worker';
import { DEAD_LETTERS } from './in-process/in-process-bus';
import type { DeadLetter } from './port';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const logger = createLogger({ level: 'silent' });

/** Where each type starts, as recorded (domain/src/consumer-start keeps them on a stream; here a fixed table): from the start unless named. */
const startsAt = (after: Readonly<Record<string, number>> = {}): ConsumerStarts => ({
  of: async (consumer) => new Map(consumer.eventTypes.map((t) => [t, after[t] ?? 0])),
});

function open(starts = startsAt()) {
  const file = path.join(dir, 'w.db');
  const eventStore = new SqliteEventStore({ file, pollIntervalMs: 20 });
  const readStore = new SqliteReadStore({ file });
  return { eventStore, readStore, bus: createInProcessBus(eventStore, { progress: readStore }), logger, starts };
}
const until = async (cond: () => boolean) => {
  for (let i = 0; i < 1000 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(cond()).toBe(true);
};

it('handles each wanted event in order, and after a restart resumes after the last one it finished', async () => {
  let s = open();
  const seen: RecordedEvent[] = [];
  let w = startWorker(s, { name: 'echo', eventTypes: ['Wanted'], handle: async (e) => void seen.push(e) });
  for (const [i, type] of ['Wanted', 'Other', 'Wanted'].entries()) {
    await s.eventStore.append(`t-${i}`, [{ id: randomUUID(), type, data: { i } }], { expectedRevision: 'no-stream' });
  }
  await until(() => seen.length === 2);
  await w.stop();
  await s.eventStore.close();
  await s.readStore.close();

  s = open();
  await s.eventStore.append('t-3', [{ id: randomUUID(), type: 'Wanted', data: { i: 3 } }], { expectedRevision: 'no-stream' });
  w = startWorker(s, { name: 'echo', eventTypes: ['Wanted'], handle: async (e) => void seen.push(e) });
  await until(() => seen.length === 3);
  expect(seen.map((e) => (e.data as { i: number }).i)).toEqual([0, 2, 3]);
  await w.stop();
  await s.eventStore.close();
  await s.readStore.close();
});

it('tries a failing event again before it moves on', async () => {
  const s = open();
  const attempts: number[] = [];
  let failOnce = true;
  const w = startWorker(s, {
    name: 'flaky',
    eventTypes: ['Flaky'],
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

it('sets an event that keeps failing aside as a dead letter, with its error, and goes on', async () => {
  const s = open();
  const handled: string[] = [];
  const w = startWorker(s, {
    name: `poison-${randomUUID().slice(0, 6)}`,
    eventTypes: ['Poison', 'Fine'],
    maxAttempts: 3,
    handle: async (e) => {
      if (e.type === 'Poison') throw new Error('cannot parse this one');
      handled.push(e.type);
    },
  });
  const poison = randomUUID();
  await s.eventStore.append(`p-${randomUUID()}`, [{ id: poison, type: 'Poison', data: {} }], { expectedRevision: 'no-stream' });
  await s.eventStore.append(`p-${randomUUID()}`, [{ id: randomUUID(), type: 'Fine', data: {} }], { expectedRevision: 'no-stream' });
  await until(() => handled.length === 1);
  const letters = await s.readStore.find<DeadLetter>(DEAD_LETTERS, {});
  const letter = letters.find((l) => l.event.id === poison);
  expect(letter).toMatchObject({ error: 'cannot parse this one', attempts: 3 });
  await w.stop();
  await s.eventStore.close();
  await s.readStore.close();
});

it('handles events of different streams at once and moves its checkpoint only past settled ones', async () => {
  const s = open();
  const name = `slow-${randomUUID().slice(0, 6)}`;
  const release = new Map<number, () => void>();
  let running = 0;
  let most = 0;
  const w = startWorker(s, {
    name,
    eventTypes: ['Slow'],
    concurrency: 4,
    handle: async (e) => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => release.set((e.data as { i: number }).i, resolve));
      running--;
    },
  });
  const positions: number[] = [];
  for (let i = 0; i < 4; i++)
    positions.push(
      (await s.eventStore.append(`slow-${randomUUID()}`, [{ id: randomUUID(), type: 'Slow', data: { i } }], { expectedRevision: 'no-stream' })).position,
    );
  await until(() => release.size === 4);
  expect(most).toBe(4);
  release.get(1)!();
  release.get(2)!();
  await new Promise((r) => setTimeout(r, 100));
  expect(await s.readStore.getCheckpoint(`worker-${name}`)).toBeLessThan(positions[0]!);
  release.get(0)!();
  await until(() => running === 1);
  for (let i = 0; i < 50 && (await s.readStore.getCheckpoint(`worker-${name}`)) !== positions[2]; i++) await new Promise((r) => setTimeout(r, 10));
  expect(await s.readStore.getCheckpoint(`worker-${name}`)).toBe(positions[2]);
  release.get(3)!();
  await w.stop();
  await s.eventStore.close();
  await s.readStore.close();
});

it('passes over the events of a type at or before where it starts that type, and handles the rest from its progress on', async () => {
  const name = `typed-${randomUUID().slice(0, 6)}`;
  let s = open();
  const seen: string[] = [];
  const handle = async (e: RecordedEvent) => void seen.push(`${e.type}:${(e.data as { i: number }).i}`);
  // An earlier build handled Failed only: its progress stands at the last Failed event.
  let w = startWorker(s, { name, eventTypes: ['Failed'], handle });
  const append = (type: string, i: number) => s.eventStore.append(`${name}-${i}`, [{ id: randomUUID(), type, data: { i } }], { expectedRevision: 'no-stream' });
  await append('Failed', 0);
  await until(() => seen.length === 1);
  await w.stop();
  // Decided before the upgrade: an Incomplete outcome (Completed) that build did not handle, and a failure it had not reached yet.
  await append('Completed', 1);
  await append('Failed', 2);
  const head = await s.eventStore.headPosition();
  await s.eventStore.close();
  await s.readStore.close();

  // Today's build handles Completed too, from the head: what the earlier build left is not acted on, its unsettled failure is.
  s = open(startsAt({ Completed: head }));
  w = startWorker(s, { name, eventTypes: ['Failed', 'Completed'], handle });
  await append('Completed', 3);
  await until(() => seen.length === 3);
  await new Promise((r) => setTimeout(r, 100));
  expect(seen).toEqual(['Failed:0', 'Failed:2', 'Completed:3']);
  await w.stop();
  await s.eventStore.close();
  await s.readStore.close();
});

it("starts a group with no progress after the earliest of its types' starts", async () => {
  const name = `fresh-${randomUUID().slice(0, 6)}`;
  const probe = open();
  const append = (type: string, i: number) =>
    probe.eventStore.append(`${name}-${i}`, [{ id: randomUUID(), type, data: { i } }], { expectedRevision: 'no-stream' });
  await append('A', 0);
  const afterFirst = await probe.eventStore.headPosition();
  await append('A', 1);
  await append('B', 2);
  const head = await probe.eventStore.headPosition();
  await probe.eventStore.close();
  await probe.readStore.close();

  const s = open(startsAt({ A: afterFirst, B: head }));
  const seen: string[] = [];
  const w = startWorker(s, { name, eventTypes: ['A', 'B'], handle: async (e) => void seen.push(`${e.type}:${(e.data as { i: number }).i}`) });
  await s.eventStore.append(`${name}-3`, [{ id: randomUUID(), type: 'B', data: { i: 3 } }], { expectedRevision: 'no-stream' });
  await until(() => seen.length === 2);
  expect(seen).toEqual(['A:1', 'B:3']);
  await w.stop();
  await s.eventStore.close();
  await s.readStore.close();
});
