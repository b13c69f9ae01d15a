import { subscriptionHandle } from '../catch-up-subscription';
import type { BatchHandler, RecordedEvent, Subscription } from '../port';

/**
 * A push source of events (EventStoreDB's catch-up subscription to $all): everything after
 * `after` (exclusive), in global order, then live appends. The iterable ends or throws when the
 * connection drops; it is opened again by `resubscribingSubscription`, which the client does not do
 * by itself.
 */
export interface LiveEventSource {
  open(after: number, signal: AbortSignal): AsyncIterable<RecordedEvent>;
}

export interface Backoff {
  /** Delay before the first resubscription, in ms. */
  initialMs: number;
  /** Upper bound of the delay, in ms. */
  maxMs: number;
  /** Growth of the delay per failed attempt in a row. */
  factor: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 100, maxMs: 10_000, factor: 2 };

/** Delay before attempt `attempt` (0-based count of drops in a row without an event in between). */
export function backoffDelay(attempt: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  const delay = backoff.initialMs * backoff.factor ** Math.max(0, attempt);
  return Math.min(backoff.maxMs, Number.isFinite(delay) ? delay : backoff.maxMs);
}

export interface ResubscribeOptions {
  after?: number;
  batchSize?: number;
  /** Only events this accepts reach the handler (the source may filter on the server too). */
  accept?: (event: RecordedEvent) => boolean;
  backoff?: Backoff;
  /** Told of every drop, with the delay before the next attempt (logging, metrics). */
  onDrop?: (error: unknown, attempt: number, delayMs: number) => void;
  /** For tests: how to wait. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });

/** Raised inside the pump when the source's iterable ends without being closed. */
export class SubscriptionEnded extends Error {
  constructor() {
    super('the event source ended the subscription');
    this.name = 'SubscriptionEnded';
  }
}

/**
 * The port's Subscription over a push source that can drop: a pump reads the source into a
 * bounded queue and, when the source throws or ends, opens it again after a back-off from the
 * position of the last event it received (events at or before it are dropped, so a
 * resubscription that repeats some is harmless); a consumer hands the queue to the handler in
 * batches of at most `batchSize`, one at a time. A handler error stops both and rejects `done`.
 */
export function resubscribingSubscription(source: LiveEventSource, options: ResubscribeOptions, handler: BatchHandler): Subscription {
  const batchSize = Math.max(1, options.batchSize ?? 500);
  const highWater = batchSize * 2;
  const sleep = options.sleep ?? abortableSleep;
  const abort = new AbortController();
  let position = options.after ?? 0;
  let seen = position;
  const queue: RecordedEvent[] = [];
  let wakeConsumer: (() => void) | null = null;
  let wakeProducer: (() => void) | null = null;
  const wake = (which: 'consumer' | 'producer') => {
    const w = which === 'consumer' ? wakeConsumer : wakeProducer;
    if (which === 'consumer') wakeConsumer = null;
    else wakeProducer = null;
    w?.();
  };
  abort.signal.addEventListener('abort', () => {
    wake('consumer');
    wake('producer');
  });

  const pump = async () => {
    let attempt = 0;
    while (!abort.signal.aborted) {
      try {
        for await (const event of source.open(seen, abort.signal)) {
          if (abort.signal.aborted) return;
          attempt = 0;
          if (event.position <= seen) continue;
          seen = event.position;
          if (options.accept && !options.accept(event)) continue;
          queue.push(event);
          wake('consumer');
          while (queue.length >= highWater && !abort.signal.aborted) {
            await new Promise<void>((resolve) => {
              wakeProducer = resolve;
            });
          }
        }
        if (abort.signal.aborted) return;
        throw new SubscriptionEnded();
      } catch (error) {
        if (abort.signal.aborted) return;
        const delay = backoffDelay(attempt, options.backoff);
        attempt += 1;
        options.onDrop?.(error, attempt, delay);
        await sleep(delay, abort.signal);
      }
    }
  };

  const consume = async () => {
    while (!abort.signal.aborted) {
      if (queue.length === 0) {
        await new Promise<void>((resolve) => {
          wakeConsumer = resolve;
        });
        continue;
      }
      const batch = queue.splice(0, batchSize);
      wake('producer');
      await handler(batch);
      position = batch[batch.length - 1]!.position;
    }
  };

  const pumping = pump();
  const done = consume().finally(async () => {
    abort.abort();
    await pumping;
  });
  return subscriptionHandle(done, abort, () => position);
}
