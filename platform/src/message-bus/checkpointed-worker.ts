import type { RecordedEvent } from '../event-store/port';
import type { Logger } from '../logging/logger';
import type { ReadStore } from '../read-store/port';
import type { MessageBus } from './port';
import { supervise } from './supervise';

/**
 * A consumer that acts on the world (refunds, webhooks, e-mails, alerts, re-screens): its name and
 * the event types it handles. Where it starts reading each type is recorded once per store
 * (`ConsumerStarts`): a consumer, or a type of one, that first runs on a store holding events
 * starts at the store's head, so an upgrade never acts on history.
 */
export interface ConsumerDeclaration {
  name: string;
  eventTypes: readonly string[];
  /**
   * The types its progress (kept by the bus) covered in the builds before starts were recorded,
   * when not all of `eventTypes`: a type added later starts at the head of the store, not at that
   * progress, which stood wherever the last event of the older types left it.
   */
  typesBeforeStartsWereRecorded?: readonly string[];
}

/** Where each consumer starts reading each of its event types (recorded through the command handler: domain/src/consumer-start). */
export interface ConsumerStarts {
  /** For each of the consumer's event types, the position after which its events are handled (recording it first when it is not yet). */
  of(consumer: ConsumerDeclaration): Promise<ReadonlyMap<string, number>>;
}

/** The bus's consumer group of a checkpointed worker. */
export const workerGroup = (name: string): string => `worker-${name}`;

/**
 * A checkpointed worker: a consumer group whose progress the bus keeps (`progress: 'bus'`). It
 * handles each event of the types it asks for, up to `concurrency` at once (one stream's events
 * in order), and the group's progress moves only past events whose handling has settled. After a
 * restart, or when another member of the group takes over, the events after that point are
 * handled again, so handlers are idempotent (they append with expected revisions and
 * deterministic event ids). An event that keeps failing becomes a dead letter and the worker goes on.
 * Events of a type at or before where the worker starts that type (`ConsumerStarts`) are passed over.
 */
export interface WorkerDefinition extends ConsumerDeclaration {
  handle(event: RecordedEvent): Promise<void>;
  concurrency?: number;
  maxAttempts?: number;
}

export interface RunningWorker {
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

/** What a checkpointed worker is started with. */
export interface WorkerDeps {
  bus: MessageBus;
  readStore: ReadStore;
  logger: Logger;
  starts: ConsumerStarts;
}

export function startWorker(deps: WorkerDeps, worker: WorkerDefinition): RunningWorker {
  const group = workerGroup(worker.name);
  let recorded: Promise<ReadonlyMap<string, number>> | undefined;
  /** The starts of its types, asked once (and again after a failure: supervise starts the consumer again). */
  const starts = (): Promise<ReadonlyMap<string, number>> => {
    recorded ??= deps.starts.of(worker);
    recorded.catch(() => (recorded = undefined));
    return recorded;
  };
  const consumer = supervise(
    () =>
      deps.bus.consume(
        {
          group,
          filter: { eventTypes: worker.eventTypes },
          progress: 'bus',
          concurrency: worker.concurrency,
          maxAttempts: worker.maxAttempts,
          // A group with no progress on the bus: where this worker's checkpoint of earlier versions
          // says (read models that kept it), else the earliest start of its types.
          startAfter: async () => {
            const kept = await deps.readStore.getCheckpoint(group);
            if (kept > 0) return kept;
            const from = [...(await starts()).values()];
            return from.length > 0 ? Math.min(...from) : 0;
          },
          batchSize: 50,
        },
        async (events) => {
          const from = await starts();
          for (const event of events) {
            if (event.position <= (from.get(event.type) ?? 0)) continue;
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
