import type { RecordedEvent } from '../event-store/port';
import { SettlingQueue } from './settling-queue';

const event = (position: number, streamId: string): RecordedEvent => ({
  id: `e${position}`,
  type: 'T',
  data: {},
  metadata: {},
  streamId,
  revision: 0,
  position,
  recordedAt: new Date(0).toISOString(),
});

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

it('keeps one stream in order while other streams run, and reports progress only up to the oldest unsettled event', async () => {
  const gates = new Map<number, ReturnType<typeof deferred>>();
  const started: number[] = [];
  const settled: Array<[string, number]> = [];
  const q = new SettlingQueue({
    concurrency: 10,
    maxAttempts: 1,
    handle: async (e) => {
      started.push(e.position);
      const gate = deferred();
      gates.set(e.position, gate);
      await gate.promise;
    },
    deadLetter: async () => undefined,
    settled: (lane, seq) => settled.push([lane, seq]),
    failed: (error) => {
      throw error;
    },
  });
  q.push('p0', 1, event(1, 'a'));
  q.push('p0', 2, event(2, 'a'));
  q.push('p0', 3, event(3, 'b'));
  await new Promise((r) => setImmediate(r));
  expect(started).toEqual([1, 3]);
  gates.get(3)!.resolve();
  await new Promise((r) => setImmediate(r));
  expect(settled).toEqual([]);
  gates.get(1)!.resolve();
  await new Promise((r) => setImmediate(r));
  expect(started).toEqual([1, 3, 2]);
  expect(settled).toEqual([['p0', 1]]);
  gates.get(2)!.resolve();
  await q.idle();
  expect(settled).toEqual([
    ['p0', 1],
    ['p0', 3],
  ]);
});

it('waits for a slot when full, retries a failing event and dead-letters it after its last attempt', async () => {
  const attempts = new Map<number, number>();
  const letters: Array<[number, string, number]> = [];
  const settled: number[] = [];
  const q = new SettlingQueue({
    concurrency: 1,
    maxAttempts: 3,
    retryDelayMs: () => 1,
    handle: async (e) => {
      attempts.set(e.position, (attempts.get(e.position) ?? 0) + 1);
      if (e.position === 1) throw new Error('poison');
    },
    deadLetter: async (e, error, n) => void letters.push([e.position, (error as Error).message, n]),
    settled: (_lane, seq) => settled.push(seq),
    failed: (error) => {
      throw error;
    },
  });
  q.push('l', 1, event(1, 'a'));
  let waited = false;
  const slot = q.slot().then(() => (waited = true));
  await new Promise((r) => setImmediate(r));
  expect(waited).toBe(false);
  await slot;
  q.push('l', 2, event(2, 'b'));
  await q.idle();
  expect(attempts).toEqual(
    new Map([
      [1, 3],
      [2, 1],
    ]),
  );
  expect(letters).toEqual([[1, 'poison', 3]]);
  expect(settled).toEqual([1, 2]);
});

it('fails the queue when a dead letter cannot be recorded, and reports no progress after that', async () => {
  const failures: unknown[] = [];
  const settled: number[] = [];
  const q = new SettlingQueue({
    concurrency: 2,
    maxAttempts: 1,
    handle: async (e) => {
      if (e.position === 1) throw new Error('poison');
    },
    deadLetter: async () => {
      throw new Error('dead-letter topic unavailable');
    },
    settled: (_lane, seq) => settled.push(seq),
    failed: (error) => failures.push(error),
  });
  q.push('l', 1, event(1, 'a'));
  await q.idle();
  q.push('l', 2, event(2, 'b'));
  await q.idle();
  expect(failures).toHaveLength(1);
  expect(settled).toEqual([]);
});
