/**
 * `opensanctions-crypto`: the crypto wallets in OpenSanctions' data, read from its
 * FollowTheMoney (FtM) export.
 *
 * Format (verified against OpenSanctions' documentation and code):
 * - https://www.opensanctions.org/docs/bulk/json/ : `entities.ftm.json` "includes one entity per
 *   line"; https://www.opensanctions.org/docs/entities/ : each entity is `{ id, schema,
 *   properties }`, every property multi-valued, values always strings, and a property of type
 *   entity holds another entity's id. OpenSanctions' exports add top-level `datasets`,
 *   `first_seen`, `last_seen` and `target`.
 * - FollowTheMoney's schema `CryptoWallet` (alephdata/followthemoney,
 *   followthemoney/schema/CryptoWallet.yaml): `publicKey` (the address), `holder` (a
 *   LegalEntity), and `currency` from the `Value` schema it extends; OpenSanctions' crawlers set
 *   `publicKey`, `currency`, `holder`, `topics` and sometimes `sourceUrl` (e.g.
 *   `wallet.add("currency", network)` in opensanctions/opensanctions' crawlers), with currency
 *   codes such as ETH, BTC, XBT, TRON, USDT (zavod/zavod/helpers/crypto.py).
 * - Topics are FtM's controlled vocabulary (followthemoney/types/topic.py): `sanction`,
 *   `sanction.linked`, `crime.theft`, `crime.fraud`, `crime.cyber`, `crime.traffick.drug`, …
 * - `Sanction` entities point at the sanctioned entity (`entity`) and carry the authority's
 *   `country` and a `startDate`.
 *
 * Default URL: the `sanctions` collection's export,
 * https://data.opensanctions.org/datasets/latest/sanctions/entities.ftm.json (hundreds of MB: it
 * is read line by line, twice, never held whole).
 *
 * Licence: CC BY-NC 4.0 (https://www.opensanctions.org/articles/2021-12-10-sustainability:
 * "available under the terms of the Creative Commons Attribution-NonCommercial 4.0 International
 * Public License"; https://www.opensanctions.org/faq/165/peps-only: "OpenSanctions is free for
 * non-commercial users. Businesses must acquire a data license to use the dataset"). So the feed is
 * off by default and its data is never shipped.
 *
 * Mapping:
 * - network: from `currency` (XBT/BTC → Bitcoin, ETH → Ethereum, TRX/TRON → TRON, USDT/USDC by
 *   the address's form, …); a wallet with no currency goes by the address's own form; a currency
 *   WalletScreen does not screen (XMR, ZEC, …) is skipped and counted;
 * - category: `sanctioned` when the wallet or its holder has the topic `sanction`; otherwise the
 *   closest of: `ransomware` (the ransomwhere dataset), `theft` (crime.theft), `scam`
 *   (crime.fraud), `darknet` (crime.traffick.drug: darknet markets trade mostly drugs), `other`;
 * - name: the holder's name (else the wallet's own name); jurisdiction: the holder's country
 *   (else the sanctioning authority's), as an English country name;
 * - source: the wallet's page on opensanctions.org; listedAt: the sanction's start date, else
 *   the date OpenSanctions first saw the wallet.
 */
import { networks, networksFor, type Network } from '@walletscreen/contracts';
import type { RiskCategory } from '@walletscreen/domain/feed/events';
import { chainOfNetwork, listedNetworkFor } from '@walletscreen/domain/sanctions-list/listing';
import { EntryCollector, quoted, type DownloadedFeedDefinition, type FeedParseResult, type FeedSource } from './feed';

export const OPENSANCTIONS_SANCTIONS_FTM_URL = 'https://data.opensanctions.org/datasets/latest/sanctions/entities.ftm.json';

interface FtmEntity {
  id: string;
  schema: string;
  properties: Record<string, string[]>;
  datasets: string[];
  firstSeen: string | null;
}

