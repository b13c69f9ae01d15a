/**
 * Only one relay publishes: two relay processes (bundled from relay-main.ts, as `npm run build`
 * makes dist/server/relay.cjs) on one real SQLite file and a real Kafka broker (TEST_KAFKA_BROKERS,
 * see platform/src/testing/kafka.ts; skipped without one). The second says that another relay holds
 * the lease and waits; when the first is killed (SIGKILL) it takes over once the lease expired and
 * publishes what the first left, each event once.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '@walletscreen/platform/adapters';
import { kafkaServer, testKafka } from '@walletscreen/platform/testing/kafka';
import { kafkaTopics } from '@walletscreen/platform/message-bus/kafka/topics';
import { bundleServerProcesses, startServerProcess, stopServerProcess, type ServerProcess } from './support/server-processes';

const root = path.resolve(__dirname, '..');
const LEASE_MS = 3_000;

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const logOf = (proc: ServerProcess) => {
  try {
    return readFileSync(proc.log, 'utf8');
  } catch {
    return '';
  }
};

if (kafkaServer.skipReason) {
  console.warn(`relay lease suite skipped: ${kafkaServer.skipReason}.`);
  describe.skip('relay lease (no Kafka broker)', () => {
    it('needs a broker', () => undefined);
  });
} else {
  describe('relay lease across processes', () => {
    const run = randomUUID().slice(0, 8);
    const dir = mkdtempSync(path.join(tmpdir(), 'ws-relay-lease-'));
    const dataDir = path.join(dir, 'data');
    const bundles = path.join(root, 'dist', 'test', `relay-lease-${run}`);
    const prefix = `test.relay-lease-${run}`;
    const procs: ServerProcess[] = [];
    afterAll(async () => {
      await Promise.all(procs.map((p) => stopServerProcess(p, 'SIGKILL')));
      rmSync(dir, { recursive: true, force: true });
      rmSync(bundles, { recursive: true, force: true });
      await kafkaServer.stop();
    }, 60_000);

    it('a second relay waits while the first holds the lease, and takes over when the first is killed, publishing each event once', async () => {
      mkdirSync(dataDir, { recursive: true });
      const brokers = await kafkaServer.get();
      bundleServerProcesses(root, bundles, ['relay']);
      const env = {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        KAFKA_BROKERS: brokers.join(','),
        KAFKA_TOPIC_PREFIX: prefix,
        KAFKA_PARTITIONS: '2',
        RELAY_LEASE_MS: String(LEASE_MS),
        SQLITE_POLL_MS: '20',
        SANCTIONS_SYNC_INTERVAL_HOURS: '0',
        FEEDS_SYNC_INTERVAL_HOURS: '0',
      };
      const store = new SqliteEventStore({ file: path.join(dataDir, 'walletscreen.db') });
      const append = async (from: number, count: number) => {
        for (let i = from; i < from + count; i++)
          await store.append(`thing-${i}`, [{ id: randomUUID(), type: 'ThingHappened', data: { i } }], { expectedRevision: 'no-stream' });
      };

      // What reaches the ordered topic, by position.
      const kafka = testKafka(brokers, `relay-lease-${run}`);
      const seen: number[] = [];
      const consumer = kafka.consumer({ groupId: `${prefix}.observer` });
      try {
        const first = await startServerProcess({ root, bundles, kind: 'relay', name: 'relay-1', env, log: path.join(dir, 'relay-1.log') });
        procs.push(first);
        await until(() => logOf(first).includes('this relay holds the lease relay-kafka'), 'the first relay to take the lease');
        const second = await startServerProcess({ root, bundles, kind: 'relay', name: 'relay-2', env, log: path.join(dir, 'relay-2.log') });
        procs.push(second);
        await until(
          () => logOf(second).includes('another relay holds the lease relay-kafka; waiting to take over when it expires'),
          'the second relay to say it waits',
        );

        const admin = kafka.admin();
        await admin.connect();
        await until(async () => (await admin.listTopics()).includes(kafkaTopics(prefix).events), 'the relay to create its topics');
        await admin.disconnect();
        await consumer.connect();
        await consumer.subscribe({ topic: kafkaTopics(prefix).events, fromBeginning: true });
        await consumer.run({ eachMessage: async ({ message }) => void seen.push(Number(message.headers?.position?.toString())) });

        await append(0, 40);
        await until(() => seen.length >= 40, 'the first relay to publish 40 events');
        // Well past a lease period: the second still waits, and publishes nothing.
        await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 1.5));
        expect(logOf(second)).not.toContain('this relay holds the lease');
        expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));

        const killedAt = Date.now();
        await stopServerProcess(first, 'SIGKILL');
        await append(40, 40);
        await until(() => logOf(second).includes('this relay holds the lease relay-kafka'), 'the second relay to take over', LEASE_MS * 4);
        const tookOverAfter = Date.now() - killedAt;
        await until(() => seen.length >= 80, 'the second relay to publish the rest');
        await new Promise((resolve) => setTimeout(resolve, 500));
        // Not before the lease expired (its last renewal was at most a quarter period before the kill).
        expect(tookOverAfter).toBeGreaterThanOrEqual(LEASE_MS / 2);
        expect(seen).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
      } finally {
        await consumer.disconnect();
        await store.close();
      }
    }, 120_000);
  });
}
