import type { Admin, Consumer as KafkaConsumer, EachBatchPayload, Kafka, KafkaMessage, Producer } from 'kafkajs';
import { matchesEventFilter, type EventFilter, type EventStore, type RecordedEvent } from '../../event-store/port';
import type { Logger } from '../../logging/logger';
import type { Consumer, ConsumerOptions, DeadLetter, MessageBus } from '../port';
import { SettlingQueue } from '../settling-queue';
import { decodeEvent, ensureTopics, kafkaGroupId, kafkaTopics, messageType, type KafkaTopics } from './topics';

/**
 * The MessageBus on Kafka (kafkajs), fed by the relay (relay.ts).
 *
 * - `progress: 'handler'` groups (projections, the socket fan-out) read the one-partition topic in
 *   global order. At every assignment the group's place is asked of `startAfter()` and found in
 *   the topic by the time of that event, then passed over up to that position; nothing is
 *   committed to Kafka, since the handler's own checkpoint is the truth. One member of a group is
 *   active; the others take over when it leaves or dies.
 * - `progress: 'bus'` groups (workers) read the partitioned topic; members share its partitions.
 *   Offsets are committed per partition up to the oldest event still being handled, so a member
 *   killed mid-event leaves it to the member that takes its partitions over.
 * Messages that are not events, and events a 'bus' group gave up on, go to the dead-letter topic
 * with the error, and consumption goes on. kafkajs restarts a consumer that crashed on a retriable
 * error by itself; a crash it does not restart from ends `done` with the error (and `supervise`
 * starts the consumer again).
 */
export interface KafkaBusOptions {
  kafka: Kafka;
  /** The store the relay follows: where the time of a position is looked up. */
  store: EventStore;
  topicPrefix: string;
  partitions: number;
  logger: Logger;
  /** How long the broker waits for a silent member before handing its partitions to others. */
  sessionTimeoutMs?: number;
  /** Margin when finding a position by time, for clocks of writers that differ. */
  seekMarginMs?: number;
  clock?: () => Date;
}

export interface KafkaBus extends MessageBus {
  readonly topics: KafkaTopics;
}

/** A type filter decides from the header alone, before the value is decoded. */
const typeWanted = (filter: EventFilter | undefined, message: KafkaMessage) => {
  if (!filter?.eventTypes || filter.eventTypes.length === 0) return true;
  const type = messageType(message);
  return type === undefined || filter.eventTypes.includes(type);
};

