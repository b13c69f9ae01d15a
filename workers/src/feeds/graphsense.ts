/**
 * `graphsense-tagpacks`: the public address attributions of GraphSense (github.com/graphsense/
 * graphsense-tagpacks), read from GitHub's .tar.gz of the repository (or a checkout of it).
 *
 * Format (verified against graphsense/graphsense-tagpack-tool's
 * `src/tagpack/conf/tagpack_schema.yaml` and the repository at commit 29ff93c8ab0d):
 * - `packs/` and its sub-folders: one YAML document per pack (`*.yaml`). Its header (`title`,
 *   `creator`, `description`, `lastmod`, `source`, `currency` or `network`, `category`, `abuse`,
 *   `confidence`, `label`, `actor`, `is_public`, …) is inherited by every entry of `tags:`; an
 *   entry may override any of them (a null too) and adds `address` (or, for a transaction tag,
 *   `tx_hash`), `context`, `concepts`.
 * - `actors/*.yaml` (an "actor pack"): `actors:` of `{ id, label, jurisdictions: [ISO country
 *   codes], categories, uri, context }`, which a tag's `actor` names by id.
 * - Dates are plain `2022-11-16` (sometimes with a time): read with YAML's core schema they stay
 *   text, as the tool's JSON-Schema validation treats them.
 *
 * Default URL: https://codeload.github.com/graphsense/graphsense-tagpacks/tar.gz/refs/heads/master
 * (30 MB of YAML, ~14 MB gzip'd: 86 packs, ~524,000 tags). It is read as a stream, one pack at a
 * time, in one pass (the actors come first).
 *
 * Licence: MIT (the repository's LICENSE: "Copyright (c) 2022 Iknaio Cryptoasset Analytics GmbH,
 * Copyright (c) 2018-2022 AIT Austrian Institute of Technology"): commercial use allowed, with the
 * copyright notice. Some packs re-package third-party data whose own terms forbid reuse, whatever
 * the repository's licence says: every pack with a `source` (in its header or any tag) on a host
 * of `GRAPHSENSE_EXCLUDED_SOURCES` (etherscan.io: the `etherscan-*` packs and the DeFi-fraud
 * thesis pack; walletexplorer.com: `walletexplorer.yaml`) is left out whole, each of its tags
 * counted with the reason.
 *
 * Mapping (per tag, its own fields over its pack's):
 * - network: from `network`, else `currency` (BTC → Bitcoin, ETH → Ethereum, BEP20/BSC → BNB
 *   Chain, …; USDT and USDC by the address's form: Ethereum, TRON or Solana); a currency on a
 *   network WalletScreen does not screen (EOS, ADA, AVAX, USDT on the Omni Layer, …) is skipped;
 * - category: the `abuse` first (sextortion, phishing, scam ← scam/ponzi/pyramid/investment fraud,
 *   ransomware, exploit ← service_hack, terrorism ← terrorism/extremism, sanctioned ← sanction),
 *   then the `category` (exchange, mixer ← mixing_service, coinjoin, miner, gambling, defi ←
 *   defi*, bridge ← defi_bridge, darknet ← market, frozen ← black_list: the USDT issuer's
 *   blacklist), then `sanctioned` for a tag sourced from the US Treasury (OFAC) with neither,
 *   else `other`. A tag's category goes before the Treasury source: a mixer OFAC once sanctioned
 *   is still a mixer when delisted (Tornado Cash, 2025), and current sanctions come from the
 *   sanctions lists themselves;
 * - name: the tag's `label` (else its actor's, else the pack's title); source: its `source` when
 *   a web address, else the pack's page on GitHub; confidence: `confidence` when one of
 *   GraphSense's levels; actor: `actor`, and jurisdiction: that actor's jurisdictions as country
 *   names; listedAt: `lastmod` (YYYY-MM-DD).
 */
import { CORE_SCHEMA, load as loadYaml } from 'js-yaml';
import { parseAddress, type Network } from '@walletscreen/contracts';
import { FeedError } from '@walletscreen/domain/feed/errors';
import { labelConfidences, type LabelConfidence, type RiskCategory } from '@walletscreen/domain/feed/events';
import { EntryCollector, quoted, type DownloadedFeedDefinition, type FeedParseResult, type FeedSource, type SourceFile } from './feed';
import { countryName } from './opensanctions';

export const GRAPHSENSE_TAGPACKS_URL = 'https://codeload.github.com/graphsense/graphsense-tagpacks/tar.gz/refs/heads/master';
/** Where a pack is read on the web when its tags cite no web page of their own. */
export const GRAPHSENSE_TAGPACKS_PAGE = 'https://github.com/graphsense/graphsense-tagpacks/blob/master';

