/**
 * Every feed WalletScreen knows, and which of them are enabled. The operator chooses with
 * FEEDS_ENABLED (a comma list of feed ids, or "none"); unset, each feed's own default holds:
 * OpenSanctions is off by default (its licence does not allow commercial use without a licence
 * from OpenSanctions), the others are on. A disabled feed is never downloaded nor read by checks.
 */
import { feedIds, type FeedId } from '@walletscreen/contracts';
import { contractSetsFeed } from './contract-sets';
import { customLabelsFeed } from './custom-labels';
import { ethereumDarklistFeed } from './darklist';
import { defiHackLabsFeed } from './defihacklabs';
import { defiLlamaCexFeed } from './defillama-cex';
import type { FeedDefinition } from './feed';
import { graphsenseTagpacksFeed } from './graphsense';
import { openSanctionsCryptoFeed } from './opensanctions';
import { scamSnifferFeed } from './scamsniffer';
import { stablecoinFreezesFeed } from './stablecoin-freezes';

export const feedDefinitions: Readonly<Record<FeedId, FeedDefinition>> = {
  'opensanctions-crypto': openSanctionsCryptoFeed,
  'ethereum-darklist': ethereumDarklistFeed,
  'contract-sets': contractSetsFeed,
  'custom-labels': customLabelsFeed,
  'graphsense-tagpacks': graphsenseTagpacksFeed,
  'stablecoin-freezes': stablecoinFreezesFeed,
  scamsniffer: scamSnifferFeed,
  defihacklabs: defiHackLabsFeed,
  'defillama-cex': defiLlamaCexFeed,
};

/** The definitions in their fixed order. */
export const allFeeds: readonly FeedDefinition[] = feedIds.map((id) => feedDefinitions[id]);

/** The feeds enabled by a FEEDS_ENABLED setting (undefined: each feed's default), in their fixed order. */
export function enabledFeedIds(setting: readonly FeedId[] | undefined): FeedId[] {
  if (setting === undefined) return allFeeds.filter((f) => f.enabledByDefault).map((f) => f.id);
  const chosen = new Set(setting);
  return feedIds.filter((id) => chosen.has(id));
}

export const isFeedId = (text: string): text is FeedId => (feedIds as readonly string[]).includes(text);
