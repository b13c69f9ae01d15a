/**
 * What `GET /api/admin/feeds` answers about each feed: whether it is enabled, its licence, the
 * version in force (with its file's SHA-256, entries, when and from where it was imported, and
 * what the file left out), and the last sync attempt from the sync log.
 */
import type { FeedId, FeedStatus } from '@walletscreen/contracts';
import type { EventStore } from '@walletscreen/platform';
import { allFeeds, feedDefinitions } from './catalog';
import type { FeedDefinition } from './feed';
import { feedStreamId } from '@walletscreen/domain/feed/events';
import { lastFeedEvent } from './feed-stream';
import { cachedFeedSyncLog } from './sync-log';

export type FeedsStatusReader = {
  all(): Promise<FeedStatus[]>;
  one(id: FeedId): Promise<FeedStatus>;
};

export function createFeedsStatus(deps: { eventStore: EventStore; enabled: readonly FeedId[] }): FeedsStatusReader {
  const syncLog = cachedFeedSyncLog(deps.eventStore);
  // The last import of each feed, read again only when its stream's revision changed.
  const cache = new Map<FeedId, { revision: number | 'no-stream'; event: Awaited<ReturnType<typeof lastFeedEvent>>['event'] }>();

  async function inForce(feed: FeedDefinition) {
    if (feed.kind === 'shipped') {
      const s = feed.shipped();
      return { version: s.version, sha256: s.sha256, entries: s.entries.length, imported_at: null, origin: null, skipped: null };
    }
    const revision = await deps.eventStore.streamRevision(feedStreamId(feed.id));
    let cached = cache.get(feed.id);
    if (!cached || cached.revision !== revision) {
      cached = { revision, event: revision === 'no-stream' ? null : (await lastFeedEvent(deps.eventStore, feed.id)).event };
      cache.set(feed.id, cached);
    }
    const d = cached.event?.data;
    if (!d) return { version: null, sha256: null, entries: 0, imported_at: null, origin: null, skipped: null };
    return {
      version: String(d.version),
      sha256: d.sha256,
      entries: d.entryCount,
      imported_at: d.fetchedAt,
      origin: d.origin,
      skipped: d.skipped.count > 0 ? d.skipped : null,
    };
  }

  async function statusOf(feed: FeedDefinition): Promise<FeedStatus> {
    const [version, log] = await Promise.all([inForce(feed), syncLog()]);
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
      ...version,
      last_sync: attempt ? { at: attempt.at, trigger: attempt.trigger, result: attempt.result, code: attempt.code, reason: attempt.reason } : null,
    };
  }

  return {
    all: () => Promise.all(allFeeds.map(statusOf)),
    one: (id) => statusOf(feedDefinitions[id]),
  };
}
