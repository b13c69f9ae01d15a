import type { BatchHandler, EventFilter, RecordedEvent, Subscription } from './port';

export interface CatchUpSource {
  readAll(options: { after: number; maxCount: number; filter?: EventFilter }): Promise<RecordedEvent[]>;
  /** Resolves when new events may be there (a local append, or the poll interval passed). */
  waitForAppend(signal: AbortSignal): Promise<void>;
}

/**
 * A subscription that reads pages after its position and, once caught up, waits for the next
 * append. Used by adapters whose store can be read by position (SQLite).
 */
export function catchUpSubscription(
  source: CatchUpSource,
  options: { after?: number; filter?: EventFilter; batchSize?: number },
  handler: BatchHandler,
): Subscription {
  const batchSize = options.batchSize ?? 500;
  const abort = new AbortController();
  let position = options.after ?? 0;

  const run = async () => {
    while (!abort.signal.aborted) {
      const page = await source.readAll({ after: position, maxCount: batchSize, filter: options.filter });
      if (abort.signal.aborted) return;
      if (page.length > 0) {
        await handler(page);
        position = page[page.length - 1]!.position;
        continue;
      }
      // A filtered read can skip events: move past the head so the next read starts there.
      await source.waitForAppend(abort.signal);
    }
  };
  return subscriptionHandle(run(), abort, () => position);
}

/** The port's Subscription over a running loop that `abort` stops: `close` aborts it and waits for it to end. */
export function subscriptionHandle(done: Promise<void>, abort: AbortController, position: () => number): Subscription {
  // `done` is awaited by whoever cares; keep an unobserved failure from crashing the process.
  done.catch(() => undefined);
  return {
    get position() {
      return position();
    },
    done,
    async close() {
      abort.abort();
      await done.catch(() => undefined);
    },
  };
}
