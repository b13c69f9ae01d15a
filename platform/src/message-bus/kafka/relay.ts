import type { Kafka, Producer } from 'kafkajs';
import type { EventFilter, EventStore, RecordedEvent, Subscription } from '../../event-store/port';
import type { Logger } from '../../logging/logger';
import type { ReadStore } from '../../read-store/port';
import { checkpointWriter } from '../checkpoint-writer';
import { positionWaiters } from '../position-waiters';
import { supervise } from '../supervise';
import { ensureTopics, eventMessage, kafkaTopics } from './topics';

/**
 * The relay: follows the event store from its checkpoint and publishes every committed event to
 * Kafka, keyed by stream id, to the ordered topic and to the partitioned one (see topics.ts), with
 * the idempotent producer (acks from all replicas, one request in flight, so a retried send is
 * written once and order holds). Its checkpoint moves only after Kafka acknowledged a batch; a
 * relay that dies between the two publishes that batch again after its restart, and consumers
 * pass over what they have seen (delivery is at least once).
 *
 * Message timestamps are the events' recorded times, made non-decreasing: a consumer finds where
 * to start after a position by asking Kafka for the offset of that event's time.
 * Run one relay per store: a second one would publish everything twice. `leased-relay.ts` enforces
 * that with a lease; `fence` is how the lease stops this relay from sending once it is lost.
 */
export interface KafkaRelayOptions {
  kafka: Kafka;
  store: EventStore;
  /** Where the relay keeps its checkpoint. */
  checkpoints: ReadStore;
  topicPrefix: string;
  partitions: number;
  logger: Logger;
  filter?: EventFilter;
  batchSize?: number;
  /** Name of the checkpoint (default `relay-kafka`). */
  name?: string;
  /** Longest wait before the checkpoint follows what was published, in ms. */
  checkpointEveryMs?: number;
  /**
   * Asked before every send (and before the checkpoint is written): false means this relay may no
   * longer publish (it lost its lease), and it sends nothing more.
   */
  fence?: () => boolean;
}

export interface KafkaRelay {
  /** Position of the last event Kafka acknowledged. */
  readonly position: number;
  /** Events published since start. */
  readonly published: number;
  /** Resolves once the relay has published the event at this position (or a later one). */
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

export async function startKafkaRelay(options: KafkaRelayOptions): Promise<KafkaRelay> {
  const topics = kafkaTopics(options.topicPrefix);
  const name = options.name ?? 'relay-kafka';
  const admin = options.kafka.admin();
  await admin.connect();
  try {
    await ensureTopics(admin, topics, options.partitions);
  } finally {
    await admin.disconnect();
  }
  const producer: Producer = options.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
  await producer.connect();

  let position = await options.checkpoints.getCheckpoint(name);
  let published = 0;
  let lastTimestamp = 0;
  const commits = checkpointWriter(options.checkpoints, name);
  let timer: NodeJS.Timeout | undefined;
  const waiters = positionWaiters((target, timeoutMs) => new Error(`the relay did not publish position ${target} within ${timeoutMs} ms`));

  let stopped = false;
  const fenced = () => options.fence !== undefined && !options.fence();
  const publish = async (events: RecordedEvent[]) => {
    if (stopped) return;
    if (fenced()) {
      // Another relay may be publishing by now: nothing more from this one (whoever stops it next
      // resumes from the checkpoint, which only follows what was acknowledged).
      stopped = true;
      return;
    }
    const fresh = events.filter((e) => e.position > position);
    if (fresh.length === 0) return;
    const messages = fresh.map((e) => {
      lastTimestamp = Math.max(lastTimestamp, Date.parse(e.recordedAt) || 0);
      return eventMessage(e, lastTimestamp);
    });
    await producer.sendBatch({
      acks: -1,
      topicMessages: [
        { topic: topics.events, messages },
        { topic: topics.byStream, messages },
      ],
    });
    position = fresh[fresh.length - 1]!.position;
    published += fresh.length;
    waiters.reached(position);
    timer ??= setTimeout(() => {
      timer = undefined;
      if (!fenced()) commits.save(position);
    }, options.checkpointEveryMs ?? 100);
    timer.unref();
  };

  let subscription: Subscription | undefined;
  const consumer = supervise(
    () => {
      subscription = options.store.subscribe({ after: position, filter: options.filter, batchSize: options.batchSize ?? 500, prompt: true }, publish);
      return { done: subscription.done, close: () => subscription!.close() };
    },
    (error, delayMs) =>
      options.logger.error({ err: error, retryInMs: delayMs, position }, 'kafka relay failed; resuming after the last event Kafka acknowledged'),
  );
  options.logger.info({ topics, after: position }, 'kafka relay started');

  return {
    get position() {
      return position;
    },
    get published() {
      return published;
    },
    waitFor: (target, timeoutMs = 10_000) => waiters.wait(target, position, timeoutMs),
    done: consumer.done,
    async stop() {
      stopped = true;
      await consumer.close();
      clearTimeout(timer);
      waiters.endAll();
      // A relay that lost its lease leaves the checkpoint to the one that holds it now.
      if (!fenced()) commits.save(position);
      await commits.flush();
      await producer.disconnect();
    },
  };
}
