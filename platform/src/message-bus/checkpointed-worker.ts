import type { EventFilter, RecordedEvent } from '../event-store/port';
import type { Logger } from '../logging/logger';
import type { ReadStore } from '../read-store/port';
import type { MessageBus } from './port';
import { supervise } from './supervise';

/**
 * A checkpointed worker: a consumer group whose progress the bus keeps (`progress: 'bus'`). It
 * handles each event of the types it asks for, up to `concurrency` at once (one stream's events
 * in order), and the group's progress moves only past events whose handling has settled. After a
 * restart, or when another member of the group takes over, the events after that point are
 * handled again, so handlers are idempotent (they append with expected revisions and
 * deterministic event ids). An event that keeps failing becomes a dead letter and the worker goes on.
 */
export interface WorkerDefinition {
  name: string;
  filter: EventFilter;
  handle(event: RecordedEvent): Promise<void>;
  concurrency?: number;
  maxAttempts?: number;
}

export interface RunningWorker {
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

export function startWorker(deps: { bus: MessageBus; readStore: ReadStore; logger: Logger }, worker: WorkerDefinition): RunningWorker {
  const group = `worker-${worker.name}`;
  const consumer = supervise(
    () =>
      deps.bus.consume(
        {
          group,
          filter: worker.filter,
          progress: 'bus',
          concurrency: worker.concurrency,
          maxAttempts: worker.maxAttempts,
          // A new group starts where this worker's checkpoint of earlier versions says (0 when none).
          startAfter: () => deps.readStore.getCheckpoint(group),
          batchSize: 50,
        },
        async (events) => {
          for (const event of events) {
            try {
              await worker.handle(event);
            } catch (error) {
              deps.logger.warn({ err: error, worker: worker.name, eventId: event.id, type: event.type }, 'worker could not handle an event; it is tried again');
              throw error;
            }
          }
        },
      ),
    (error, delayMs) => deps.logger.error({ err: error, worker: worker.name, retryInMs: delayMs }, 'worker failed; restarting from its checkpoint'),
  );
  return { done: consumer.done, stop: () => consumer.close() };
}
