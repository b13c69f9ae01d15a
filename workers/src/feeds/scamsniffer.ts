/**
 * `scamsniffer`: the phishing and wallet-drainer addresses of ScamSniffer's public scam database
 * (github.com/scamsniffer/scam-database), `blacklist/all.json`.
 *
 * Format (verified against stored versions of the repository, research note issue 28 §2):
 * - `blacklist/all.json`, written daily: an object `{ "address": ["0x…", …], "domains": [ … ],
 *   "combined": … }`. `address` is a flat array of lower-case EVM addresses (a few thousand);
 *   `domains` are phishing sites (not screened); `combined` maps a site to the addresses it used
 *   (`{ "evil.example": ["0x…"], "": ["0x…"] }`, empty in some versions, so it is read only when
 *   it has that shape, to name an address's sites).
 * - `blacklist/address.json`, the older file (frozen since 2024 per third parties, a subset of
 *   all.json): a flat JSON array of the same strings. A file of that shape is read too.
 * - Dirty rows occur (`"null"`, an address with a trailing letter): each is left out and counted
 *   by reason. The file has been invalid JSON before (a missed comma): a file that is not JSON, or
 *   has no address array, is refused whole, and the version in force stays.
 *
 * The list does not say on which network an address was seen: its addresses are EVM accounts
 * (drainers work on every EVM chain), recorded as Ethereum and matched on every EVM network.
 * Category `phishing`; no listing date is given.
 *
 * Default URL: https://raw.githubusercontent.com/scamsniffer/scam-database/main/blacklist/all.json
 * (about 10 MB, most of it the domains). The public data lags 7 days (the repository's README:
 * "The open-source data is provided with a 7-day delay"; ScamSniffer sells a real-time API).
 *
 * Licence: GPL-3.0, as two independent third parties state (a consumer's code header "License:
 * GNU General Public License v3.0 Copyright (c) ScamSniffer" and the repository's issue #805); the
 * repository's LICENSE file itself could not be verified here. The list is downloaded by each
 * installation at sync time and never shipped with WalletScreen (its test fixtures are synthetic):
 * only facts (which address is flagged) are read from it.
 */
import { FeedError } from '@walletscreen/domain/feed/errors';
import { EntryCollector, quoted, type DownloadedFeedDefinition, type FeedParseResult, type FeedSource } from './feed';

export const SCAMSNIFFER_URL = 'https://raw.githubusercontent.com/scamsniffer/scam-database/main/blacklist/all.json';
/** Where a reader sees the database (the addresses have no page of their own). */
export const SCAMSNIFFER_PAGE = 'https://github.com/scamsniffer/scam-database';

const SHAPE = 'ScamSniffer\'s blacklist is a JSON object { "address": ["0x…", …], "domains": […] } (all.json) or a JSON array of addresses (address.json)';
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** How many of an address's phishing sites its name gives. */
const SITES_NAMED = 2;

/** The address list of all.json (or address.json's array), or null when the JSON has none. */
function addressList(json: unknown): unknown[] | null {
  if (Array.isArray(json)) return json;
  if (typeof json === 'object' && json !== null && Array.isArray((json as Record<string, unknown>).address)) return (json as { address: unknown[] }).address;
  return null;
}

/** The phishing sites of each address (lower case), from `combined` when it maps sites to addresses. */
function sitesByAddress(json: unknown): Map<string, string[]> {
  const sites = new Map<string, string[]>();
  const combined = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>).combined : undefined;
  if (typeof combined !== 'object' || combined === null || Array.isArray(combined)) return sites;
  for (const [site, listed] of Object.entries(combined)) {
    const domain = site.trim();
    if (domain === '' || !Array.isArray(listed)) continue;
    for (const address of listed) {
      if (typeof address !== 'string') continue;
      const key = address.trim().toLowerCase();
      const known = sites.get(key);
      if (known === undefined) sites.set(key, [domain]);
      else if (!known.includes(domain)) known.push(domain);
    }
  }
  return sites;
}

function nameOf(sites: readonly string[] | undefined): string {
  const base = 'ScamSniffer phishing/drainer address';
  if (sites === undefined || sites.length === 0) return base;
  const named = sites.slice(0, SITES_NAMED).join(', ');
  const more = sites.length > SITES_NAMED ? ` and ${sites.length - SITES_NAMED} more` : '';
  return `${base} (phishing site ${named}${more})`;
}

export async function parseScamSniffer(source: FeedSource): Promise<FeedParseResult> {
  let json: unknown;
  try {
    json = JSON.parse(await source.text());
  } catch (error) {
    throw new FeedError('invalid-file', `${source.name} is not valid JSON (${(error as Error).message}); ${SHAPE}`, { cause: error });
  }
  const list = addressList(json);
  if (list === null) throw new FeedError('invalid-file', `${source.name} holds no "address" array; ${SHAPE}`);
  const sites = sitesByAddress(json);
  const collector = new EntryCollector();
  list.forEach((item: unknown, i) => {
    if (typeof item !== 'string') return collector.skip(`address ${i + 1}`, 'not text');
    const text = item.trim();
    const where = `address ${i + 1}${text ? ` (${quoted(text)})` : ''}`;
    if (text === '' || text.toLowerCase() === 'null') return collector.skip(where, 'empty or "null"');
    if (!EVM_ADDRESS.test(text)) return collector.skip(where, 'not an EVM address (0x and 40 hex digits)');
    // The list is lower case; an address in other letters is read as the same account (no checksum to check).
    const address = text.toLowerCase();
    collector.add(where, {
      address,
      network: 'ethereum',
      category: 'phishing',
      name: nameOf(sites.get(address)),
      source: SCAMSNIFFER_PAGE,
    });
  });
  return collector.result();
}

export const scamSnifferFeed: DownloadedFeedDefinition = {
  id: 'scamsniffer',
  kind: 'download',
  name: 'ScamSniffer phishing addresses',
  covers: ['evm'],
  description:
    "Phishing and wallet-drainer addresses from ScamSniffer's public scam database (github.com/scamsniffer/scam-database, blacklist/all.json): category phishing, on every EVM network. The public data lags ScamSniffer's own by 7 days.",
  categories: ['phishing'],
  licence: { name: 'GPL-3.0', url: 'https://github.com/scamsniffer/scam-database', commercialUse: true },
  enabledByDefault: true,
  defaultUrl: SCAMSNIFFER_URL,
  parse: parseScamSniffer,
};
