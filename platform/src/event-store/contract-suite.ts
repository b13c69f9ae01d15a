/**
 * The EventStore contract: every adapter runs this suite (SQLite now, EventStoreDB in the
 * distributed profile). `open(name)` opens a store whose data survives until `destroy(name)`;
 * opening the same name again after closing must see the same events (a process restart).
 */
import { randomUUID } from 'node:crypto';
import { DuplicateEventId, WrongExpectedRevision, type EventStore, type RecordedEvent } from './port';

export interface EventStoreContractOptions {
  open(name: string): Promise<EventStore>;
  destroy?(name: string): Promise<void>;
}

const ev = (type: string, data: unknown = {}, id = randomUUID()) => ({ id, type, data, metadata: { by: 'contract' } });

export function eventStoreContract(adapter: string, options: EventStoreContractOptions): void {
  describe(`EventStore contract: ${adapter}`, () => {
    let store: EventStore;
    let name: string;
    // Stream ids are unique per test so adapters with shared servers stay independent.
    let s: (n: string) => string;

    beforeEach(async () => {
      name = `c${randomUUID().slice(0, 8)}`;
      s = (n) => `${name}-${n}`;
      store = await options.open(name);
    });
    afterEach(async () => {
      await store.close();
      await options.destroy?.(name);
    });

    it('appends to a new stream with no-stream and reads it back in order', async () => {
      const r = await store.append(s('a'), [ev('A', { n: 1 }), ev('B', { n: 2 })], { expectedRevision: 'no-stream' });
      expect(r.nextExpectedRevision).toBe(1);
      const events = await store.readStream(s('a'));
      expect(events.map((e) => [e.type, e.revision, e.data])).toEqual([
        ['A', 0, { n: 1 }],
        ['B', 1, { n: 2 }],
      ]);
      expect(events[0]!.metadata).toEqual({ by: 'contract' });
      expect(events[1]!.position).toBeGreaterThan(events[0]!.position);
      expect(r.position).toBe(events[1]!.position);
      expect(Number.isNaN(Date.parse(events[0]!.recordedAt))).toBe(false);
    });

    it('reads an unknown stream as empty and reports no-stream', async () => {
      expect(await store.readStream(s('none'))).toEqual([]);
      expect(await store.streamRevision(s('none'))).toBe('no-stream');
    });

    it('rejects no-stream on an existing stream and leaves it unchanged', async () => {
      await store.append(s('a'), [ev('A')], { expectedRevision: 'no-stream' });
      await expect(store.append(s('a'), [ev('B')], { expectedRevision: 'no-stream' })).rejects.toBeInstanceOf(WrongExpectedRevision);
      expect((await store.readStream(s('a'))).map((e) => e.type)).toEqual(['A']);
    });

    it('appends at an exact revision and rejects a stale one', async () => {
      await store.append(s('a'), [ev('A')], { expectedRevision: 'no-stream' });
      await store.append(s('a'), [ev('B')], { expectedRevision: 0 });
      const stale = store.append(s('a'), [ev('C')], { expectedRevision: 0 });
      await expect(stale).rejects.toMatchObject({ name: 'WrongExpectedRevision', actual: 1 });
      await expect(store.append(s('b'), [ev('C')], { expectedRevision: 0 })).rejects.toBeInstanceOf(WrongExpectedRevision);
      expect(await store.streamRevision(s('a'))).toBe(1);
    });

    it('checks stream-exists and accepts any', async () => {
      await expect(store.append(s('a'), [ev('A')], { expectedRevision: 'stream-exists' })).rejects.toBeInstanceOf(WrongExpectedRevision);
      await store.append(s('a'), [ev('A')], { expectedRevision: 'any' });
      await store.append(s('a'), [ev('B')], { expectedRevision: 'any' });
      await store.append(s('a'), [ev('C')], { expectedRevision: 'stream-exists' });
      expect((await store.readStream(s('a'))).map((e) => e.revision)).toEqual([0, 1, 2]);
    });

    it('lets exactly one of many concurrent appends at the same revision win', async () => {
      await store.append(s('a'), [ev('A')], { expectedRevision: 'no-stream' });
      const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => store.append(s('a'), [ev('B', { i })], { expectedRevision: 0 })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(rejected.every((r) => r.reason instanceof WrongExpectedRevision)).toBe(true);
      expect(await store.readStream(s('a'))).toHaveLength(2);
    });

    it('is idempotent on event ids: the same write again changes nothing and answers the same', async () => {
      const batch = [ev('A'), ev('B')];
      const first = await store.append(s('a'), batch, { expectedRevision: 'no-stream' });
      const again = await store.append(s('a'), batch, { expectedRevision: 'no-stream' });
      const againAny = await store.append(s('a'), batch, { expectedRevision: 'any' });
      expect(first.duplicate).toBeFalsy();
      expect(again).toEqual({ ...first, duplicate: true });
      expect(againAny).toEqual({ ...first, duplicate: true });
      expect(await store.readStream(s('a'))).toHaveLength(2);
    });

    it('rejects a write that repeats only some earlier event ids, or repeats them on another stream', async () => {
      const a = ev('A');
      await store.append(s('a'), [a], { expectedRevision: 'no-stream' });
      await expect(store.append(s('a'), [a, ev('B')], { expectedRevision: 'any' })).rejects.toBeInstanceOf(DuplicateEventId);
      await expect(store.append(s('b'), [a], { expectedRevision: 'any' })).rejects.toBeInstanceOf(DuplicateEventId);
      expect(await store.readStream(s('a'))).toHaveLength(1);
      expect(await store.readStream(s('b'))).toHaveLength(0);
    });

    it('reads all events in global order from a position, with paging and filters', async () => {
      const start = await store.headPosition();
      await store.append(s('x'), [ev('X1')], { expectedRevision: 'no-stream' });
      await store.append(s('y'), [ev('Y1')], { expectedRevision: 'no-stream' });
      await store.append(s('x'), [ev('X2')], { expectedRevision: 0 });
      const all = await store.readAll({ after: start });
      expect(all.map((e) => e.type)).toEqual(['X1', 'Y1', 'X2']);
      expect(await store.headPosition()).toBe(all[2]!.position);
      expect((await store.readAll({ after: all[0]!.position, maxCount: 1 })).map((e) => e.type)).toEqual(['Y1']);
      expect((await store.readAll({ after: start, filter: { eventTypes: ['X2', 'Y1'] } })).map((e) => e.type)).toEqual(['Y1', 'X2']);
      expect((await store.readAll({ after: start, filter: { streamPrefixes: [s('y')] } })).map((e) => e.type)).toEqual(['Y1']);
      expect((await store.readStream(s('x'), { fromRevision: 1 })).map((e) => e.type)).toEqual(['X2']);
    });

    it('lists the ids of the streams that hold events, by prefix, in order, paged', async () => {
      for (const id of ['user-b', 'user-a', 'check-1', 'user-c']) await store.append(s(id), [ev('A'), ev('B')], { expectedRevision: 'no-stream' });
      await store.append(s('user-a'), [ev('C')], { expectedRevision: 1 });
      expect(await store.listStreams({ prefix: s('user-'), limit: 10 })).toEqual([s('user-a'), s('user-b'), s('user-c')]);
      expect(await store.listStreams({ prefix: s('user-'), limit: 2 })).toEqual([s('user-a'), s('user-b')]);
      expect(await store.listStreams({ prefix: s('user-'), after: s('user-b'), limit: 10 })).toEqual([s('user-c')]);
      expect(await store.listStreams({ prefix: s('check-'), limit: 10 })).toEqual([s('check-1')]);
      expect(await store.listStreams({ prefix: s('case-'), limit: 10 })).toEqual([]);
      expect(await store.listStreams({ prefix: s(''), limit: 0 })).toEqual([]);
      // Without a prefix: every stream, these among them, in order.
      const all = await store.listStreams({ limit: 10_000 });
      expect(all.filter((id) => id.startsWith(name))).toEqual([s('check-1'), s('user-a'), s('user-b'), s('user-c')]);
      expect([...all].sort()).toEqual(all);
    });

    it('subscribes: catches up from a position, then follows live appends, in order', async () => {
      const start = await store.headPosition();
      await store.append(s('a'), [ev('A1'), ev('A2')], { expectedRevision: 'no-stream' });
      const first = (await store.readAll({ after: start }))[0]!;
      const seen: RecordedEvent[] = [];
      let notify = () => undefined as void;
      const sub = store.subscribe({ after: first.position, filter: { streamPrefixes: [name] } }, (batch) => {
        seen.push(...batch);
        notify();
      });
      const waitFor = (n: number) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`saw ${seen.length} of ${n} events`)), 10_000);
          notify = () => {
            if (seen.length >= n) {
              clearTimeout(timer);
              resolve();
            }
          };
          notify();
        });
      await waitFor(1);
      await store.append(s('b'), [ev('B1')], { expectedRevision: 'no-stream' });
      await store.append(s('a'), [ev('A3')], { expectedRevision: 1 });
      await waitFor(3);
      await sub.close();
      expect(seen.map((e) => e.type)).toEqual(['A2', 'B1', 'A3']);
      const positions = seen.map((e) => e.position);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
      await expect(sub.done).resolves.toBeUndefined();
    });

    it('stops a subscription whose handler throws, and reports the error', async () => {
      const start = await store.headPosition();
      await store.append(s('a'), [ev('A')], { expectedRevision: 'no-stream' });
      const sub = store.subscribe({ after: start }, () => {
        throw new Error('handler failed');
      });
      await expect(sub.done).rejects.toThrow('handler failed');
    });

    it('keeps every event across a restart', async () => {
      const start = await store.headPosition();
      await store.append(s('a'), [ev('A', { kept: true })], { expectedRevision: 'no-stream' });
      await store.close();
      store = await options.open(name);
      const events = await store.readStream(s('a'));
      expect(events.map((e) => e.data)).toEqual([{ kept: true }]);
      expect((await store.readAll({ after: start })).map((e) => e.type)).toEqual(['A']);
      await store.append(s('a'), [ev('B')], { expectedRevision: 0 });
      expect(await store.streamRevision(s('a'))).toBe(1);
    });
  });
}
