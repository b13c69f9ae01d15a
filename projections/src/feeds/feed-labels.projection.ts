/**
 * The labels of the intelligence feeds' versions in force, one document per address and category
 * of a feed (`feed_labels`), and each recorded feed's version in force (`feed_versions`): what the
 * intelligence stage of a check looks up, in one query for all the addresses it examines, however
 * many labels the feeds hold (half a million with GraphSense's TagPacks), instead of holding them in
 * memory.
 *
 * An import's entries arrive in parts before the version that puts them in force
 * (domain/src/feed-entries): each part is written as it comes, tagged with its import; the version
 * then becomes the feed's version in force and every label of the feed from another import is
 * dropped (the previous version's, and those of an import that never got its version). A lookup
 * keeps only the labels of the import in force, so the parts of an import under way are never read.
 * Versions imported before issue 28 carry their entries in the version event: they are written then.
 */
import type { FeedId, Network } from '@walletscreen/contracts';
import type { ReadModelWrite, RecordedEvent } from '@walletscreen/platform';
import { packEntries, type FeedEntriesRecorded } from '@walletscreen/domain/feed-entries/events';
import { countEntries, feedEntryKey, type FeedEntry, type FeedVersionImported, type SkippedEntries } from '@walletscreen/domain/feed/events';
import { collection } from '../collection';
import type { FanOutProjection } from '../projection';

/**
 * One label: an address of a feed's import with the fields it does not share with the rest of its
 * part (often none but its address), and the key it is found by. The shared fields are in its group.
 */
export type FeedLabelDoc = Partial<FeedEntry> &
  Pick<FeedEntry, 'address'> & {
    /** `feedEntryKey(network, address)`: chain and address ("evm:0xabc…"). */
    key: string;
    feed: FeedId;
    /** The import it belongs to. */
    import: string;
    /** Its group's id (`feed_label_groups`). */
    group: string;
  };

/** The fields the labels of one part share (a pack's name, source, confidence, …), written once. */
export type FeedLabelGroupDoc = Partial<FeedEntry> & { feed: FeedId; import: string };

/** A recorded feed's version in force. */
export interface FeedVersionDoc {
  feed: FeedId;
  import: string;
  version: number;
  sha256: string;
  entryCount: number;
  fetchedAt: string;
  origin: string;
  /** Entries by chain and category (counted here for versions imported before issue 28, which carry their entries). */
  counts: Record<string, Record<string, number>>;
  /** What the file left out, with reasons. */
  skipped: SkippedEntries;
}

export const feedLabels = collection<FeedLabelDoc>('feed_labels');
export const feedLabelGroups = collection<FeedLabelGroupDoc>('feed_label_groups');
export const feedVersions = collection<FeedVersionDoc>('feed_versions');

/** The import a version names: its own, or (before issue 28) one named after the version. */
export const importOfVersion = (data: Pick<FeedVersionImported, 'importId' | 'version'>): string => data.importId ?? `v${data.version}`;

/** A part's labels and their group. */
function partWrites(feed: FeedId, importId: string, part: string, packed: Pick<FeedEntriesRecorded, 'shared' | 'entries'>): ReadModelWrite[] {
  const group = `${feed}|${importId}|${part}`;
  const groupDoc: FeedLabelGroupDoc = { ...packed.shared, feed, import: importId };
  return [
    { collection: feedLabelGroups.name, id: group, doc: groupDoc, fresh: true },
    ...packed.entries.map((own, i): ReadModelWrite => {
      const network = (own.network ?? packed.shared.network) as Network;
      const doc: FeedLabelDoc = { ...own, key: feedEntryKey(network, own.address), feed, import: importId, group };
      return { collection: feedLabels.name, id: `${group}|${i}`, doc, fresh: true };
    }),
  ];
}

/** Every label and group of a feed but those of one import: the previous version's, and those of imports never put in force. */
const dropAllBut = (feed: FeedId, importId: string): ReadModelWrite[] =>
  [feedLabels.name, feedLabelGroups.name].flatMap((c) => [
    { collection: c, deleteWhere: { feed, import: { lt: importId } } },
    { collection: c, deleteWhere: { feed, import: { gt: importId } } },
  ]);

export const feedLabelsProjection: FanOutProjection = {
  name: 'feed-labels',
  collection: feedLabels.name,
  indexes: [['key'], ['feed', 'import']],
  also: [{ collection: feedLabelGroups.name, indexes: [['feed', 'import']] }, { collection: feedVersions.name }],
  handles: ['FeedEntriesRecorded', 'FeedVersionImported'],
  writesOf(event: RecordedEvent): ReadModelWrite[] {
    if (event.type === 'FeedEntriesRecorded') {
      const part = event.data as FeedEntriesRecorded;
      return partWrites(part.feedId, part.importId, String(part.part), part);
    }
    if (event.type !== 'FeedVersionImported') return [];
    const v = event.data as FeedVersionImported;
    const importId = importOfVersion(v);
    const version: FeedVersionDoc = {
      feed: v.feedId,
      import: importId,
      version: v.version,
      sha256: v.sha256,
      entryCount: v.entryCount,
      fetchedAt: v.fetchedAt,
      origin: v.origin,
      counts: v.counts ?? countEntries(v.entries ?? []),
      skipped: v.skipped,
    };
    return [
      ...(v.entries ? partWrites(v.feedId, importId, 'inline', packEntries(v.entries)) : []),
      { collection: feedVersions.name, id: v.feedId, doc: version },
      ...dropAllBut(v.feedId, importId),
    ];
  },
};
