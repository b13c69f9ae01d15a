import type { RecordedEvent } from '../port';
import { backoffDelay, resubscribingSubscription, type LiveEventSource } from './resubscribing-subscription';

const event = (position: number, streamId = 's-1', type = 'T'): RecordedEvent => ({
  id: `id-${position}`,
  type,
  data: {},
  metadata: {},
  streamId,
  revision: 0,
  position,
  recordedAt: '2026-01-01T00:00:00.000Z',
});

/**
 * A fake $all: a log of events; each `open(after)` is one connection that delivers the events
 * after `after` (inclusive of `after` itself when present, as EventStoreDB reads positions), then
 * follows appends until `drop()` fails it.
 */
class FakeSource implements LiveEventSource {
  readonly log: RecordedEvent[] = [];
  readonly opens: number[] = [];
  private readonly connections = new Set<{ wake: () => void; fail: Error | null }>();
  failNextOpens = 0;

  append(...events: RecordedEvent[]) {
    this.log.push(...events);
    for (const c of this.connections) c.wake();
  }

  drop(error = new Error('connection reset')) {
    for (const c of this.connections) {
      c.fail = error;
      c.wake();
    }
  }

  open(after: number, signal: AbortSignal): AsyncIterable<RecordedEvent> {
    this.opens.push(after);
    const failNow = this.failNextOpens > 0;
    if (failNow) this.failNextOpens -= 1;
    const log = this.log;
    const connections = this.connections;
    return {
      async *[Symbol.asyncIterator]() {
        if (failNow) throw new Error('unavailable');
        const connection = { wake: () => undefined as void, fail: null as Error | null };
        connections.add(connection);
        const onAbort = () => connection.wake();
        signal.addEventListener('abort', onAbort);
        try {
          let index = log.findIndex((e) => e.position >= after);
          if (index < 0) index = log.length;
          for (;;) {
            if (signal.aborted) return;
            if (connection.fail) throw connection.fail;
            if (index < log.length) {
              yield log[index++]!;
              continue;
            }
            await new Promise<void>((resolve) => {
              connection.wake = resolve;
            });
          }
        } finally {
          signal.removeEventListener('abort', onAbort);
          connections.delete(connection);
        }
      },
    };
  }
}

const until = async (condition: () => boolean, what: string) => {
  for (let i = 0; i < 500; i++) {
    if (condition()) return;
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('back-off', () => {
  it('grows exponentially from the initial delay up to the maximum', () => {
    const b = { initialMs: 100, maxMs: 1000, factor: 2 };
    expect([0, 1, 2, 3, 4, 10, 5000].map((a) => backoffDelay(a, b))).toEqual([100, 200, 400, 800, 1000, 1000, 1000]);
  });
});

describe('resubscribing subscription', () => {
  // Waits a turn of the event loop, as a real back-off would: a source that fails at once must not starve timers.
  const noSleep = { sleep: () => new Promise<void>((resolve) => setImmediate(resolve)) };

  it('catches up after a position (excluding it), then follows live events, in batches', async () => {
    const source = new FakeSource();
    source.append(event(10), event(20), event(30));
    const batches: number[][] = [];
    const sub = resubscribingSubscription(source, { after: 10, batchSize: 2, ...noSleep }, (b) => void batches.push(b.map((e) => e.position)));
    await until(() => batches.flat().length === 2, 'catch-up');
    source.append(event(40));
    await until(() => batches.flat().length === 3, 'live event');
    expect(batches.flat()).toEqual([20, 30, 40]);
    expect(batches.every((b) => b.length <= 2)).toBe(true);
    expect(sub.position).toBe(40);
    await sub.close();
    await expect(sub.done).resolves.toBeUndefined();
  });

  it('resubscribes from the last position seen after a drop, without repeating or skipping events', async () => {
    const source = new FakeSource();
    const drops: Array<[string, number, number]> = [];
    const sleeps: number[] = [];
    const seen: number[] = [];
    source.append(event(1), event(2));
    const sub = resubscribingSubscription(
      source,
      {
        backoff: { initialMs: 50, maxMs: 400, factor: 2 },
        onDrop: (error, attempt, delay) => drops.push([(error as Error).message, attempt, delay]),
        sleep: (ms) => {
          sleeps.push(ms);
          return new Promise<void>((resolve) => setImmediate(resolve));
        },
      },
      (b) => void seen.push(...b.map((e) => e.position)),
    );
    await until(() => seen.length === 2, 'first events');
    source.append(event(3));
    await until(() => seen.length === 3, 'third event');
    source.drop();
    // Two failed reconnects in a row, then a working one: the delay grows, then resets.
    source.failNextOpens = 2;
    await until(() => source.opens.length === 4, 'reconnects');
    source.append(event(4), event(5));
    await until(() => seen.length === 5, 'events after the drop');
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(source.opens).toEqual([0, 3, 3, 3]);
    expect(drops).toEqual([
      ['connection reset', 1, 50],
      ['unavailable', 2, 100],
      ['unavailable', 3, 200],
    ]);
    expect(sleeps).toEqual([50, 100, 200]);
    source.drop();
    await until(() => source.opens.length === 5, 'reconnect after events');
    expect(sleeps[3]).toBe(50);
    await sub.close();
  });

  it('treats a source that ends by itself as a drop', async () => {
    let opens = 0;
    const source: LiveEventSource = {
      open: (after) => {
        opens += 1;
        return (async function* () {
          if (after < 1) yield event(1);
          else if (opens < 4) return;
          else yield event(2);
        })();
      },
    };
    const seen: number[] = [];
    const sub = resubscribingSubscription(source, noSleep, (b) => void seen.push(...b.map((e) => e.position)));
    await until(() => seen.length === 2, 'both events');
    expect(seen).toEqual([1, 2]);
    await sub.close();
  });

  it('hands only accepted events to the handler but resumes after the last one seen', async () => {
    const source = new FakeSource();
    source.append(event(1, 'a-1'), event(2, '$stats'), event(3, 'a-2'), event(4, 'b-1'));
    const seen: number[] = [];
    const sub = resubscribingSubscription(
      source,
      { accept: (e) => e.streamId.startsWith('a-'), ...noSleep },
      (b) => void seen.push(...b.map((e) => e.position)),
    );
    await until(() => seen.length === 2, 'accepted events');
    source.drop();
    await until(() => source.opens.length === 2, 'reconnect');
    expect(source.opens[1]).toBe(4);
    expect(seen).toEqual([1, 3]);
    await sub.close();
  });

  it('stops when the handler throws and rejects done with its error, closing the source', async () => {
    const source = new FakeSource();
    source.append(event(1));
    const sub = resubscribingSubscription(source, noSleep, () => {
      throw new Error('handler failed');
    });
    await expect(sub.done).rejects.toThrow('handler failed');
    expect(sub.position).toBe(0);
    source.append(event(2));
    expect(source.opens).toEqual([0]);
  });

  it('closes while waiting in a back-off', async () => {
    const source: LiveEventSource = {
      open: () =>
        (async function* () {
          yield* [];
          throw new Error('down');
        })(),
    };
    const sub = resubscribingSubscription(source, { backoff: { initialMs: 60_000, maxMs: 60_000, factor: 1 } }, () => undefined);
    await new Promise((r) => setTimeout(r, 10));
    const started = Date.now();
    await sub.close();
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(sub.done).resolves.toBeUndefined();
  });
});