/** A line as an FtM entity; null when it is not one. */
function entityOf(line: string): FtmEntity | null | 'not-json' {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return 'not-json';
  }
  if (typeof json !== 'object' || json === null) return null;
  const o = json as Record<string, unknown>;
  if (typeof o.id !== 'string' || typeof o.schema !== 'string') return null;
  const properties: Record<string, string[]> = {};
  if (typeof o.properties === 'object' && o.properties !== null) {
    for (const [k, v] of Object.entries(o.properties as Record<string, unknown>)) {
      if (Array.isArray(v)) properties[k] = v.filter((x): x is string => typeof x === 'string');
    }
  }
  const datasets = Array.isArray(o.datasets) ? o.datasets.filter((x): x is string => typeof x === 'string') : [];
  return { id: o.id, schema: o.schema, properties, datasets, firstSeen: typeof o.first_seen === 'string' ? o.first_seen : null };
}

const first = (e: FtmEntity | undefined, ...props: string[]): string | undefined => {
  for (const p of props) {
    const v = e?.properties[p]?.find((x) => x.trim() !== '');
    if (v !== undefined) return v.trim();
  }
  return undefined;
};

/** FtM currency codes that mean a network by themselves, beyond OFAC's tickers (`listedNetworkFor`). */
const currencyAliases: Record<string, string> = { BTC: 'XBT', TRON: 'TRX', BNB: 'BSC' };
const screened: ReadonlySet<string> = new Set(networks);

/**
 * The network a wallet is screened on: its currency's, when the address is valid there (an EVM
 * address as "ethereum": it matches on every EVM network); the address's own form when no currency
 * is stated; otherwise why it cannot be screened.
 */
export function networkOfWallet(currency: string | undefined, address: string): { network: Network } | { reason: string } {
  const forms: readonly string[] = networksFor(address.trim());
  const asScreened = (n: Network): Network => (chainOfNetwork(n) === 'evm' ? 'ethereum' : n);
  if (currency === undefined || currency.trim() === '') {
    const network = forms[0] as Network | undefined;
    return network ? { network: asScreened(network) } : { reason: 'no currency stated, and the address is valid on no network WalletScreen screens' };
  }
  const code = currency.trim().toUpperCase();
  const listed = listedNetworkFor(currencyAliases[code] ?? code, address);
  if (listed === null || !screened.has(listed)) return { reason: `currency ${code} is not on a network WalletScreen screens` };
  if (!forms.includes(listed)) return { reason: `not a valid ${listed} address` };
  return { network: asScreened(listed as Network) };
}

/** The closest risk category of a wallet, from its and its holder's topics and datasets. */
export function categoryOf(topics: ReadonlySet<string>, datasets: ReadonlySet<string>): RiskCategory {
  if (topics.has('sanction')) return 'sanctioned';
  if ([...datasets].some((d) => d.startsWith('ransomwhere'))) return 'ransomware';
  if (topics.has('crime.theft')) return 'theft';
  if (topics.has('crime.fraud')) return 'scam';
  if (topics.has('crime.traffick.drug')) return 'darknet';
  return 'other';
}

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** An FtM country code ("ru", "kp") as an English name ("Russia"); the code, upper-cased, when it names no region. */
export function countryName(code: string): string {
  const upper = code.trim().toUpperCase();
  try {
    const name = /^[A-Z]{2}$/.test(upper) ? regions.of(upper) : undefined;
    return name && name !== upper && name !== 'Unknown Region' ? name : upper;
  } catch {
    return upper;
  }
}

const dateOf = (text: string | undefined | null): string | undefined => (text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : undefined);

