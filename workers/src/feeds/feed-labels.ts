/**
 * The labels of the enabled feeds, for the intelligence stage of checks: every enabled feed's
 * version in force (the last import on its `feed-<id>` stream, or a shipped feed's file), indexed
 * by the same per-chain keys as the shipped labels (an EVM address matches case-insensitively on
 * every EVM network). The index is cached and rebuilt only when a feed stream's revision changed,
 * as the OFAC index is (`cachedSanctionsIndex`): a check costs one revision read per feed.
 *
 * Each label names its feed and version, so a check records which version of which feed said so.
 */
import type { FeedId, Network } from '@walletscreen/contracts';
import type { EventStore } from '@walletscreen/platform';
import { feedDefinitions } from './catalog';
import { feedStreamId, type FeedEntry } from '@walletscreen/domain/feed/events';
import { feedKeyOf } from './feed';
import { chainOfNetwork } from '@walletscreen/domain/sanctions-list/listing';
import { lastFeedEvent } from './feed-stream';

/** A feed in force, as a check's `initialize` evidence records it. */
export interface FeedRef {
  id: FeedId;
  name: string;
  /** The import's sequence number ("3"), or a shipped file's hash prefix. */
  version: string;
  sha256: string;
  entryCount: number;
}

/** A feed's label of an address: the entry, and which feed and version it comes from. */
export interface FeedLabel extends FeedEntry {
  feed: { id: FeedId; version: string };
}

export interface FeedLabels {
  /** The enabled feeds with a version in force, in their fixed order. */
  inForce(): Promise<FeedRef[]>;
  /** The enabled downloaded feeds with no version loaded yet that could mark an address on `network`: a check does not read them, and says so. */
  notLoaded(network: Network): Promise<Array<{ id: FeedId; name: string }>>;
  /** The labels of each of `addresses` on `network`, keyed by the addresses exactly as given; unlabelled ones are left out. */
  labelsFor(network: Network, addresses: Iterable<string>): Promise<Map<string, FeedLabel[]>>;
}

interface Loaded {
  ref: FeedRef;
  labels: FeedLabel[];
}

const labelsOf = (id: FeedId, version: string, entries: readonly FeedEntry[]): FeedLabel[] =>
  entries.map((e) => Object.freeze({ ...e, feed: { id, version } }));

export function cachedFeedLabels(deps: { eventStore: EventStore; enabled: readonly FeedId[] }): FeedLabels {
  const feeds = deps.enabled.map((id) => feedDefinitions[id]);
  const perFeed = new Map<FeedId, { revision: number | 'no-stream' | 'shipped'; loaded: Loaded | null }>();
  let built: { refs: FeedRef[]; index: Map<string, FeedLabel[]> } | null = null;

  // Lookups that arrive while the feeds' revisions are being read share that read: a check's
  // labels and its not-loaded feeds, asked together, and concurrent checks cost one round of reads.
  let refreshing: Promise<{ refs: FeedRef[]; index: Map<string, FeedLabel[]> }> | null = null;
  function current(): Promise<{ refs: FeedRef[]; index: Map<string, FeedLabel[]> }> {
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function refresh(): Promise<{ refs: FeedRef[]; index: Map<string, FeedLabel[]> }> {
    let changed = built === null;
    for (const feed of feeds) {
      if (feed.kind === 'shipped') {
        if (!perFeed.has(feed.id)) {
          const s = feed.shipped();
          perFeed.set(feed.id, {
            revision: 'shipped',
            loaded: {
              ref: { id: feed.id, name: feed.name, version: s.version, sha256: s.sha256, entryCount: s.entries.length },
              labels: labelsOf(feed.id, s.version, s.entries),
            },
          });
          changed = true;
        }
        continue;
      }
      const revision = await deps.eventStore.streamRevision(feedStreamId(feed.id));
      if (perFeed.get(feed.id)?.revision === revision) continue;
      const { event } = await lastFeedEvent(deps.eventStore, feed.id);
      const loaded: Loaded | null = event
        ? {
            ref: { id: feed.id, name: feed.name, version: String(event.data.version), sha256: event.data.sha256, entryCount: event.data.entryCount },
            labels: labelsOf(feed.id, String(event.data.version), event.data.entries),
          }
        : null;
      perFeed.set(feed.id, { revision, loaded });
      changed = true;
    }
    if (changed || !built) {
      const index = new Map<string, FeedLabel[]>();
      const refs: FeedRef[] = [];
      for (const feed of feeds) {
        const loaded = perFeed.get(feed.id)?.loaded;
        if (!loaded) continue;
        refs.push(loaded.ref);
        for (const label of loaded.labels) {
          const key = feedKeyOf(label.network, label.address);
          index.set(key, [...(index.get(key) ?? []), label]);
        }
      }
      built = { refs, index };
    }
    return built;
  }

  return {
    async inForce() {
      return [...(await current()).refs];
    },
    async notLoaded(network) {
      await current();
      const chain = chainOfNetwork(network);
      return (
        feeds
          // A downloaded feed with nothing loaded was not read; an uploaded one (your own labels) with nothing uploaded holds nothing to read.
          .filter((feed) => feed.kind === 'download' && !perFeed.get(feed.id)?.loaded && (feed.covers === undefined || feed.covers.includes(chain)))
          .map((feed) => ({ id: feed.id, name: feed.name }))
      );
    },
    async labelsFor(network, addresses) {
      const { index } = await current();
      const found = new Map<string, FeedLabel[]>();
      for (const address of addresses) {
        const hit = index.get(feedKeyOf(network, address));
        if (hit)
          found.set(
            address,
            hit.map((l) => ({ ...l, feed: { ...l.feed } })),
          );
      }
      return found;
    },
  };
}