export async function createKafkaBus(options: KafkaBusOptions): Promise<KafkaBus> {
  const topics = kafkaTopics(options.topicPrefix);
  const clock = options.clock ?? (() => new Date());
  const admin: Admin = options.kafka.admin();
  await admin.connect();
  await ensureTopics(admin, topics, options.partitions);
  const producer: Producer = options.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
  await producer.connect();
  const consumers = new Set<Consumer>();
  const sessionTimeout = options.sessionTimeoutMs ?? 10_000;
  const heartbeatInterval = Math.max(300, Math.floor(sessionTimeout / 5));

  /** Sets a message aside with the error: the event it carried, or its raw value when it carried none. */
  const deadLetter = async (
    group: string,
    key: Buffer | string | null,
    error: unknown,
    attempts: number,
    content: { event: RecordedEvent } | { value: string },
  ) => {
    const reason = error instanceof Error ? error.message : String(error);
    const letter = { group, error: reason, attempts, at: clock().toISOString(), ...content } satisfies Omit<DeadLetter, 'event'> &
      ({ event: RecordedEvent } | { value: string });
    await producer.send({
      topic: topics.deadLetters,
      acks: -1,
      messages: [{ key, value: JSON.stringify(letter), headers: { group, error: reason.slice(0, 1000) } }],
    });
    options.logger.error({ group, error: reason, eventId: 'event' in content ? content.event.id : undefined, attempts }, 'message set aside as a dead letter');
  };
  const undecodable = (group: string, message: KafkaMessage, error: unknown) =>
    deadLetter(group, message.key, error, 1, { value: message.value?.toString('utf8') ?? '' });

  /**
   * The offset, in each partition of `topic`, of the first message that may carry an event after
   * `after`: found by the time of the next event in the store, since the relay stamps messages
   * with their events' times, never decreasing. The end of the topic is read first, so an event
   * that reaches the store after the look-up is after that end.
   */
  const offsetsAfter = async (topic: string, after: number): Promise<Array<{ partition: number; offset: string }>> => {
    const ends = await admin.fetchTopicOffsets(topic);
    if (after <= 0) return ends.map((p) => ({ partition: p.partition, offset: p.low }));
    const [next] = await options.store.readAll({ after, maxCount: 1 });
    if (!next) return ends.map((p) => ({ partition: p.partition, offset: p.high }));
    const at = Math.max(0, Date.parse(next.recordedAt) - (options.seekMarginMs ?? 2_000));
    return admin.fetchTopicOffsetsByTimestamp(topic, at);
  };

  /** Places a new 'bus' group after `after` in each partition, before any member joins it. */
  /** Whether the (Kafka) group has committed an offset of the partitioned topic: a `progress: 'bus'` group that ran before. */
  const hasCommitted = async (groupId: string) => {
    const committed = await admin.fetchOffsets({ groupId, topics: [topics.byStream] });
    return committed.flatMap((t) => t.partitions).some((p) => p.offset !== '-1');
  };

  const placeNewGroup = async (group: string, after: number) => {
    if (await hasCommitted(group)) return;
    const partitions = await offsetsAfter(topics.byStream, after);
    try {
      await admin.setOffsets({ groupId: group, topic: topics.byStream, partitions });
    } catch (error) {
      // A member of the group joined meanwhile: the group has its place already.
      options.logger.debug({ err: error, group }, 'new consumer group already placed');
    }
  };

  function consume(consumerOptions: ConsumerOptions, handler: (events: RecordedEvent[]) => Promise<void>): Consumer {
    const group = consumerOptions.group;
    const byBus = consumerOptions.progress === 'bus';
    const topic = byBus ? topics.byStream : topics.events;
    const kc: KafkaConsumer = options.kafka.consumer({
      groupId: kafkaGroupId(options.topicPrefix, group),
      sessionTimeout,
      heartbeatInterval,
      rebalanceTimeout: Math.max(sessionTimeout, 10_000),
      maxWaitTimeInMs: 200,
      allowAutoTopicCreation: false,
      retry: { retries: 10, initialRetryTime: 100, maxRetryTime: 5_000 },
    });
    let closed = false;
    let settle!: { resolve: () => void; reject: (error: unknown) => void };
    const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    done.catch(() => undefined);
    const fail = (error: unknown) => {
      if (closed) return;
      closed = true;
      queue?.stop();
      settle.reject(error);
      // After whatever is connecting got there (`running` is not yet assigned while run() starts).
      void Promise.resolve()
        .then(() => running)
        .then(() => kc.disconnect())
        .catch(() => undefined);
    };

    // 'handler' groups: where the next message must come from (the ordered topic has one partition).
    let place: Promise<{ nextOffset: bigint; after: number }> | undefined;
    // 'bus' groups: the handling queue and the offsets to commit.
    let queue: SettlingQueue | undefined;
    let generation = 0;

    kc.on(kc.events.CRASH, (e) => {
      options.logger.warn(
        { group, err: e.payload.error, restart: e.payload.restart },
        e.payload.restart ? 'kafka consumer crashed; kafkajs restarts it' : 'kafka consumer crashed',
      );
      if (!e.payload.restart) fail(e.payload.error);
    });
    kc.on(kc.events.GROUP_JOIN, (e) => {
      generation++;
      const assigned = e.payload.memberAssignment[topic] ?? [];
      if (byBus) {
        for (let p = 0; p < options.partitions; p++) if (!assigned.includes(p)) queue?.dropLane(String(p));
        return;
      }
      if (!assigned.includes(0)) {
        place = undefined;
        return;
      }
      // Asked again at every assignment: another member may have moved the checkpoint meanwhile.
      place = (async () => {
        const after = await consumerOptions.startAfter();
        const nextOffset = BigInt((await offsetsAfter(topic, after)).find((p) => p.partition === 0)!.offset);
        kc.seek({ topic, partition: 0, offset: nextOffset.toString() });
        return { nextOffset, after };
      })();
      place.catch(fail);
    });

    const handleOrdered = async ({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload) => {
      const at = await place;
      if (!at || closed) return;
      const events: RecordedEvent[] = [];
      let last: string | undefined;
      for (const message of batch.messages) {
        if (!isRunning() || isStale()) break;
        const offset = BigInt(message.offset);
        if (offset < at.nextOffset) continue;
        if (offset > at.nextOffset) {
          // Fetched before the seek took effect: never skip forward. Read again from our place.
          kc.seek({ topic, partition: 0, offset: at.nextOffset.toString() });
          break;
        }
        at.nextOffset = offset + 1n;
        last = message.offset;
        if (!typeWanted(consumerOptions.filter, message)) continue;
        let event: RecordedEvent;
        try {
          event = decodeEvent(message);
        } catch (error) {
          await undecodable(group, message, error);
          continue;
        }
        if (event.position <= at.after || !matchesEventFilter(event, consumerOptions.filter)) continue;
        at.after = event.position;
        events.push(event);
      }
      const batchSize = consumerOptions.batchSize ?? 500;
      for (let i = 0; i < events.length; i += batchSize) {
        // A slow handler (a large batch on a slow read store) must not cost the group its member.
        const beating = setInterval(() => void heartbeat().catch(() => undefined), heartbeatInterval);
        try {
          await handler(events.slice(i, i + batchSize));
        } catch (error) {
          fail(error);
          return;
        } finally {
          clearInterval(beating);
        }
        await heartbeat();
      }
      if (last !== undefined) resolveOffset(last);
    };

    const commitQueue = new Map<number, string>();
    let committing: Promise<void> | undefined;
    const commitSoon = () => {
      committing ??= (async () => {
        while (commitQueue.size > 0 && !closed) {
          const offsets = [...commitQueue].map(([partition, offset]) => ({ topic, partition, offset }));
          commitQueue.clear();
          try {
            await kc.commitOffsets(offsets);
          } catch (error) {
            // During a rebalance: the partition's new owner handles these events again.
            options.logger.debug({ err: error, group }, 'offsets not committed');
          }
        }
      })().finally(() => (committing = undefined));
    };

    const handleShared = async ({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload) => {
      const q = queue!;
      const lane = String(batch.partition);
      const joined = generation;
      for (const message of batch.messages) {
        if (!isRunning() || isStale() || closed || joined !== generation) return;
        // Wait for room, telling the broker meanwhile that this member is alive.
        for (let free = false; !free;) {
          free = await Promise.race([q.slot().then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 1_000))]);
          if (!free) await heartbeat().catch(() => undefined);
          if (closed) return;
        }
        const offset = Number(message.offset);
        let event: RecordedEvent | undefined;
        if (typeWanted(consumerOptions.filter, message)) {
          try {
            event = decodeEvent(message);
          } catch (error) {
            await undecodable(group, message, error);
          }
        }
        if (event && matchesEventFilter(event, consumerOptions.filter)) q.push(lane, offset, event);
        else q.pass(lane, offset);
        resolveOffset(message.offset);
      }
      await heartbeat().catch(() => undefined);
    };

    const run = async () => {
      if (byBus) {
        await placeNewGroup(kafkaGroupId(options.topicPrefix, group), await consumerOptions.startAfter());
        queue = new SettlingQueue({
          concurrency: consumerOptions.concurrency,
          maxAttempts: consumerOptions.maxAttempts,
          handle: (event) => handler([event]),
          deadLetter: (event, error, attempts) => deadLetter(group, event.streamId, error, attempts, { event }),
          settled: (lane, offset) => {
            commitQueue.set(Number(lane), String(offset + 1));
            commitSoon();
          },
          failed: fail,
        });
      }
      if (closed) return;
      await kc.connect();
      if (closed) return;
      await kc.subscribe({ topic, fromBeginning: true });
      if (closed) return;
      await kc.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: byBus ? Math.max(1, options.partitions) : 1,
        eachBatch: byBus ? handleShared : handleOrdered,
      });
    };
    const running = run().catch(fail);

    const consumer: Consumer = {
      done,
      async close() {
        if (!closed) {
          closed = true;
          queue?.stop();
          // A consumer still connecting is disconnected once it got there, not before.
          await running;
          await kc.disconnect().catch((error: unknown) => options.logger.warn({ err: error, group }, 'kafka consumer did not disconnect cleanly'));
          settle.resolve();
        }
        await done.catch(() => undefined);
        consumers.delete(consumer);
      },
    };
    consumers.add(consumer);
    return consumer;
  }

  return {
    topics,
    consume,
    hasProgress: (group) => hasCommitted(kafkaGroupId(options.topicPrefix, group)),
    async close() {
      await Promise.all([...consumers].map((c) => c.close()));
      await producer.disconnect();
      await admin.disconnect();
    },
  };
}
