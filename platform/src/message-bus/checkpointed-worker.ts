import type { EventFilter, RecordedEvent } from '../event-store/port';
import type { Logger } from '../logging/logger';
import type { ReadStore } from '../read-store/port';
import type { MessageBus } from './port';
import { supervise } from './supervise';

/**
 * A checkpointed worker: a bus consumer that handles each event of the types it asks for, in
 * order, and records its progress after each one. After a restart it resumes after the last
 * event it finished; an event it was handling when it stopped is handled again, so handlers are
 * idempotent (they append with expected revisions and deterministic event ids).
 */
export interface WorkerDefinition {
  name: string;
  filter: EventFilter;
  handle(event: RecordedEvent): Promise<void>;
}

export interface RunningWorker {
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

export function startWorker(deps: { bus: MessageBus; readStore: ReadStore; logger: Logger }, worker: WorkerDefinition): RunningWorker {
  const checkpoint = `worker-${worker.name}`;
  let position = 0;
  const consumer = supervise(() => deps.bus.consume(
    {
      group: checkpoint,
      filter: worker.filter,
      startAfter: async () => (position = await deps.readStore.getCheckpoint(checkpoint)),
      batchSize: 50,
    },
    async (events) => {
      for (const event of events) {
        if (event.position <= position) continue;
        await worker.handle(event);
        await deps.readStore.commit([], { name: checkpoint, position: event.position });
        position = event.position;
      }
    },
  ), (error, delayMs) => deps.logger.error({ err: error, worker: worker.name, retryInMs: delayMs }, 'worker failed; restarting from its checkpoint'));
  return { done: consumer.done, stop: () => consumer.close() };
}
