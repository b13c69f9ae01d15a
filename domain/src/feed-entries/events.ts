/**
 * A feed version's entries, recorded in parts before the version itself (issue 28: a feed of half
 * a million labels does not fit one event). One stream per import, `feed-entries-<feed>-<import>`,
 * holds `FeedEntriesRecorded` parts 0, 1, … of at most FEED_ENTRIES_PER_PART entries; the
 * `FeedVersionImported` on the feed's own stream that names this import (`importId`, `parts`) is
 * what puts them in force. Parts of an import that never got its version (a sync that crashed or
 * was refused) are never in force, and the labels read model drops them.
 *
 * A part is written compactly: the fields all its entries share once (`shared`), then each entry's
 * address and whatever it does not share (a proof-of-reserves list is then little more than its
 * addresses). `packEntries` and `unpackEntries` are each other's inverse.
 */
import { z } from 'zod';
import { feedIds, type FeedId } from '@walletscreen/contracts';
import { eventSchema, eventUnion } from '../decider';
import { feedEntrySchema, type FeedEntry } from '../feed/events';

export const feedEntriesStreamPrefix = 'feed-entries-';
export const feedEntriesStreamId = (feedId: FeedId, importId: string): string => `${feedEntriesStreamPrefix}${feedId}-${importId}`;

/** Entries per part: a part stays well under a megabyte (Kafka's default message size) however long its names. */
export const FEED_ENTRIES_PER_PART = 2000;

const sharedFieldsSchema = feedEntrySchema.omit({ address: true }).partial();
const packedEntrySchema = feedEntrySchema.partial().required({ address: true });

export const feedEntriesRecordedSchema = z.object({
  feedId: z.enum(feedIds),
  /** The import these entries belong to (its version names it). */
  importId: z.string(),
  /** SHA-256 (hex) of the feed file they were read from. */
  sha256: z.string(),
  /** 0, 1, …: the parts of an import, in order. */
  part: z.number().int().min(0),
  /** The fields every entry of the part has, written once. */
  shared: sharedFieldsSchema,
  /** Each entry: its address and the fields it does not share. */
  entries: z.array(packedEntrySchema),
});
export type FeedEntriesRecorded = z.infer<typeof feedEntriesRecordedSchema>;

export const feedEntriesEvents = eventUnion([eventSchema('FeedEntriesRecorded', feedEntriesRecordedSchema)]);
export type FeedEntriesEvent = z.infer<typeof feedEntriesEvents.schema>;

type SharedFields = z.infer<typeof sharedFieldsSchema>;
type PackedEntry = z.infer<typeof packedEntrySchema>;

/** The fields of `entries` whose value is the same in every one (never the address). */
export function packEntries(entries: readonly FeedEntry[]): { shared: SharedFields; entries: PackedEntry[] } {
  const first = entries[0];
  if (!first) return { shared: {}, entries: [] };
  const shared: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(first)) {
    if (field === 'address' || value === undefined) continue;
    if (entries.every((e) => (e as Record<string, unknown>)[field] === value)) shared[field] = value;
  }
  const packed = entries.map((e) => {
    const own: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(e)) if (value !== undefined && !(field in shared)) own[field] = value;
    return own as PackedEntry;
  });
  return { shared, entries: packed };
}

/** A part's entries in full. */
export function unpackEntries(part: Pick<FeedEntriesRecorded, 'shared' | 'entries'>): FeedEntry[] {
  return part.entries.map((e) => ({ ...part.shared, ...e }) as FeedEntry);
}
