/**
 * ImportFeedVersion: pure and synchronous; the time comes in on the command, the parsed file and
 * its hash in its data.
 * - a file with no usable entry is refused (`empty-feed`), so a broken download never empties the
 *   feed in force;
 * - the file in force again (same SHA-256 as the latest import) decides nothing: "unchanged";
 * - anything else is the next version (1 for the first import).
 */
import type { FeedId } from '@walletscreen/contracts';
import type { CommandMetadata, Decider } from '../decider';
import { FeedError } from './errors';
import { feedEvents, type FeedEvent, type SkippedEntries } from './events';
import { evolveFeed, initialFeedState, type FeedState } from './state';

export type FeedCommand = {
  type: 'ImportFeedVersion';
  data: {
    feedId: FeedId;
    /** SHA-256 (hex) of the file's bytes. */
    sha256: string;
    /** The URL, the file path, or "uploaded by <e-mail>: <file name>". */
    origin: string;
    /** The import whose parts hold the entries (recorded first: ../feed-entries), how many parts, and how many entries in all. */
    importId: string;
    parts: number;
    entryCount: number;
    /** Entries by chain and category. */
    counts: Record<string, Record<string, number>>;
    skipped: SkippedEntries;
  };
  metadata: CommandMetadata;
};

export function decideFeed(command: FeedCommand, state: FeedState): FeedEvent[] {
  switch (command.type) {
    case 'ImportFeedVersion': {
      const { data } = command;
      if (data.entryCount === 0) {
        const why =
          data.skipped.count > 0
            ? `all ${data.skipped.count} of its entries were left out (${Object.entries(data.skipped.reasons)
                .map(([r, n]) => `${n}: ${r}`)
                .join('; ')})`
            : 'it holds no entry';
        throw new FeedError('empty-feed', `Nothing was imported: ${why}. The version in force stays.`);
      }
      if (state.status === 'loaded' && state.sha256 === data.sha256) return [];
      return [
        {
          type: 'FeedVersionImported',
          data: {
            feedId: data.feedId,
            version: state.status === 'loaded' ? state.version + 1 : 1,
            sha256: data.sha256,
            fetchedAt: command.metadata.now,
            origin: data.origin,
            entryCount: data.entryCount,
            importId: data.importId,
            parts: data.parts,
            counts: data.counts,
            skipped: data.skipped,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export const feedDecider: Decider<FeedState, FeedCommand, FeedEvent> = {
  initialState: initialFeedState,
  evolve: evolveFeed,
  decide: decideFeed,
  types: feedEvents.typeSet,
};
