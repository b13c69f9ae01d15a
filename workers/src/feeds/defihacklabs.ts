/**
 * `defihacklabs`: the attackers of the DeFi exploits that DeFiHackLabs reproduces
 * (github.com/SunWeb3Sec/DeFiHackLabs), read from GitHub's .tar.gz of the repository (or a
 * checkout of it).
 *
 * Format (verified against stored versions of the repository, research note issue 28 §3):
 * - One Foundry proof of concept per incident, `src/test/YYYY-MM/<Name>_exp.sol`, whose header
 *   comment names the parties as explorer links or bare addresses:
 *   ```
 *   // @KeyInfo - Total Lost : 19.7k USD
 *   // Attacker : https://etherscan.io/address/0xa7e9…46da
 *   // Attack Contract : https://etherscan.io/address/0xa6dc…3a71
 *   // Fake Token Contract : https://basescan.org/address/0xd3c8…2788
 *   // Vulnerable Contract : https://etherscan.io/address/0xf4a2…6f14
 *   // Attack Tx : https://etherscan.io/tx/0xc747…67f8
 *   // Time : 2023-07-10
 *   ```
 *   Variants: `@KeyInfo -- Total Lost`, no space before the colon, `Attacker 1:` … `Attacker 5:`,
 *   `Attacker Contract`, `Attack Contracts :` with the links on the following `//  - …` lines,
 *   empty values, `N/A`, tx links on app.blocksec.com / phalcon.blocksec.com /
 *   explorer.phalcon.xyz with the chain in the path (`/tx/bsc/0x…`).
 * - README.md (recent incidents) and past/<year>/README.md: one section per incident,
 *   `### YYYYMMDD <Name> - <root cause>`, `### Lost: …`, and the PoC's path in a `forge test
 *   --contracts ./src/test/…` line or a `[…](src/test/…)` / `(../../src/test/…)` link.
 *
 * Mapping, per PoC (the header only: the comment lines before the first contract, interface,
 * library, struct, enum or function):
 * - read: `Attacker`, `Attack(er) Contract` and `Fake Token Contract` addresses (numbered or
 *   plural too); a link names one address (a token page's `?a=` account, else the last address of
 *   its path). NEVER the `Vulnerable Contract` (nor a `Victim …`): that is the victim; an address
 *   a header names both ways is left out;
 * - network: the explorer's host (etherscan.io → Ethereum, bscscan.com → BNB Chain, arbiscan.io →
 *   Arbitrum, basescan.org → Base, polygonscan.com → Polygon, optimistic.etherscan.io → Optimism;
 *   Blocksec/Phalcon links by their chain segment). An address on another explorer (snowtrace.io,
 *   blastscan.io, ftmscan.com, a testnet, …) is on a chain WalletScreen does not screen: skipped,
 *   counted by host. A bare address takes the chain the PoC forks (`vm.createSelectFork("bsc", …)`,
 *   else a `// Chain :` line); with none, or several, it is skipped;
 * - category `exploit`; name: "DeFiHackLabs: <incident> exploit <role> (<root cause>), lost <…>",
 *   the incident from the file name, the root cause from the README, the loss from the header's
 *   `Total Lost` (else the README's `Lost:`);
 * - listedAt: the header's `// Time :` date, else the README heading's date for that PoC; never
 *   the folder's month, which is no date of the incident;
 * - source: the PoC's page on GitHub.
 * EVM addresses are read in any letter case (explorer links are not checksummed) and recorded in
 * their checksummed form. A PoC with no attacker address in its header is counted as skipped.
 *
 * Default URL: https://codeload.github.com/SunWeb3Sec/DeFiHackLabs/tar.gz/refs/heads/main (read as
 * a stream in two passes: the READMEs, then the PoCs).
 *
 * Licence: Apache-2.0 (the repository's LICENSE, "Copyright 2022-2026 DeFiHackLabs"): commercial
 * use allowed, with the notice. The .sol files themselves say `SPDX-License-Identifier:
 * UNLICENSED`; only facts (addresses, dates, losses) are extracted, no code is copied.
 */
import type { EvmNetwork } from '@walletscreen/contracts';
import { FeedError } from '@walletscreen/domain/feed/errors';
import { EntryCollector, type DownloadedFeedDefinition, type FeedParseResult, type FeedSource } from './feed';

export const DEFIHACKLABS_URL = 'https://codeload.github.com/SunWeb3Sec/DeFiHackLabs/tar.gz/refs/heads/main';
/** Where a PoC is read on the web. */
export const DEFIHACKLABS_PAGE = 'https://github.com/SunWeb3Sec/DeFiHackLabs/blob/main';

