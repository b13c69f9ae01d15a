/**
 * RecordFeedEntries: the next part of an import's entries. Pure; its state is the number of parts
 * recorded, which the stream's last event gives (the sync loads it so: `lastEventStreams`).
 * - a part already recorded decides nothing (a retried append, a sync resumed after a crash);
 * - a part beyond the next is refused: parts are never missing in between;
 * - an empty part is refused (nothing to record).
 */
import type { FeedId } from '@walletscreen/contracts';
import type { CommandMetadata, Decider } from '../decider';
import type { FeedEntry } from '../feed/events';
import { feedEntriesEvents, packEntries, type FeedEntriesEvent } from './events';

export interface FeedEntriesState {
  /** Parts recorded: the next part's number. */
  parts: number;
}

export const initialFeedEntriesState: FeedEntriesState = { parts: 0 };

export function evolveFeedEntries(_state: FeedEntriesState, event: FeedEntriesEvent): FeedEntriesState {
  return { parts: event.data.part + 1 };
}

export type FeedEntriesCommand = {
  type: 'RecordFeedEntries';
  data: { feedId: FeedId; importId: string; sha256: string; part: number; entries: readonly FeedEntry[] };
  metadata: CommandMetadata;
};

export function decideFeedEntries(command: FeedEntriesCommand, state: FeedEntriesState): FeedEntriesEvent[] {
  const { data } = command;
  if (data.part < state.parts) return [];
  if (data.part > state.parts) throw new Error(`part ${data.part} of import ${data.importId} cannot come before part ${state.parts}`);
  if (data.entries.length === 0) throw new Error(`part ${data.part} of import ${data.importId} holds no entry`);
  return [
    { type: 'FeedEntriesRecorded', data: { feedId: data.feedId, importId: data.importId, sha256: data.sha256, part: data.part, ...packEntries(data.entries) } },
  ];
}

export const feedEntriesDecider: Decider<FeedEntriesState, FeedEntriesCommand, FeedEntriesEvent> = {
  initialState: initialFeedEntriesState,
  evolve: evolveFeedEntries,
  decide: decideFeedEntries,
  types: feedEntriesEvents.typeSet,
};
