/**
 * Reading the `sanctions-ofac` stream. The index depends only on the latest import, so only the
 * stream's last event is read (the stream keeps every import for the audit trail; a year of daily
 * changes would be hundreds of list-sized events). The sync's command handler reads it so too.
 */
import type { EventStore, RecordedEvent } from '@walletscreen/platform';
import { sanctionsStreamId } from '@walletscreen/domain/sanctions-list/events';
import { createSanctionsIndex, type SanctionsIndex } from './sanctions-index.projection';

async function lastEvent(eventStore: EventStore): Promise<RecordedEvent | null> {
  const revision = await eventStore.streamRevision(sanctionsStreamId);
  if (revision === 'no-stream') return null;
  const [event] = await eventStore.readStream(sanctionsStreamId, { fromRevision: revision, maxCount: 1 });
  return event ?? null;
}

/** The list in force: ready for lookups, with where it came from as recorded with its import (null when not recorded). */
export interface LoadedSanctionsList {
  index: SanctionsIndex;
  origin: string | null;
}

/** The list in force; null when no list was ever imported. */
export async function loadSanctionsList(eventStore: EventStore): Promise<LoadedSanctionsList | null> {
  const event = await lastEvent(eventStore);
  const index = event ? createSanctionsIndex([event]) : null;
  if (!event || !index) return null;
  const origin = (event.metadata as { origin?: unknown } | undefined)?.origin;
  return { index, origin: typeof origin === 'string' ? origin : null };
}

/** The index of the list in force; null when no list was ever imported. */
export async function loadSanctionsIndex(eventStore: EventStore): Promise<SanctionsIndex | null> {
  return (await loadSanctionsList(eventStore))?.index ?? null;
}

/** The list in force, cached and read again (one list-sized event) only when a new list was imported. */
export function cachedSanctionsList(eventStore: EventStore): () => Promise<LoadedSanctionsList | null> {
  let cached: { revision: number | 'no-stream'; list: LoadedSanctionsList | null } | null = null;
  return async () => {
    const revision = await eventStore.streamRevision(sanctionsStreamId);
    if (!cached || cached.revision !== revision) cached = { revision, list: revision === 'no-stream' ? null : await loadSanctionsList(eventStore) };
    return cached.list;
  };
}

/** The sanctions index of the list in force, cached like `cachedSanctionsList`. */
export function cachedSanctionsIndex(eventStore: EventStore): () => Promise<SanctionsIndex | null> {
  const list = cachedSanctionsList(eventStore);
  return async () => (await list())?.index ?? null;
}
