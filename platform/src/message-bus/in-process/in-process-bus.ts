import type { EventStore, RecordedEvent } from '../../event-store/port';
import type { ReadStore } from '../../read-store/port';
import type { Consumer, ConsumerOptions, DeadLetter, MessageBus } from '../port';
import { checkpointWriter } from '../checkpoint-writer';
import { SettlingQueue } from '../settling-queue';

/** Collection where the in-process bus keeps the events `progress: 'bus'` groups gave up on. */
export const DEAD_LETTERS = 'dead_letters';

/**
 * The embedded bus: each consumer is a subscription to the event store, so in one process a
 * consumer group has exactly one member and sees events as they commit. The progress of
 * `progress: 'bus'` groups, and their dead letters, are kept in `progress` (the read store).
 */
export function createInProcessBus(store: EventStore, options: { progress?: ReadStore; clock?: () => Date } = {}): MessageBus {
  const consumers = new Set<Consumer>();
  const clock = options.clock ?? (() => new Date());
  return {
    consume(consumerOptions: ConsumerOptions, handler): Consumer {
      let closed = false;
      let subscription: ReturnType<EventStore['subscribe']> | undefined;
      let queue: SettlingQueue | undefined;
      const done = (async () => {
        if (consumerOptions.progress !== 'bus') {
          const after = await consumerOptions.startAfter();
          if (closed) return;
          subscription = store.subscribe(
            { after, filter: consumerOptions.filter, batchSize: consumerOptions.batchSize, prompt: consumerOptions.prompt },
            handler,
          );
          await subscription.done;
          return;
        }
        const progress = options.progress;
        if (!progress) throw new Error(`consumer group ${consumerOptions.group} keeps its progress on the bus, which was given no store for it`);
        const stored = await progress.getCheckpoint(consumerOptions.group);
        const after = stored > 0 ? stored : await consumerOptions.startAfter();
        if (closed) return;
        const commits = checkpointWriter(progress, consumerOptions.group);
        let failure: ((error: unknown) => void) | undefined;
        const failed = new Promise<never>((_, reject) => (failure = reject));
        failed.catch(() => undefined);
        queue = new SettlingQueue({
          concurrency: consumerOptions.concurrency,
          maxAttempts: consumerOptions.maxAttempts,
          handle: (event) => handler([event]),
          deadLetter: async (event, error, attempts) => {
            const letter: DeadLetter = {
              group: consumerOptions.group,
              event,
              error: error instanceof Error ? error.message : String(error),
              attempts,
              at: clock().toISOString(),
            };
            await progress.commit([{ collection: DEAD_LETTERS, id: `${consumerOptions.group}:${event.id}`, doc: letter }]);
          },
          settled: (_lane, position) => commits.save(position),
          failed: (error) => failure?.(error),
        });
        const q = queue;
        subscription = store.subscribe(
          { after, filter: consumerOptions.filter, batchSize: consumerOptions.batchSize, prompt: consumerOptions.prompt },
          async (events: RecordedEvent[]) => {
            for (const event of events) {
              await q.slot();
              q.push('log', event.position, event);
            }
          },
        );
        try {
          await Promise.race([subscription.done, failed]);
        } finally {
          await subscription.close();
          await commits.flush();
        }
      })();
      done.catch(() => undefined);
      const consumer: Consumer = {
        done,
        async close() {
          closed = true;
          queue?.stop();
          await subscription?.close();
          await done.catch(() => undefined);
          consumers.delete(consumer);
        },
      };
      consumers.add(consumer);
      return consumer;
    },
    async hasProgress(group) {
      return options.progress ? (await options.progress.getCheckpoint(group)) > 0 : false;
    },
    async close() {
      await Promise.all([...consumers].map((c) => c.close()));
    },
  };
}
