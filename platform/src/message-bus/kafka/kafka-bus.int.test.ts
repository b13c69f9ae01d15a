/**
 * The MessageBus contract on Kafka, fed by the relay from a SQLite store, and what only a
 * distributed bus has to show: members of a group sharing partitions and taking over unsettled
 * work, dead letters, and a relay that resumes. Broker: see testing/kafka.ts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kafka } from 'kafkajs';
import type { RecordedEvent } from '../../event-store/port';
import { SqliteEventStore } from '../../event-store/sqlite/sqlite-event-store';
import { createLogger } from '../../logging/logger';
import { SqliteReadStore } from '../../read-store/sqlite/sqlite-read-store';
import { kafkaServer, testKafka } from '../../../testing/kafka';
import { messageBusContract } from '../contract-suite';
import { supervise } from '../supervise';
import { createKafkaBus, type KafkaBus } from './kafka-bus';
import { startKafkaRelay, type KafkaRelay } from './relay';

const logger = createLogger({ level: 'silent' });
const dir = mkdtempSync(path.join(tmpdir(), 'ws-kafka-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function until(cond: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Env {
  kafka: Kafka;
  store: SqliteEventStore;
  readStore: SqliteReadStore;
  relay: KafkaRelay;
  bus: KafkaBus;
  prefix: string;
  close(): Promise<void>;
}

async function openEnv(name: string, partitions = 3): Promise<Env> {
  const brokers = await kafkaServer.get();
  const kafka = testKafka(brokers, `test-${name}`);
  const file = path.join(dir, `${name}.db`);
  const store = new SqliteEventStore({ file, pollIntervalMs: 10 });
  const readStore = new SqliteReadStore({ file });
  const prefix = `test.${name}`;
  const relay = await startKafkaRelay({ kafka, store, checkpoints: readStore, topicPrefix: prefix, partitions, logger });
  const bus = await createKafkaBus({ kafka, store, topicPrefix: prefix, partitions, logger, sessionTimeoutMs: 6_000 });
  const env: Env = {
    kafka,
    store,
    readStore,
    relay,
    bus,
    prefix,
    async close() {
      await bus.close();
      // The relay in use now: a test may have replaced it.
      await env.relay.stop();
      const admin = kafka.admin();
      await admin.connect();
      await admin.deleteTopics({ topics: Object.values(bus.topics) }).catch(() => undefined);
      await admin.disconnect();
      await store.close();
      await readStore.close();
    },
  };
  return env;
}

if (kafkaServer.skipReason) {
  console.warn(`Kafka message-bus suites skipped: ${kafkaServer.skipReason}.`);
  describe.skip('MessageBus contract: Kafka (no broker)', () => {
    it('needs TEST_KAFKA_BROKERS or a container engine', () => undefined);
  });
} else {
  jest.setTimeout(90_000);
  afterAll(() => kafkaServer.stop(), 60_000);

  messageBusContract('Kafka (kafkajs), fed by the relay from a SQLite store', {
    open: async (name) => {
      const env = await openEnv(name.replace(/-$/, ''));
      return { store: env.store, bus: env.bus, close: () => env.close() };
    },
  });

  describe('Kafka bus: groups that share the work', () => {
    let env: Env;
    beforeEach(async () => {
      env = await openEnv(`k${randomUUID().slice(0, 8)}`);
    });
    afterEach(() => env.close());
    const append = (stream: string, type: string, data: unknown = {}) =>
      env.store.append(`${env.prefix}-${stream}`, [{ id: randomUUID(), type, data }], { expectedRevision: 'any' });

    it('spreads events over the members, and hands a closed member’s unsettled events to the other', async () => {
      const group = `${env.prefix}-workers`;
      const seenA: RecordedEvent[] = [];
      const seenB: RecordedEvent[] = [];
      const blockA = new Promise<void>(() => undefined);
      // Kept running as the workers are (supervise), saying why when a member had to start again.
      const member = (name: string, handler: (e: RecordedEvent) => Promise<void>) =>
        supervise(
          () => env.bus.consume({ group, progress: 'bus', concurrency: 8, startAfter: async () => 0, filter: { eventTypes: ['Job'] } }, ([e]) => handler(e!)),
          (error, delayMs) => console.warn(`member ${name} failed, starting again in ${delayMs} ms:`, error),
        );
      const a = member('A', async (e) => {
        seenA.push(e);
        await blockA; // member A never finishes: as if killed in the middle
      });
      await new Promise((r) => setTimeout(r, 1500));
      for (let i = 0; i < 12; i++) await append(`s${i}`, 'Job', { i });
      await until(() => seenA.length > 0, 'member A to take events');
      const b = member('B', async (e) => void seenB.push(e));
      await a.close();
      await until(() => new Set(seenB.map((e) => (e.data as { i: number }).i)).size === 12, 'member B to handle every job A had not settled', 60_000);
      await b.close();
    });

    it('sets a message that is not an event, and an event that keeps failing, aside as dead letters and goes on', async () => {
      const producer = env.kafka.producer();
      await producer.connect();
      await producer.send({ topic: env.bus.topics.byStream, messages: [{ key: 'x', value: 'this is not an event' }] });
      await producer.disconnect();
      const handled: string[] = [];
      const group = `${env.prefix}-dlq`;
      const c = env.bus.consume({ group, progress: 'bus', maxAttempts: 2, startAfter: async () => 0 }, async ([e]) => {
        if (e!.type === 'Poison') throw new Error('cannot handle this one');
        handled.push(e!.type);
      });
      await append('p', 'Poison');
      await append('q', 'Fine');
      await until(() => handled.includes('Fine'), 'the event after the poison');

      const letters: Array<{ error: string; event?: RecordedEvent; value?: string }> = [];
      const reader = env.kafka.consumer({ groupId: `${env.prefix}-reader` });
      await reader.connect();
      await reader.subscribe({ topic: env.bus.topics.deadLetters, fromBeginning: true });
      await reader.run({ eachMessage: async ({ message }) => void letters.push(JSON.parse(message.value!.toString()) as (typeof letters)[number]) });
      await until(() => letters.length >= 2, 'two dead letters');
      await reader.disconnect();
      expect(letters.find((l) => l.value === 'this is not an event')?.error).toMatch(/not an event/);
      expect(letters.find((l) => l.event?.type === 'Poison')?.error).toBe('cannot handle this one');
      await c.close();
    });

    it('resumes a stopped relay from its checkpoint: every event arrives once in order', async () => {
      const seen: RecordedEvent[] = [];
      const c = env.bus.consume(
        { group: `${env.prefix}-p`, startAfter: async () => 0, filter: { streamPrefixes: [env.prefix] } },
        async (events) => void seen.push(...events),
      );
      for (let i = 0; i < 5; i++) await append('r', 'N', { i });
      await env.relay.waitFor(await env.store.headPosition());
      await env.relay.stop();
      for (let i = 5; i < 10; i++) await append('r', 'N', { i });
      env.relay = await startKafkaRelay({ kafka: env.kafka, store: env.store, checkpoints: env.readStore, topicPrefix: env.prefix, partitions: 3, logger });
      await until(() => seen.length >= 10, 'ten events');
      await new Promise((r) => setTimeout(r, 300));
      expect(seen.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      await c.close();
    });
  });
}