/**
 * Sources whose data the feed leaves out, whatever pack re-packages it (a pack citing one of these
 * hosts, or a subdomain, in its header or any tag): their terms forbid reusing their labels.
 */
export const GRAPHSENSE_EXCLUDED_SOURCES = [
  { host: 'etherscan.io', reason: 're-packages etherscan.io data, whose terms forbid reuse' },
  { host: 'walletexplorer.com', reason: 're-packages walletexplorer.com data, whose terms forbid reuse' },
] as const;

/** The network a currency or network code means, for codes that mean one network. */
const codeNetworks: Readonly<Record<string, Network>> = {
  BTC: 'bitcoin',
  XBT: 'bitcoin',
  ETH: 'ethereum',
  LTC: 'litecoin',
  DOGE: 'dogecoin',
  BCH: 'bitcoin-cash',
  TRX: 'tron',
  TRON: 'tron',
  SOL: 'solana',
  XRP: 'xrp',
  RIPPLE: 'xrp',
  BSC: 'bsc',
  BEP20: 'bsc',
  BNB: 'bsc',
  MATIC: 'polygon',
  POL: 'polygon',
  POLYGON: 'polygon',
  ARB: 'arbitrum',
  ARBITRUM: 'arbitrum',
  OP: 'optimism',
  OPTIMISM: 'optimism',
  BASE: 'base',
  XMR: 'monero',
  ZEC: 'zcash',
  DASH: 'dash',
  BTG: 'bitcoin-gold',
  XVG: 'verge',
  ETC: 'ethereum-classic',
  BSV: 'bitcoin-sv',
};
/** Tokens issued on several chains: the address's form decides, in this order. */
const tokenNetworks: Readonly<Record<string, readonly Network[]>> = {
  USDT: ['ethereum', 'tron', 'solana'],
  USDC: ['ethereum', 'tron', 'solana'],
};

/** The network a tag's address is screened on, from its `network` (else `currency`) code; otherwise why it cannot be. */
export function networkOfTag(code: string | undefined, address: string): { network: Network } | { reason: string } {
  if (code === undefined || code.trim() === '') return { reason: 'no currency or network stated' };
  const upper = code.trim().toUpperCase();
  const network = codeNetworks[upper];
  if (network) return { network };
  const candidates = tokenNetworks[upper];
  if (candidates) {
    const found = candidates.find((n) => parseAddress(address, n).ok);
    return found ? { network: found } : { reason: `${upper} on a network WalletScreen does not screen (its Ethereum, TRON and Solana addresses are read)` };
  }
  return { reason: `currency ${upper} is not on a network WalletScreen screens` };
}

const abuseCategories: Readonly<Record<string, RiskCategory>> = {
  sextortion: 'sextortion',
  phishing: 'phishing',
  scam: 'scam',
  ponzi_scheme: 'scam',
  pyramid_scheme: 'scam',
  investment_fraud: 'scam',
  ransomware: 'ransomware',
  service_hack: 'exploit',
  terrorism: 'terrorism',
  extremism: 'terrorism',
  sanction: 'sanctioned',
};
const tagCategories: Readonly<Record<string, RiskCategory>> = {
  exchange: 'exchange',
  mixing_service: 'mixer',
  coinjoin: 'coinjoin',
  miner: 'miner',
  gambling: 'gambling',
  defi: 'defi',
  defi_dex: 'defi',
  defi_lending: 'defi',
  defi_derivative: 'defi',
  defi_bridge: 'bridge',
  market: 'darknet',
  black_list: 'frozen',
};
const isTreasury = (host: string | null): boolean => host !== null && (host === 'treasury.gov' || host.endsWith('.treasury.gov'));

/** A tag's risk category, from its `abuse`, its `category` and the host of its `source`. */
export function categoryOfTag(abuse: string | undefined, category: string | undefined, sourceHost: string | null): RiskCategory {
  const byAbuse = abuse === undefined ? undefined : abuseCategories[abuse.trim().toLowerCase()];
  if (byAbuse) return byAbuse;
  const byCategory = category === undefined ? undefined : tagCategories[category.trim().toLowerCase()];
  if (byCategory) return byCategory;
  return isTreasury(sourceHost) ? 'sanctioned' : 'other';
}