/** Block explorers whose address pages name an address on one of our EVM networks (exact host, `www.` left out). */
export const DEFIHACKLABS_EXPLORERS: Readonly<Record<string, EvmNetwork>> = {
  'etherscan.io': 'ethereum',
  'bscscan.com': 'bsc',
  'arbiscan.io': 'arbitrum',
  'basescan.org': 'base',
  'polygonscan.com': 'polygon',
  'optimistic.etherscan.io': 'optimism',
};
/** Explorers that put the chain in the path (`/explorer/address/bsc/0x…`). */
const CHAIN_IN_PATH = new Set(['app.blocksec.com', 'phalcon.blocksec.com', 'explorer.phalcon.xyz']);

/** A chain as a PoC forks it (foundry.toml's rpc_endpoints) or a `Chain :` line or a path segment names it. */
const chainNames: Readonly<Record<string, EvmNetwork>> = {
  mainnet: 'ethereum',
  ethereum: 'ethereum',
  eth: 'ethereum',
  bsc: 'bsc',
  bnb: 'bsc',
  'bnb chain': 'bsc',
  arbitrum: 'arbitrum',
  arb: 'arbitrum',
  base: 'base',
  polygon: 'polygon',
  matic: 'polygon',
  optimism: 'optimism',
  op: 'optimism',
};

type Role = 'attacker' | 'attack contract' | 'fake token contract';

/** What a header key names: one of the roles read, the victim, or nothing this feed reads. */
function roleOf(key: string): Role | 'victim' | null {
  const k = key
    .replace(/\([^)]*\)/g, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (/\b(vulnerable|vuln|victim)\b/.test(k)) return 'victim';
  if (/^(attacker|exploiter)( address| eoa)?s?( ?\d+)?$/.test(k)) return 'attacker';
  if (/^(attack|attacker|exploit|exploiter) contracts?( address)?( ?\d+)?$/.test(k)) return 'attack contract';
  if (/^fake token( contract)?s?( ?\d+)?$/.test(k)) return 'fake token contract';
  return null;
}

/** An address found in a header value, with the host and path of the link it was in (none when bare). */
interface Found {
  address: string;
  host: string | null;
  path: string;
}

const ADDRESS = /(?<![0-9A-Za-z])0x[0-9a-fA-F]{40}(?![0-9A-Za-z])/g;

/**
 * The addresses of a header value: each word of it that is or holds one. A link names one address:
 * its `?a=` holder (a token page filtered to an account), else the last address of its path.
 */
function addressesIn(value: string): Found[] {
  const found: Found[] = [];
  for (const word of value.split(/[\s,;|]+/)) {
    const matches = word.match(ADDRESS);
    if (!matches) continue;
    if (!/^\(?https?:\/\//i.test(word)) {
      for (const address of matches) found.push({ address, host: null, path: '' });
      continue;
    }
    let url: URL;
    try {
      url = new URL(word.replace(/^\(/, '').replace(/\)$/, ''));
    } catch {
      // Not a readable link: its address is counted as on no known explorer, not dropped without trace.
      found.push({ address: matches[matches.length - 1] ?? '', host: 'an unreadable host', path: '' });
      continue;
    }
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    const holder = url.searchParams.get('a')?.match(ADDRESS)?.[0];
    const address = holder ?? url.pathname.match(ADDRESS)?.at(-1);
    if (address !== undefined) found.push({ address, host, path: url.pathname });
  }
  return found;
}

interface Header {
  /** The addresses of each role, in order. */
  parties: { role: Role; found: Found }[];
  /** The victim's addresses (lower case). */
  victims: Set<string>;
  lost: string | undefined;
  time: string | undefined;
  /** The `// Chain :` line's value. */
  chain: string | undefined;
}

/** A line continuing the list of the key above it: `- https://…`, `* 0x…`, `1. https://…` or a bare link or address. */
const LIST_ITEM = /^(?:[-*•]|\d+[.)])?\s*(?:https?:\/\/|0x)/i;
const DECLARATION = /^\s*(abstract\s+contract|contract|interface|library|struct|enum|function)\b/;

