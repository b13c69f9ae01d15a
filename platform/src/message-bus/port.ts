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
  /**
   * Where the group starts, after this global position. With `progress: 'handler'` every start
   * of a consumer begins there; with `progress: 'bus'` only a group that has no progress yet.
   */
  startAfter: () => Promise<number>;
  /**
   * Who keeps the group's progress.
   * - `handler` (default): the handler records its own checkpoint together with what it writes
   *   (projections). Events come in global order, in batches; the next batch waits for the
   *   handler. A handler that throws stops the consumer: `done` rejects.
   * - `bus`: the bus records how far the group has settled and resumes there. Members of the
   *   group share the work, spread by stream id; events of one stream stay in order. An event
   *   whose handler keeps failing is retried `maxAttempts` times, then set aside as a dead letter
   *   (with its error) and the group goes on.
   */
  progress?: 'handler' | 'bus';
  /** With `progress: 'bus'`: events handled at once by one member (of different streams). Default 1. */
  concurrency?: number;
  /** With `progress: 'bus'`: attempts at one event before it becomes a dead letter. Default 5. */
  maxAttempts?: number;
  batchSize?: number;
  /** Deliver with the least delay rather than in the largest batches (see SubscribeOptions.prompt). */
  prompt?: boolean;
}

/** An event a `progress: 'bus'` group gave up on, kept with the error, for someone to look at. */
export interface DeadLetter {
  group: string;
  event: RecordedEvent;
  error: string;
  attempts: number;
  at: string;
}

export interface Consumer {
  /** Settles when the consumer stops: resolves after `close()`, rejects if its handler failed. */
  readonly done: Promise<void>;
  close(): Promise<void>;
}

export interface MessageBus {
  consume(options: ConsumerOptions, handler: (events: RecordedEvent[]) => Promise<void>): Consumer;
  /**
   * Whether a `progress: 'bus'` group has recorded progress here: it ran before and settled at
   * least one event (its next start resumes there, without asking `startAfter`).
   */
  hasProgress(group: string): Promise<boolean>;
  close(): Promise<void>;
}
