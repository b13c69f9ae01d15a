/**
 * The labels of the enabled feeds, for the intelligence stage of checks: every enabled feed's
 * version in force, looked up in the labels read model (projections/src/feeds) by the same per-chain
 * keys as the shipped labels (an EVM address matches case-insensitively on every EVM network), in
 * one query for all the addresses a check examines; the feeds shipped with the code (a few hundred
 * contracts) are indexed in memory. Nothing of the recorded feeds is held in memory, however many
 * labels they hold.
 *
 * Each label names its feed and version, so a check records which version of which feed said so.
 */
import type { FeedId, Network } from '@walletscreen/contracts';
import type { ReadStore } from '@walletscreen/platform';
import { feedVersionsInForce, labelsOfKeys, type FeedLabelGroupDoc, type FeedVersionDoc } from '@walletscreen/projections/feeds/queries';
import type { FeedEntry } from '@walletscreen/domain/feed/events';
import { chainOfNetwork } from '@walletscreen/domain/sanctions-list/listing';
import { feedDefinitions } from './catalog';
import { feedKeyOf, type ShippedFeedDefinition } from './feed';

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

/** A shipped feed's version and its labels by key. */
function shippedIndex(feed: ShippedFeedDefinition): { ref: FeedRef; byKey: Map<string, FeedLabel[]> } {
  const s = feed.shipped();
  const byKey = new Map<string, FeedLabel[]>();
  for (const e of s.entries) {
    const key = feedKeyOf(e.network, e.address);
    byKey.set(key, [...(byKey.get(key) ?? []), Object.freeze({ ...e, feed: { id: feed.id, version: s.version } })]);
  }
  return { ref: { id: feed.id, name: feed.name, version: s.version, sha256: s.sha256, entryCount: s.entries.length }, byKey };
}

export function storedFeedLabels(deps: { readStore: ReadStore; enabled: readonly FeedId[] }): FeedLabels {
  const feeds = deps.enabled.map((id) => feedDefinitions[id]);
  const shipped = new Map(feeds.flatMap((f) => (f.kind === 'shipped' ? [[f.id, shippedIndex(f)] as const] : [])));

  // Lookups that arrive while the versions in force are being read share that read: a check's
  // labels and its not-loaded feeds, asked together, and concurrent checks cost one query. A labels
  // lookup reads the versions after the labels (see `labelsOfKeys`), and that read serves too.
  let reading: Promise<Map<FeedId, FeedVersionDoc>> | null = null;
  const share = (read: () => Promise<Map<FeedId, FeedVersionDoc>>): Promise<Map<FeedId, FeedVersionDoc>> => {
    reading ??= read().finally(() => {
      reading = null;
    });
    return reading;
  };
  const versions = () => share(() => feedVersionsInForce(deps.readStore));

  // The groups of labels read so far (a pack's shared fields: a few hundred for half a million labels), kept since they never change.
  let groups = new Map<string, FeedLabelGroupDoc>();
  const GROUPS_KEPT = 20_000;

  return {
    async inForce() {
      const loaded = await versions();
      return feeds.flatMap((feed): FeedRef[] => {
        if (feed.kind === 'shipped') return [shipped.get(feed.id)!.ref];
        const v = loaded.get(feed.id);
        return v ? [{ id: feed.id, name: feed.name, version: String(v.version), sha256: v.sha256, entryCount: v.entryCount }] : [];
      });
    },
    async notLoaded(network) {
      const loaded = await versions();
      const chain = chainOfNetwork(network);
      return (
        feeds
          // A downloaded feed with nothing loaded was not read; an uploaded one (your own labels) with nothing uploaded holds nothing to read.
          .filter((feed) => feed.kind === 'download' && !loaded.has(feed.id) && (feed.covers === undefined || feed.covers.includes(chain)))
          .map((feed) => ({ id: feed.id, name: feed.name }))
      );
    },
    async labelsFor(network, addresses) {
      const byKey = new Map<string, string[]>();
      for (const address of addresses) {
        const key = feedKeyOf(network, address);
        byKey.set(key, [...(byKey.get(key) ?? []), address]);
      }
      const found = new Map<string, FeedLabel[]>();
      const add = (key: string, label: FeedLabel) => {
        for (const address of byKey.get(key) ?? []) found.set(address, [...(found.get(address) ?? []), { ...label, feed: { ...label.feed } }]);
      };
      if (byKey.size === 0) return found;
      if (groups.size > GROUPS_KEPT) groups = new Map();
      const lookup = labelsOfKeys(deps.readStore, [...byKey.keys()], groups);
      // Its versions, read after the labels, serve the lookups that arrive meanwhile (its failure is this lookup's own to report).
      share(() => lookup.then((r) => r.versions)).catch(() => undefined);
      const { labels: docs, versions: loaded } = await lookup;
      // In the feeds' fixed order, as the labels were always listed.
      for (const feed of feeds) {
        if (feed.kind === 'shipped') {
          const index = shipped.get(feed.id)!.byKey;
          for (const key of byKey.keys()) for (const label of index.get(key) ?? []) add(key, label);
          continue;
        }
        const version = String(loaded.get(feed.id)?.version ?? '');
        for (const d of docs) {
          if (d.feed !== feed.id) continue;
          const { key, feed: _feed, import: _import, ...entry } = d;
          add(key, { ...entry, feed: { id: feed.id, version } });
        }
      }
      return found;
    },
  };
}