/** The PoC's header comment: its parties, loss, time and chain. */
function readHeader(content: string): Header {
  const header: Header = { parties: [], victims: new Set(), lost: undefined, time: undefined, chain: undefined };
  // The key of the line before, whose list (`//  - https://…`) a line without a key continues.
  let current: Role | 'victim' | null = null;
  for (const line of content.split(/\r?\n/)) {
    if (DECLARATION.test(line)) break;
    const comment = /^\s*\/\/+\s?(.*)$/.exec(line);
    if (!comment) {
      current = null;
      continue;
    }
    const text = (comment[1] ?? '').trim();
    const lost = /total\s+lost\s*:\s*(.*)$/i.exec(text);
    if (lost) {
      header.lost ??= (lost[1] ?? '').trim() || undefined;
      current = null;
      continue;
    }
    const keyed = /^([A-Za-z][A-Za-z0-9 ()_-]*?)\s*:\s*(.*)$/.exec(text);
    let role: Role | 'victim' | null;
    let value: string;
    if (keyed && !/^https?$/i.test(keyed[1] ?? '')) {
      const key = keyed[1] ?? '';
      value = keyed[2] ?? '';
      role = roleOf(key);
      current = role;
      if (/^time$/i.test(key.trim())) header.time ??= value.trim() || undefined;
      if (/^chain$/i.test(key.trim())) header.chain ??= value.trim() || undefined;
    } else if (LIST_ITEM.test(text)) {
      role = current;
      value = text;
    } else {
      current = null;
      continue;
    }
    if (role === null) continue;
    for (const found of addressesIn(value)) {
      if (role === 'victim') header.victims.add(found.address.toLowerCase());
      else header.parties.push({ role, found });
    }
  }
  return header;
}

