/**
 * The lists as the admin screen shows them: a fold of the custom-list events into one summary
 * per list (entries left out), kept in memory and brought up to date on each read with the events
 * appended since (read by type, which the store indexes).
 */
import { customListStreamPrefix, type CustomListSummary } from '@walletscreen/contracts';
import { customListEventTypes, type CustomListEvent } from '@walletscreen/domain/custom-list/events';
import type { EventStore } from '@walletscreen/platform';

export interface CatalogEntry extends CustomListSummary {
  active: boolean;
}

export function foldCatalog(lists: Map<string, CatalogEntry>, event: CustomListEvent): void {
  switch (event.type) {
    case 'CustomListUploaded': {
      const d = event.data;
      lists.set(d.listId, {
        id: d.listId,
        name: d.name,
        kind: d.kind,
        format: d.format,
        count: d.entryCount,
        rejected_count: d.rejectedCount,
        version: (lists.get(d.listId)?.version ?? 0) + 1,
        sha256: d.sha256,
        uploaded_at: d.at,
        uploaded_by: d.uploadedBy.email,
        active: true,
      });
      return;
    }
    case 'CustomListRemoved': {
      const list = lists.get(event.data.listId);
      if (list) list.active = false;
      return;
    }
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export function createCustomListCatalog(eventStore: EventStore): () => Promise<ReadonlyMap<string, CatalogEntry>> {
  const lists = new Map<string, CatalogEntry>();
  let position = 0;
  let last: Promise<unknown> = Promise.resolve();
  const refresh = async () => {
    // From the store's head at the last read (see cachedCustomLists): never a scan from the last list event on.
    const head = await eventStore.headPosition();
    const events = await eventStore.readAll({ after: position, filter: { eventTypes: customListEventTypes, streamPrefixes: [customListStreamPrefix] } });
    for (const e of events) foldCatalog(lists, { type: e.type, data: e.data } as CustomListEvent);
    position = Math.max(head, events.at(-1)?.position ?? 0);
    return lists;
  };
  return () => {
    const run = last.then(refresh, refresh);
    last = run.catch(() => undefined);
    return run;
  };
}
