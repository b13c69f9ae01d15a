/**
 * Reading the custom block and allow lists from the event store. The lists are folded
 * incrementally: each call reads only the custom-list events appended since the store's head at
 * the last call (by event type, which the store indexes), and the match index is rebuilt only when
 * one arrived.
 */
import type { EventStore } from '@walletscreen/platform';
import { customListEventTypes, customListStreamPrefix } from '@walletscreen/domain/custom-list/events';
import { buildCustomListsIndex, foldCustomLists, type CustomLists, type CustomListsIndex } from './custom-lists-index.projection';

/** The lists in force, cached; call it before each use to pick up uploads and removals. */
export function cachedCustomLists(eventStore: EventStore): () => Promise<CustomListsIndex> {
  let position = 0;
  let lists: CustomLists = new Map();
  let index: CustomListsIndex = buildCustomListsIndex(lists);
  let last: Promise<unknown> = Promise.resolve();
  const refresh = async (): Promise<CustomListsIndex> => {
    // The store's head first: every event up to it has been looked at once this read is done, so
    // the next read starts there, not at the last list event, which may be long ago (SQLite finds
    // the few by its type index either way, ~14 µs; EventStoreDB's filtered read of $all scans the
    // log from the position given, for every check).
    const head = await eventStore.headPosition();
    const events = await eventStore.readAll({ after: position, filter: { eventTypes: customListEventTypes, streamPrefixes: [customListStreamPrefix] } });
    position = Math.max(head, events.at(-1)?.position ?? 0);
    if (events.length === 0) return index;
    for (const e of events) lists = foldCustomLists(lists, e);
    index = buildCustomListsIndex(lists);
    return index;
  };
  // One refresh at a time, each after the one before (so no event is folded twice), and each
  // reading the store afresh (so a check never misses an upload that finished before it asked).
  return () => {
    const next = last.then(refresh, refresh);
    last = next.catch(() => undefined);
    return next;
  };
}
