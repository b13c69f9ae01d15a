/**
 * Reading the `sanctions-ofac` stream. The decider's state and the index both depend only on the
 * latest import, so only the stream's last event is read (the stream keeps every import for the
 * audit trail; a year of daily changes would be hundreds of list-sized events).
 */
import type { EventStore, RecordedEvent } from '@walletscreen/platform';
import { createSanctionsIndex, type SanctionsIndex } from './sanctions-index.projection';
import {
  evolveSanctionsList,
  initialSanctionsListState,
  sanctionsListEventTypes,
  sanctionsStreamId,
  type SanctionsListEvent,
  type SanctionsListState,
} from './sanctions-list';

async function lastEvent(eventStore: EventStore): Promise<{ event: RecordedEvent | null; revision: number | 'no-stream' }> {
  const revision = await eventStore.streamRevision(sanctionsStreamId);
  if (revision === 'no-stream') return { event: null, revision };
  const [event] = await eventStore.readStream(sanctionsStreamId, { fromRevision: revision, maxCount: 1 });
  return { event: event ?? null, revision };
}

/** The decider's state and the revision to append after. */
export async function loadSanctionsListState(eventStore: EventStore): Promise<{ state: SanctionsListState; revision: number | 'no-stream' }> {
  const { event, revision } = await lastEvent(eventStore);
  const state =
    event && sanctionsListEventTypes.has(event.type)
      ? evolveSanctionsList(initialSanctionsListState, { type: event.type, data: event.data } as SanctionsListEvent)
      : initialSanctionsListState;
  return { state, revision };
}

/** The list in force, ready for lookups; null when no list was ever imported. */
export async function loadSanctionsIndex(eventStore: EventStore): Promise<SanctionsIndex | null> {
  const { event } = await lastEvent(eventStore);
  return event ? createSanctionsIndex([event]) : null;
}

/** The sanctions index, cached and rebuilt only when a new list was imported. */
export function cachedSanctionsIndex(eventStore: EventStore): () => Promise<SanctionsIndex | null> {
  let cached: { revision: number | 'no-stream'; index: SanctionsIndex | null } | null = null;
  return async () => {
    const revision = await eventStore.streamRevision(sanctionsStreamId);
    if (!cached || cached.revision !== revision) cached = { revision, index: revision === 'no-stream' ? null : await loadSanctionsIndex(eventStore) };
    return cached.index;
  };
}

/** Where the list in force came from, as recorded with its import (null when nothing is loaded or it was not recorded). */
export async function loadSanctionsListOrigin(eventStore: EventStore): Promise<{ sha256: string; origin: string | null } | null> {
  const { event } = await lastEvent(eventStore);
  if (!event || !sanctionsListEventTypes.has(event.type)) return null;
  const origin = (event.metadata as { origin?: unknown } | undefined)?.origin;
  return { sha256: (event.data as { sha256: string }).sha256, origin: typeof origin === 'string' ? origin : null };
}
