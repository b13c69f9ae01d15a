/**
 * An append-only log on one stream (the sync logs of the OFAC list and of the feeds): appended at
 * its end whoever else writes to it, and folded incrementally by its readers.
 */
import { randomUUID } from 'node:crypto';
import { WrongExpectedRevision, type EventStore } from '@walletscreen/platform';

/** The log's state, cached; each call reads only the events recorded since the last one (calls run one after another). */
export function cachedLogFold<S, E extends { type: string; data: unknown }>(
  eventStore: EventStore,
  streamId: string,
  initial: S,
  types: ReadonlySet<string>,
  evolve: (state: S, event: E) => S,
): () => Promise<S> {
  let state = initial;
  let next = 0;
  let last: Promise<unknown> = Promise.resolve();
  const refresh = async () => {
    for (const e of await eventStore.readStream(streamId, { fromRevision: next })) {
      if (types.has(e.type)) state = evolve(state, { type: e.type, data: e.data } as E);
      next = e.revision + 1;
    }
    return state;
  };
  return () => {
    const run = last.then(refresh, refresh);
    last = run.catch(() => undefined);
    return run;
  };
}

/** Appends one event at the end of the log, retrying (up to 5 times) when another writer got there first. */
export async function appendToLog(eventStore: EventStore, streamId: string, event: { type: string; data: unknown }): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const revision = await eventStore.streamRevision(streamId);
    try {
      await eventStore.append(streamId, [{ id: randomUUID(), type: event.type, data: event.data }], { expectedRevision: revision });
      return;
    } catch (error) {
      if (error instanceof WrongExpectedRevision && attempt < 5) continue;
      throw error;
    }
  }
}