/** The chains a PoC forks (`vm.createSelectFork("bsc", …)`, `createFork("mainnet")`), as written. */
function forksOf(content: string): string[] {
  const forks = new Set<string>();
  for (const m of content.matchAll(/\.create(?:Select)?Fork\(\s*"([^"]*)"/g)) forks.add((m[1] ?? '').trim());
  return [...forks];
}

/** The network a found address is on, or why it cannot be told. */
function networkOf(found: Found, forks: readonly string[], chain: string | undefined): { network: EvmNetwork } | { reason: string } {
  if (found.host !== null) {
    const byHost = DEFIHACKLABS_EXPLORERS[found.host];
    if (byHost) return { network: byHost };
    if (CHAIN_IN_PATH.has(found.host)) {
      const segments = found.path.split('/').filter((s) => s !== '');
      const at = segments.findIndex((s) => s.toLowerCase() === found.address.toLowerCase());
      const segment = at > 0 ? segments[at - 1] : undefined;
      const byPath = segment === undefined ? undefined : chainNames[segment.toLowerCase()];
      return byPath ? { network: byPath } : { reason: `a ${found.host} link on a chain WalletScreen does not screen` };
    }
    return { reason: `a link to ${found.host}, not an explorer of a network WalletScreen screens` };
  }
  if (forks.length > 1) return { reason: 'a bare address in a PoC that forks several chains: its chain is unknown' };
  const fork = forks[0];
  if (fork !== undefined) {
    const network = chainNames[fork.toLowerCase()];
    return network ? { network } : { reason: `a bare address in a PoC forking "${fork}", a chain WalletScreen does not screen` };
  }
  if (chain !== undefined) {
    const network = chainNames[chain.toLowerCase()];
    return network ? { network } : { reason: `a bare address on "${chain}", a chain WalletScreen does not screen` };
  }
  return { reason: 'a bare address in a PoC that forks no named chain: its chain is unknown' };
}

/** An incident of the READMEs: its date, root cause and loss. */
interface Incident {
  date: string | undefined;
  cause: string | undefined;
  lost: string | undefined;
}

/** "20250815" as "2025-08-15", when it is a real day. */
function dayOf(digits: string): string | undefined {
  const iso = `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : undefined;
}

const POC_PATH = /src\/test\/[^\s()[\]`'"|<>]+?\.sol/g;

/** The incidents of a README, by the path of each PoC its sections name (the first section naming one wins). */
function readReadme(content: string, incidents: Map<string, Incident>): void {
  let incident: Incident | null = null;
  for (const line of content.split(/\r?\n/)) {
    const heading = /^#{2,4}\s+(\d{8})\s+(.*?)\s*$/.exec(line);
    if (heading) {
      const title = heading[2] ?? '';
      const dash = title.lastIndexOf(' - ');
      const cause = dash >= 0 ? title.slice(dash + 3).trim() : '';
      incident = { date: dayOf(heading[1] ?? ''), cause: cause || undefined, lost: undefined };
      continue;
    }
    if (/^#{1,2}\s/.test(line)) {
      incident = null;
      continue;
    }
    if (incident === null) continue;
    const lost = /^#{2,4}\s*(?:total\s+)?lost\s*:\s*(.*?)\s*$/i.exec(line);
    if (lost) {
      incident.lost ??= lost[1] || undefined;
      continue;
    }
    for (const m of line.matchAll(POC_PATH)) if (!incidents.has(m[0])) incidents.set(m[0], incident);
  }
}

const isReadme = (p: string): boolean => p === 'README.md' || /^past\/\d{4}\/README\.md$/.test(p);
const isPoc = (p: string): boolean => /^src\/test\/(?:.+\/)?[^/]+_exp\.sol$/.test(p);

/** Free text cut to `max` characters. */
const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const isNone = (text: string | undefined): boolean => text === undefined || /^(n\/?a|none|unknown|-+|\?+|tbd)$/i.test(text.trim());

/** "2023-07-10" from a `Time :` value starting with a date (2023-07-10, 2023/07/10), when a real day. */
function timeOf(value: string | undefined): string | undefined {
  const m = value === undefined ? null : /^(\d{4})[-/.](\d{2})[-/.](\d{2})(?!\d)/.exec(value);
  return m ? dayOf(`${m[1]}${m[2]}${m[3]}`) : undefined;
}

function readPoc(path: string, content: string, incidents: ReadonlyMap<string, Incident>, collector: EntryCollector): void {
  const header = readHeader(content);
  if (header.parties.length === 0) return collector.skip(path, 'no attacker or attack contract address in its header');
  const incident = incidents.get(path);
  const name = (path.split('/').pop() ?? path).replace(/_exp\.sol$/, '');
  const lost = [header.lost, incident?.lost].find((l) => !isNone(l));
  const cause = incident?.cause;
  const listedAt = timeOf(header.time) ?? incident?.date;
  const source = `${DEFIHACKLABS_PAGE}/${path.split('/').map(encodeURIComponent).join('/')}`;
  const forks = forksOf(content);
  for (const { role, found } of header.parties) {
    const address = found.address.toLowerCase();
    const where = `${path} (${role} ${found.address})`;
    if (header.victims.has(address)) {
      collector.skip(where, 'also named as the vulnerable contract (the victim): not labelled');
      continue;
    }
    const placed = networkOf(found, forks, header.chain);
    if ('reason' in placed) {
      collector.skip(where, placed.reason);
      continue;
    }
    collector.add(where, {
      address,
      network: placed.network,
      category: 'exploit',
      name: `DeFiHackLabs: ${cut(name, 40)} exploit ${role}${cause ? ` (${cut(cause, 50)})` : ''}${lost ? `, lost ${cut(lost.trim(), 40)}` : ''}`,
      source,
      ...(listedAt ? { listedAt } : {}),
    });
  }
}

export async function parseDefiHackLabs(source: FeedSource): Promise<FeedParseResult> {
  // Pass 1: the READMEs (each incident's date, cause and loss), and whether there are PoCs at all.
  const incidents = new Map<string, Incident>();
  let pocs = 0;
  for await (const file of source.files()) {
    if (isReadme(file.path)) readReadme(await file.text(), incidents);
    else if (isPoc(file.path)) pocs++;
  }
  if (pocs === 0)
    throw new FeedError(
      'invalid-file',
      `${source.name} holds no src/test/**/*_exp.sol: the DeFiHackLabs feed reads the SunWeb3Sec/DeFiHackLabs repository (its .tar.gz, or a checkout of it)`,
    );
  // Pass 2: the PoCs, one at a time.
  const collector = new EntryCollector();
  for await (const file of source.files()) {
    if (isPoc(file.path)) readPoc(file.path, await file.text(), incidents, collector);
  }
  return collector.result();
}

export const defiHackLabsFeed: DownloadedFeedDefinition = {
  id: 'defihacklabs',
  kind: 'download',
  name: 'DeFiHackLabs exploit attackers',
  covers: ['evm'],
  description:
    "Attacker wallets and attack contracts of the DeFi exploits reproduced by DeFiHackLabs (github.com/SunWeb3Sec/DeFiHackLabs), read from each proof of concept's header with the incident's date, root cause and loss: category exploit, on Ethereum, BNB Chain, Arbitrum, Base, Polygon and Optimism. The exploited (victim) contracts are never labelled.",
  categories: ['exploit'],
  licence: { name: 'Apache-2.0', url: 'https://github.com/SunWeb3Sec/DeFiHackLabs/blob/main/LICENSE', commercialUse: true },
  enabledByDefault: true,
  defaultUrl: DEFIHACKLABS_URL,
  parse: parseDefiHackLabs,
};
