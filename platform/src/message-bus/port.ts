import type { EventFilter, RecordedEvent } from '../event-store/port';

/**
 * The MessageBus port: delivers committed events to consumer groups. Publishing happens after a
 * commit, from the store's subscription, never from inside a request.
 *
 * Delivery is at least once and in order per stream; consumers are idempotent (projections keep
 * a checkpoint next to their data, workers guard with expected revisions).
 */
export interface ConsumerOptions {
  /** Consumer group: members of one group share the work; each group sees every event. */
  group: string;
  filter?: EventFilter;
  /** Where a group with no committed progress starts: after this global position. */
  startAfter: () => Promise<number>;
  batchSize?: number;
  /** Deliver with the least delay rather than in the largest batches (see SubscribeOptions.prompt). */
  prompt?: boolean;
}

export interface Consumer {
  /** Settles when the consumer stops: resolves after `close()`, rejects if its handler failed. */
  readonly done: Promise<void>;
  close(): Promise<void>;
}

export interface MessageBus {
  consume(options: ConsumerOptions, handler: (events: RecordedEvent[]) => Promise<void>): Consumer;
  close(): Promise<void>;
}
