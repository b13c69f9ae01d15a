/**
 * The feeds' read models' queries: the labels of many addresses at once, and the versions in force.
 */
import type { FeedId } from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import type { FeedEntry } from '@walletscreen/domain/feed/events';
import { feedLabelGroups, feedLabels, feedVersions, type FeedLabelGroupDoc, type FeedVersionDoc } from './feed-labels.projection';

export { feedLabels, feedVersions, importOfVersion, type FeedLabelGroupDoc, type FeedVersionDoc } from './feed-labels.projection';

/** A label in force: the entry in full, its key, its feed and its import. */
export type StoredFeedLabel = FeedEntry & { key: string; feed: FeedId; import: string };

/** Each recorded feed's version in force, by feed. */
export async function feedVersionsInForce(store: ReadStore): Promise<Map<FeedId, FeedVersionDoc>> {
  return new Map((await feedVersions.find(store)).map((v) => [v.feed, v]));
}

/** Keys asked for in one query at most (SQLite's bound parameters; a check asks for a few hundred). */
const KEYS_PER_QUERY = 500;

/**
 * The labels of these keys (`feedEntryKey`) in each feed's version in force, with those versions:
 * one query per KEYS_PER_QUERY keys, then the versions. In that order: an import's labels are all
 * written before its version is, and the labels it replaces are dropped only with that version, so
 * whatever version is read after the labels has every one of its labels among them (a lookup during
 * a switch never comes back empty). A label of another import (one under way) is left out.
 */
export async function labelsOfKeys(
  store: ReadStore,
  keys: readonly string[],
  /** Groups read before, kept by the caller: a group never changes (its id names its import and part), so it is read once. */
  groupsRead: Map<string, FeedLabelGroupDoc> = new Map(),
): Promise<{ labels: StoredFeedLabel[]; versions: Map<FeedId, FeedVersionDoc> }> {
  const unique = [...new Set(keys)];
  const docs = [];
  for (let i = 0; i < unique.length; i += KEYS_PER_QUERY)
    docs.push(...(await feedLabels.find(store, { where: { key: { in: unique.slice(i, i + KEYS_PER_QUERY) } } })));
  const missing = [...new Set(docs.map((d) => d.group))].filter((g) => !groupsRead.has(g));
  if (missing.length > 0) for (const [id, group] of await feedLabelGroups.getMany(store, missing)) groupsRead.set(id, group);
  const versions = await feedVersionsInForce(store);
  const labels = docs.flatMap((d): StoredFeedLabel[] => {
    const group = groupsRead.get(d.group);
    if (!group || versions.get(d.feed)?.import !== d.import) return [];
    const { group: _group, ...own } = d;
    return [{ ...group, ...own } as StoredFeedLabel];
  });
  return { labels, versions };
}
