/**
 * The MessageBus contract: every adapter runs it (in-process now, Kafka in the distributed profile).
 * `open(name)` gives a store to append to and a bus that carries that store's events.
 */
import { randomUUID } from 'node:crypto';
import type { EventStore, RecordedEvent } from '../event-store/port';
import type { MessageBus } from './port';

export interface MessageBusContractOptions {
  open(name: string): Promise<{ store: EventStore; bus: MessageBus; close(): Promise<void> }>;
}

async function until(cond: () => boolean, what: string, ms = 15_000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export function messageBusContract(adapter: string, options: MessageBusContractOptions): void {
  describe(`MessageBus contract: ${adapter}`, () => {
    let env: Awaited<ReturnType<MessageBusContractOptions['open']>>;
    let prefix: string;
    const append = (stream: string, type: string, data: unknown = {}) =>
      env.store.append(`${prefix}${stream}`, [{ id: randomUUID(), type, data }], { expectedRevision: 'any' });

    beforeEach(async () => {
      prefix = `b${randomUUID().slice(0, 8)}-`;
      env = await options.open(prefix);
    });
    afterEach(async () => {
      await env.bus.close();
      await env.close();
    });

    it('delivers every committed event to each group, in order per stream', async () => {
      const a: RecordedEvent[] = [];
      const b: RecordedEvent[] = [];
      const filter = { streamPrefixes: [prefix] };
      env.bus.consume({ group: `${prefix}a`, filter, startAfter: async () => 0 }, async (events) => void a.push(...events));
      env.bus.consume({ group: `${prefix}b`, filter, startAfter: async () => 0 }, async (events) => void b.push(...events));
      for (let i = 0; i < 20; i++) await append(`s${i % 3}`, 'Numbered', { i });
      await until(() => a.length >= 20 && b.length >= 20, 'both groups to see 20 events');
      for (const seen of [a, b]) {
        for (const s of ['s0', 's1', 's2']) {
          const revisions = seen.filter((e) => e.streamId === `${prefix}${s}`).map((e) => e.revision);
          expect(revisions).toEqual([...revisions].sort((x, y) => x - y));
        }
        expect(new Set(seen.map((e) => (e.data as { i: number }).i)).size).toBe(20);
      }
    });

    it('starts a new group after the position it asks for, and filters by type', async () => {
      await append('x', 'Old');
      const head = await env.store.headPosition();
      await append('x', 'New');
      await append('x', 'Ignored');
      const seen: RecordedEvent[] = [];
      env.bus.consume(
        { group: `${prefix}late`, filter: { streamPrefixes: [prefix], eventTypes: ['Old', 'New'] }, startAfter: async () => head },
        async (events) => void seen.push(...events),
      );
      await until(() => seen.length >= 1, 'the new event');
      await new Promise((r) => setTimeout(r, 200));
      expect(seen.map((e) => e.type)).toEqual(['New']);
    });

    it('tells whether a group that keeps its progress on the bus ran before: not until it settled an event', async () => {
      const group = `${prefix}p`;
      expect(await env.bus.hasProgress(group)).toBe(false);
      const seen: RecordedEvent[] = [];
      const consumer = env.bus.consume(
        { group, filter: { streamPrefixes: [prefix] }, progress: 'bus', startAfter: async () => 0 },
        async (events) => void seen.push(...events),
      );
      expect(await env.bus.hasProgress(group)).toBe(false);
      await append('p', 'Settled');
      await until(() => seen.length === 1, 'the event');
      const end = Date.now() + 15_000;
      while (!(await env.bus.hasProgress(group)) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(await env.bus.hasProgress(group)).toBe(true);
      await consumer.close();
      expect(await env.bus.hasProgress(group)).toBe(true);
      expect(await env.bus.hasProgress(`${prefix}other`)).toBe(false);
    });

    it('reports a failing handler through done, and stops on close', async () => {
      await append('y', 'Boom');
      const failing = env.bus.consume({ group: `${prefix}f`, filter: { streamPrefixes: [prefix] }, startAfter: async () => 0 }, async () => {
        throw new Error('handler failed');
      });
      await expect(failing.done).rejects.toThrow('handler failed');
      const quiet = env.bus.consume({ group: `${prefix}q`, filter: { streamPrefixes: [prefix] }, startAfter: async () => 0 }, async () => undefined);
      await quiet.close();
      await expect(quiet.done).resolves.toBeUndefined();
    });
  });
}