/** Every category `categoryOfTag` can give. */
const graphsenseCategories: readonly RiskCategory[] = [
  ...new Set<RiskCategory>([...Object.values(abuseCategories), ...Object.values(tagCategories), 'sanctioned', 'other']),
];

type Fields = Record<string, unknown>;
const isFields = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A scalar field as text (YAML may read a label or an id as a number); undefined when absent or empty. */
function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() === '' ? undefined : v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date && !Number.isNaN(v.getTime())) return v.toISOString();
  return undefined;
}

const dateOf = (v: unknown): string | undefined => {
  const t = text(v);
  return t !== undefined && /^\d{4}-\d{2}-\d{2}/.test(t) ? t.slice(0, 10) : undefined;
};

const confidences: ReadonlySet<string> = new Set(labelConfidences);

/** A web address's host (lower case, without `www.`); null when it is none. Cached: the tags of a pack mostly share theirs. */
const hostCache = new Map<string, string | null>();
function hostOf(source: string | undefined): string | null {
  if (source === undefined || !/^https?:\/\//i.test(source)) return null;
  let host = hostCache.get(source);
  if (host === undefined) {
    try {
      host = new URL(source).hostname.toLowerCase().replace(/^www\./, '');
    } catch {
      host = null;
    }
    if (hostCache.size > 10_000) hostCache.clear();
    hostCache.set(source, host);
  }
  return host;
}

/** Why a pack is left out (its first source on an excluded host), or null. */
function exclusionOf(header: Fields, tags: readonly unknown[]): string | null {
  const sources = [header.source, ...tags.map((t) => (isFields(t) ? t.source : undefined))];
  for (const s of sources) {
    const host = hostOf(text(s));
    if (host === null) continue;
    const excluded = GRAPHSENSE_EXCLUDED_SOURCES.find((e) => host === e.host || host.endsWith(`.${e.host}`));
    if (excluded) return excluded.reason;
  }
  return null;
}

function parseYaml(content: string): unknown {
  // The core schema: plain scalars, no timestamps (a date stays "2022-11-16"), no custom tags.
  return loadYaml(content, { schema: CORE_SCHEMA, json: true });
}

interface Actor {
  label: string | undefined;
  jurisdiction: string | undefined;
}

const isActorPack = (p: string): boolean => /^actors\/[^/]+\.ya?ml$/i.test(p);
const isPack = (p: string): boolean => /^packs\/.+\.ya?ml$/i.test(p);

/** The actors of the actor packs, by id. */
async function readActors(file: SourceFile, actors: Map<string, Actor>, collector: EntryCollector): Promise<void> {
  let doc: unknown;
  try {
    doc = parseYaml(await file.text());
  } catch {
    collector.skip(file.path, "actor pack is not valid YAML: its actors' jurisdictions are unknown");
    return;
  }
  const list = isFields(doc) && Array.isArray(doc.actors) ? doc.actors : [];
  for (const a of list) {
    if (!isFields(a)) continue;
    const id = text(a.id);
    if (id === undefined) continue;
    const codes = Array.isArray(a.jurisdictions) ? a.jurisdictions.map(text).filter((c): c is string => c !== undefined) : [];
    const names = [...new Set(codes.map(countryName))];
    actors.set(id, { label: text(a.label), jurisdiction: names.length > 0 ? names.join(', ') : undefined });
  }
}

function readPack(path: string, content: string, actors: ReadonlyMap<string, Actor>, collector: EntryCollector): void {
  let doc: unknown;
  try {
    doc = parseYaml(content);
  } catch (error) {
    const line = (error as { mark?: { line?: number } }).mark?.line;
    collector.skip(line === undefined ? path : `${path} line ${line + 1}`, 'pack is not valid YAML (none of its tags is read)');
    return;
  }
  if (!isFields(doc) || !Array.isArray(doc.tags)) {
    collector.skip(path, 'pack has no list of tags');
    return;
  }
  const { tags, ...header } = doc as Fields & { tags: unknown[] };
  const title = text(header.title);
  const packPage = `${GRAPHSENSE_TAGPACKS_PAGE}/${path.split('/').map(encodeURIComponent).join('/')}`;
  const excluded = exclusionOf(header, tags);
  tags.forEach((tag, i) => {
    const t: Fields = isFields(tag) ? tag : {};
    // A tag's own value over its pack's, as the TagPack tool merges them: a tag stating `abuse: null` has none.
    const field = (key: string): string | undefined => (Object.hasOwn(t, key) ? text(t[key]) : text(header[key]));
    const address = text(t.address);
    const where = `${path} tag ${i + 1}${address ? ` (${quoted(address)})` : ''}`;
    if (!isFields(tag)) return collector.skip(where, 'tag is not a mapping');
    if (excluded) return collector.skip(where, excluded);
    if (address === undefined) return collector.skip(where, text(t.tx_hash) ? 'a transaction (tx_hash), not an address: not screened' : 'no address');
    const placed = networkOfTag(field('network') ?? field('currency'), address);
    if ('reason' in placed) return collector.skip(where, placed.reason);
    const source = field('source');
    const host = hostOf(source);
    const actorId = field('actor');
    const actor = actorId === undefined ? undefined : (actors.get(actorId) ?? actors.get(actorId.toLowerCase()));
    const confidence = field('confidence');
    const listedAt = dateOf(field('lastmod'));
    collector.add(where, {
      address,
      network: placed.network,
      category: categoryOfTag(field('abuse'), field('category'), host),
      name: field('label') ?? actor?.label ?? title ?? 'GraphSense tag',
      source: host !== null && source !== undefined ? source : packPage,
      ...(actor?.jurisdiction ? { jurisdiction: actor.jurisdiction } : {}),
      ...(listedAt ? { listedAt } : {}),
      ...(confidence !== undefined && confidences.has(confidence) ? { confidence: confidence as LabelConfidence } : {}),
      ...(actorId ? { actor: actorId } : {}),
    });
  });
}

export async function parseGraphsenseTagpacks(source: FeedSource): Promise<FeedParseResult> {
  // One pass: the repository lists actors/ before packs/ (GitHub's archive and a checkout's
  // sorted walk alike), so each pack is read with every actor known. A source that gives an actor
  // pack after a pack is read again, the actors first.
  let result = await readTagpacks(source, new Map());
  if (result.actorsLate) result = await readTagpacks(source, result.actors);
  const { collector, packs, single } = result;
  // A single pack given on its own (a file, not the repository) is read as one.
  if (packs === 0) {
    const onePack = single.length === 1 && /\.ya?ml$/i.test(single[0]?.path ?? '') ? single[0] : undefined;
    if (onePack === undefined)
      throw new FeedError(
        'invalid-file',
        `${source.name} holds no packs/*.yaml: the GraphSense TagPacks feed reads the graphsense-tagpacks repository (its .tar.gz, or a checkout of it)`,
      );
    readPack(onePack.path, onePack.text, result.actors, collector);
  }
  return collector.result();
}

/**
 * The packs of a source with the actors known when each is read (`known`: read before, for a
 * second pass), and whether an actor pack came after a pack (`actorsLate`). The first file's text
 * is kept while it is the only one (a single pack given on its own).
 */
async function readTagpacks(source: FeedSource, known: Map<string, Actor>) {
  const collector = new EntryCollector();
  const actors = known.size > 0 ? known : new Map<string, Actor>();
  const secondPass = known.size > 0;
  let packs = 0;
  let actorsLate = false;
  const single: Array<{ path: string; text: string }> = [];
  let files = 0;
  for await (const file of source.files()) {
    files++;
    if (isActorPack(file.path)) {
      if (packs > 0) actorsLate = true;
      // Read again on a second pass for what it skips; the actors are those of the first.
      await readActors(file, secondPass ? new Map() : actors, collector);
    } else if (isPack(file.path)) {
      packs++;
      readPack(file.path, await file.text(), actors, collector);
    } else if (files === 1) {
      single.push({ path: file.path, text: await file.text() });
    }
    if (files === 2) single.length = 0;
  }
  return { collector, actors, packs, actorsLate, single };
}

export const graphsenseTagpacksFeed: DownloadedFeedDefinition = {
  id: 'graphsense-tagpacks',
  kind: 'download',
  name: 'GraphSense TagPacks',
  description:
    "Addresses attributed in GraphSense's public TagPacks (github.com/graphsense/graphsense-tagpacks): exchanges' reserve wallets, mining pools, CoinJoin coordinators and DeFi protocols, and sextortion, ransomware, phishing, scam, hack, terrorism-financing, sanctioned and USDT-frozen addresses, each with its source, confidence and actor. Packs that re-package etherscan.io or walletexplorer.com data are left out, since those sites' terms forbid reuse.",
  categories: graphsenseCategories,
  licence: { name: 'MIT', url: 'https://github.com/graphsense/graphsense-tagpacks/blob/master/LICENSE', commercialUse: true },
  enabledByDefault: true,
  defaultUrl: GRAPHSENSE_TAGPACKS_URL,
  parse: parseGraphsenseTagpacks,
};