export async function parseOpenSanctionsFtm(source: FeedSource): Promise<FeedParseResult> {
  const collector = new EntryCollector();
  // Pass 1: the wallets, and the ids of the entities they name.
  const wallets: Array<{ line: number; entity: FtmEntity }> = [];
  const wanted = new Set<string>();
  let lineNo = 0;
  let entities = 0;
  for await (const line of source.lines()) {
    lineNo++;
    if (line.trim() === '') continue;
    const entity = entityOf(line);
    if (entity === 'not-json' || entity === null) {
      collector.skip(`line ${lineNo}`, entity === 'not-json' ? 'not a JSON line' : 'not an FtM entity (no id or schema)');
      continue;
    }
    entities++;
    if (entity.schema !== 'CryptoWallet') continue;
    wallets.push({ line: lineNo, entity });
    wanted.add(entity.id);
    for (const h of entity.properties.holder ?? []) wanted.add(h);
  }
  // Pass 2: the holders, and the sanctions on a wallet or a holder.
  const holders = new Map<string, FtmEntity>();
  const sanctions = new Map<string, FtmEntity[]>();
  if (wallets.length > 0) {
    for await (const line of source.lines()) {
      if (line.trim() === '' || !line.includes('"')) continue;
      const entity = entityOf(line);
      if (entity === 'not-json' || entity === null) continue;
      if (entity.schema === 'Sanction') {
        for (const target of entity.properties.entity ?? []) if (wanted.has(target)) sanctions.set(target, [...(sanctions.get(target) ?? []), entity]);
      } else if (wanted.has(entity.id) && entity.schema !== 'CryptoWallet') {
        holders.set(entity.id, entity);
      }
    }
  }
  if (entities === 0) return collector.result();

  for (const { line, entity: wallet } of wallets) {
    const address = first(wallet, 'publicKey');
    const where = `line ${line}${address ? ` (${quoted(address)})` : ''}`;
    if (address === undefined) {
      collector.skip(where, 'no address (publicKey): an exchange account, not an on-chain wallet');
      continue;
    }
    const placed = networkOfWallet(first(wallet, 'currency'), address);
    if ('reason' in placed) {
      collector.skip(where, placed.reason);
      continue;
    }
    const holder = (wallet.properties.holder ?? []).map((id) => holders.get(id)).find((h) => h !== undefined);
    const topics = new Set([...(wallet.properties.topics ?? []), ...(holder?.properties.topics ?? [])]);
    const datasets = new Set([...wallet.datasets, ...(holder?.datasets ?? [])]);
    const listing = [...(sanctions.get(wallet.id) ?? []), ...(holder ? (sanctions.get(holder.id) ?? []) : [])];
    const country =
      first(holder, 'country', 'jurisdiction', 'nationality', 'mainCountry') ?? listing.map((s) => first(s, 'country')).find((c) => c !== undefined);
    const listedAt = listing.map((s) => dateOf(first(s, 'startDate', 'listingDate'))).find((d) => d !== undefined) ?? dateOf(wallet.firstSeen);
    collector.add(where, {
      address,
      network: placed.network,
      category: categoryOf(topics, datasets),
      name: first(holder, 'name') ?? first(wallet, 'name', 'alias') ?? 'Wallet listed by OpenSanctions',
      source: `https://www.opensanctions.org/entities/${encodeURIComponent(wallet.id)}/`,
      ...(country ? { jurisdiction: countryName(country) } : {}),
      ...(listedAt ? { listedAt } : {}),
    });
  }
  return collector.result();
}

export const openSanctionsCryptoFeed: DownloadedFeedDefinition = {
  id: 'opensanctions-crypto',
  kind: 'download',
  name: 'OpenSanctions crypto wallets',
  description:
    "Crypto wallets in OpenSanctions' sanctions data (FollowTheMoney export), with their holder, its country and topics: sanctioned when the holder or wallet is on a sanctions list, otherwise the closest category (theft, scam, ransomware, darknet, other).",
  categories: ['sanctioned', 'ransomware', 'theft', 'scam', 'darknet', 'other'],
  licence: {
    name: 'CC BY-NC 4.0 (commercial use needs a licence from OpenSanctions)',
    url: 'https://www.opensanctions.org/articles/2021-12-10-sustainability',
    commercialUse: false,
  },
  enabledByDefault: false,
  defaultUrl: OPENSANCTIONS_SANCTIONS_FTM_URL,
  parse: parseOpenSanctionsFtm,
};
