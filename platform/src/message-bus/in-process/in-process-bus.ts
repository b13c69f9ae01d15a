import type { EventStore } from '../../event-store/port';
import type { Consumer, ConsumerOptions, MessageBus } from '../port';

/**
 * The embedded bus: each consumer is a subscription to the event store from its own checkpoint,
 * so in one process a consumer group has exactly one member and sees events as they commit.
 */
export function createInProcessBus(store: EventStore): MessageBus {
  const consumers = new Set<Consumer>();
  return {
    consume(options: ConsumerOptions, handler): Consumer {
      let closed = false;
      let subscription: ReturnType<EventStore['subscribe']> | undefined;
      const done = (async () => {
        const after = await options.startAfter();
        if (closed) return;
        subscription = store.subscribe({ after, filter: options.filter, batchSize: options.batchSize, prompt: options.prompt }, handler);
        await subscription.done;
      })();
      done.catch(() => undefined);
      const consumer: Consumer = {
        done,
        async close() {
          closed = true;
          await subscription?.close();
          await done.catch(() => undefined);
          consumers.delete(consumer);
        },
      };
      consumers.add(consumer);
      return consumer;
    },
    async close() {
      await Promise.all([...consumers].map((c) => c.close()));
    },
  };
}
