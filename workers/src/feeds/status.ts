/**
 * What `GET /api/admin/feeds` answers about each feed: whether it is enabled, its licence, the
 * version in force (with its file's SHA-256, entries by chain and category, when and from where it
 * was imported, and what the file left out), and the last sync attempt from the sync log.
 *
 * The version in force is the one checks read: the labels read model's (projections/src/feeds), so
 * the screen never shows a version whose labels are still being written.
 */
import type { FeedId, FeedStatus } from '@walletscreen/contracts';
import type { EventStore, ReadStore } from '@walletscreen/platform';
import { countEntries } from '@walletscreen/domain/feed/events';
import { feedVersionsInForce } from '@walletscreen/projections/feeds/queries';
import { allFeeds, feedDefinitions } from './catalog';
import type { FeedDefinition } from './feed';
import { cachedFeedSyncLog } from './sync-log';

export type FeedsStatusReader = {
  all(): Promise<FeedStatus[]>;
  one(id: FeedId): Promise<FeedStatus>;
};

type VersionInForce = Pick<FeedStatus, 'version' | 'sha256' | 'entries' | 'counts' | 'imported_at' | 'origin' | 'skipped'>;

export function createFeedsStatus(deps: { eventStore: EventStore; readStore: ReadStore; enabled: readonly FeedId[] }): FeedsStatusReader {
  const syncLog = cachedFeedSyncLog(deps.eventStore);

  function inForce(feed: FeedDefinition, versions: Awaited<ReturnType<typeof feedVersionsInForce>>): VersionInForce {
    if (feed.kind === 'shipped') {
      const s = feed.shipped();
      return {
        version: s.version,
        sha256: s.sha256,
        entries: s.entries.length,
        counts: countEntries(s.entries),
        imported_at: null,
        origin: null,
        skipped: null,
      };
    }
    const v = versions.get(feed.id);
    if (!v) return { version: null, sha256: null, entries: 0, counts: null, imported_at: null, origin: null, skipped: null };
    return {
      version: String(v.version),
      sha256: v.sha256,
      entries: v.entryCount,
      counts: v.counts,
      imported_at: v.fetchedAt,
      origin: v.origin,
      skipped: v.skipped.count > 0 ? v.skipped : null,
    };
  }

  async function statusOf(feeds: readonly FeedDefinition[]): Promise<FeedStatus[]> {
    const [versions, log] = await Promise.all([feedVersionsInForce(deps.readStore), syncLog()]);
    return feeds.map((feed) => {
      const attempt = log[feed.id];
      return {
        id: feed.id,
        name: feed.name,
        description: feed.description,
        kind: feed.kind,
        enabled: deps.enabled.includes(feed.id),
        enabled_by_default: feed.enabledByDefault,
        licence: { name: feed.licence.name, url: feed.licence.url, commercial_use: feed.licence.commercialUse },
        categories: [...feed.categories],
        url: feed.kind === 'download' ? feed.defaultUrl : null,
        ...inForce(feed, versions),
        last_sync: attempt ? { at: attempt.at, trigger: attempt.trigger, result: attempt.result, code: attempt.code, reason: attempt.reason } : null,
      };
    });
  }

  return {
    all: () => statusOf(allFeeds),
    one: async (id) => (await statusOf([feedDefinitions[id]]))[0]!,
  };
}
