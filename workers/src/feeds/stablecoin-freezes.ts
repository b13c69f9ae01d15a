/**
 * `stablecoin-freezes`: the addresses Tether and Circle have frozen, read from the chain itself —
 * the issuers' own blacklist events on their token contracts, folded in order into the set frozen
 * now (a removal unfreezes).
 *
 * Events (research note issue28-feed-formats.md §4, topic hashes computed there and matched in
 * public code):
 * - USDT on Ethereum (0xdac17f958d2ee523a2206206994597c13d831ec7): `AddedBlackList(address)`,
 *   `RemovedBlackList(address)`, `DestroyedBlackFunds(address,uint256)`; the address is NOT indexed:
 *   it is the last 40 hex digits of the first 32-byte word of `data` (the second word of
 *   DestroyedBlackFunds is the amount destroyed, 6 decimals).
 * - USDC on Ethereum (the proxy 0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48, whose context the
 *   implementation's events are emitted in): `Blacklisted(address indexed)`,
 *   `UnBlacklisted(address indexed)`: the address is in topics[1].
 * - USDT on TRON (TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t): `AddedBlackList`, `RemovedBlackList` and
 *   `DestroyedBlackFunds`, from TronGrid's `/v1/contracts/:address/events` (`result._user`, or
 *   `_blackListedUser` with `_balance`, is "0x" + 40 hex, the address without its 41 prefix;
 *   base58check gives its T… form).
 *
 * Sources: Ethereum logs from Etherscan's v2 `module=logs&action=getLogs` when ETHERSCAN_API_KEY is
 * set, else from the Ethereum Blockscout instance's Etherscan-compatible `/api?module=logs&action=getLogs`
 * (no key). Both answer at most 1000 logs in (block, log index) order, so the logs are read by block
 * window: after a full page the next request starts again at the last block read, and logs already
 * read (transaction hash + log index) are dropped. Numbers are hex strings, with or without "0x"
 * (Blockscout's view writes them without), and "0x" alone is zero. TRON events from TronGrid
 * (TRON-PRO-API-KEY when TRONGRID_API_KEY is set), oldest first, 200 a page, by `meta.fingerprint`.
 *
 * The collected file ("walletscreen/stablecoin-freezes@1") is JSON: the events, one a line, sorted
 * by chain, block and index, with nothing about when they were fetched, so the same events hash
 * alike and sync as "unchanged":
 *   {"format":"walletscreen/stablecoin-freezes@1","events":[
 *   {"chain":"ethereum","contract":"0xdac1…","event":"AddedBlackList","block":19000000,"index":31,"time":"2024-01-12T…Z","tx":"0x…","topics":["0x42e1…"],"data":"0x…"},
 *   {"chain":"tron","contract":"TR7N…","event":"AddedBlackList","block":60000000,"index":0,"time":"…","tx":"…","result":{"_user":"0x…"}}
 *   ]}
 * Entries: category `frozen`, confidence `ledger_immanent` (read from the ledger: the issuer's own
 * action), listed at the date of the freeze, with a link to the freezing transaction. An Ethereum
 * address matches on every EVM network (our match keys), but the freeze is of the issuer's token
 * on Ethereum only: the name says so.
 *
 * Licence: the events are public blockchain data, with no licence of their own; the sources' terms
 * apply to reading them (Etherscan's API terms, Blockscout's, TronGrid's).
 */
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Logger } from '@walletscreen/platform';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { base58CheckEncode } from '@walletscreen/contracts/addresses/base58';
import { FeedError } from '@walletscreen/domain/feed/errors';
import { blockscoutProviderName } from '../chain-data/blockscout';
import { ETHERSCAN_PROVIDER, checkEtherscan } from '../chain-data/etherscan';
import { ProviderError, createHttpClient, systemClock, type HttpClient } from '../chain-data/http';
import { trimBase } from '../chain-data/provider';
import { rateLookup } from '../chain-data/service';
import { TRONGRID_PROVIDER, TRON_USDT_CONTRACT } from '../chain-data/trongrid';
import type { ChainDataConfig } from '../chain-data/types';
import { arr, formatUnits, obj, str } from '../chain-data/units';
import { EntryCollector, quoted, type DownloadedFeedDefinition, type FeedCollectContext, type FeedParseResult, type FeedSource } from './feed';

export const STABLECOIN_FREEZES_FORMAT = 'walletscreen/stablecoin-freezes@1';
export const USDT_ETHEREUM_CONTRACT = '0xdac17f958d2ee523a2206206994597c13d831ec7';
export const USDC_ETHEREUM_CONTRACT = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';

type Action = 'freeze' | 'unfreeze' | 'destroy';
/** The networks the issuers' freezes are read on. */
type FreezeNetwork = 'ethereum' | 'tron';

interface WatchedEvent {
  chain: FreezeNetwork;
  contract: string;
  event: string;
  action: Action;
  issuer: 'Tether' | 'Circle';
  token: 'USDT' | 'USDC';
  /** Ethereum: the event's topic0, and where its address is. */
  topic0?: string;
  address?: 'data' | 'topic1';
}

/** Every event read, in the order they are asked for. */
export const watchedEvents: readonly WatchedEvent[] = [
  {
    chain: 'ethereum',
    contract: USDT_ETHEREUM_CONTRACT,
    event: 'AddedBlackList',
    action: 'freeze',
    issuer: 'Tether',
    token: 'USDT',
    topic0: '0x42e160154868087d6bfdc0ca23d96a1c1cfa32f1b72ba9ba27b69b98a0d819dc',
    address: 'data',
  },
  {
    chain: 'ethereum',
    contract: USDT_ETHEREUM_CONTRACT,
    event: 'RemovedBlackList',
    action: 'unfreeze',
    issuer: 'Tether',
    token: 'USDT',
    topic0: '0xd7e9ec6e6ecd65492dce6bf513cd6867560d49544421d0783ddf06e76c24470c',
    address: 'data',
  },
  {
    chain: 'ethereum',
    contract: USDT_ETHEREUM_CONTRACT,
    event: 'DestroyedBlackFunds',
    action: 'destroy',
    issuer: 'Tether',
    token: 'USDT',
    topic0: '0x61e6e66b0d6339b2980aecc6ccc0039736791f0ccde9ed512e789a7fbdd698c6',
    address: 'data',
  },
  {
    chain: 'ethereum',
    contract: USDC_ETHEREUM_CONTRACT,
    event: 'Blacklisted',
    action: 'freeze',
    issuer: 'Circle',
    token: 'USDC',
    topic0: '0xffa4e6181777692565cf28528fc88fd1516ea86b56da075235fa575af6a4b855',
    address: 'topic1',
  },
  {
    chain: 'ethereum',
    contract: USDC_ETHEREUM_CONTRACT,
    event: 'UnBlacklisted',
    action: 'unfreeze',
    issuer: 'Circle',
    token: 'USDC',
    topic0: '0x117e3210bb9aa7d9baff172026820255c6f6c30ba8999d1c2fd88e2848137c4e',
    address: 'topic1',
  },
  { chain: 'tron', contract: TRON_USDT_CONTRACT, event: 'AddedBlackList', action: 'freeze', issuer: 'Tether', token: 'USDT' },
  { chain: 'tron', contract: TRON_USDT_CONTRACT, event: 'RemovedBlackList', action: 'unfreeze', issuer: 'Tether', token: 'USDT' },
  { chain: 'tron', contract: TRON_USDT_CONTRACT, event: 'DestroyedBlackFunds', action: 'destroy', issuer: 'Tether', token: 'USDT' },
];

const watchedOf = (chain: string, contract: string, event: string) =>
  watchedEvents.find((w) => w.chain === chain && w.contract.toLowerCase() === contract.toLowerCase() && w.event === event);

/** One event as the collected file records it. */
export interface FreezeEvent {
  chain: FreezeNetwork;
  contract: string;
  event: string;
  block: number;
  /** Ethereum: the log's index in its block; TRON: the event's index in its transaction. */
  index: number;
  time: string;
  tx: string;
  /** Ethereum. */
  topics?: string[];
  data?: string;
  /** TRON: the event's named values. */
  result?: Record<string, string>;
}

const chainOrder: Record<FreezeNetwork, number> = { ethereum: 0, tron: 1 };
const compareEvents = (a: FreezeEvent, b: FreezeEvent): number =>
  chainOrder[a.chain] - chainOrder[b.chain] ||
  a.block - b.block ||
  a.tx.localeCompare(b.tx) ||
  a.index - b.index ||
  a.contract.localeCompare(b.contract) ||
  a.event.localeCompare(b.event);

// ----------------------------------------------------------------------------------------------
// Addresses

/**
 * A TRON address as an event's result gives it ("0x" + 40 hex, without the 41 prefix; or 41 + 40
 * hex) in its base58check T… form; a T… address as is; null for anything else.
 */
export function tronAddressFromEvent(text: string): string | null {
  const value = text.trim();
  if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return value;
  const hex = /^(?:0x|41)?([0-9a-fA-F]{40})$/.exec(value)?.[1];
  return hex === undefined ? null : base58CheckEncode(Uint8Array.from(Buffer.from(`41${hex}`, 'hex')));
}

/** The address in a 32-byte word (its last 40 hex digits, the rest zero); null when it is not one. */
function addressOfWord(word: string | undefined): string | null {
  if (word === undefined || !/^0{24}[0-9a-fA-F]{40}$/.test(word)) return null;
  return `0x${word.slice(24).toLowerCase()}`;
}

/** The 32-byte words of a log's `data`. */
const wordsOf = (data: string): string[] => (data.replace(/^0x/i, '').match(/[0-9a-fA-F]{64}/g) ?? []) as string[];

// ----------------------------------------------------------------------------------------------
// Parsing: the collected file into the addresses frozen now

interface Freeze {
  network: FreezeNetwork;
  address: string;
  issuer: WatchedEvent['issuer'];
  token: WatchedEvent['token'];
  tx: string;
  time: string;
  destroyed: bigint;
}

const tokenDecimals = 6;
const chainNames: Record<FreezeNetwork, string> = { ethereum: 'Ethereum', tron: 'TRON' };
const txLink = (chain: FreezeNetwork, tx: string) =>
  chain === 'ethereum' ? `https://etherscan.io/tx/${tx}` : `https://tronscan.org/#/transaction/${tx.replace(/^0x/, '')}`;

function describe(f: Freeze): string {
  const what = f.issuer === 'Tether' ? `Frozen by Tether (USDT on ${chainNames[f.network]})` : `Blacklisted by Circle (USDC on ${chainNames[f.network]})`;
  return f.destroyed > 0n ? `${what}, ${formatUnits(f.destroyed, tokenDecimals)} ${f.token} destroyed` : what;
}

export async function parseStablecoinFreezes(source: FeedSource): Promise<FeedParseResult> {
  let json: unknown;
  try {
    json = JSON.parse(await source.text());
  } catch (error) {
    throw new FeedError('invalid-file', `${source.name} is not valid JSON (${(error as Error).message}); the feed's file is collected by the sync itself`, {
      cause: error,
    });
  }
  const file = obj(json);
  if (file.format !== STABLECOIN_FREEZES_FORMAT || !Array.isArray(file.events)) {
    throw new FeedError('invalid-file', `${source.name} is not a stablecoin freezes file (no "format": "${STABLECOIN_FREEZES_FORMAT}" with "events")`);
  }
  const collector = new EntryCollector();
  // In the order they happened, whatever the file's order: a removal after its freeze, not before.
  const events = (file.events as unknown[]).map((raw, i) => {
    const e = obj(raw);
    const sortable: FreezeEvent = {
      chain: e.chain === 'tron' ? 'tron' : 'ethereum',
      contract: str(e.contract) ?? '',
      event: str(e.event) ?? '',
      block: typeof e.block === 'number' ? e.block : 0,
      index: typeof e.index === 'number' ? e.index : 0,
      time: '',
      tx: str(e.tx) ?? '',
    };
    return { raw: e, sortable, i };
  });
  events.sort((a, b) => compareEvents(a.sortable, b.sortable) || a.i - b.i);
  const frozen = new Map<string, Freeze>();
  for (const { raw: e, i } of events) {
    const tx = str(e.tx) ?? '';
    const where = `event ${i + 1}${tx ? ` (${quoted(tx)})` : ''}`;
    const watched = watchedOf(str(e.chain) ?? '', str(e.contract) ?? '', str(e.event) ?? '');
    const time = str(e.time);
    if (!watched || !tx || !time) {
      collector.skip(where, watched ? 'no transaction or time' : 'not an issuer freeze event this feed reads');
      continue;
    }
    let address: string | null;
    let amount = 0n;
    if (watched.chain === 'ethereum') {
      const words = wordsOf(str(e.data) ?? '');
      address = watched.address === 'topic1' ? addressOfWord((str(arr(e.topics)[1]) ?? '').replace(/^0x/i, '')) : addressOfWord(words[0]);
      if (watched.action === 'destroy' && words[1] !== undefined) amount = BigInt(`0x${words[1]}`);
    } else {
      const result = obj(e.result);
      const user = str(result._user) ?? str(result._blackListedUser);
      address = user === null ? null : tronAddressFromEvent(user);
      if (watched.action === 'destroy' && typeof result._balance === 'string' && /^\d+$/.test(result._balance)) amount = BigInt(result._balance);
    }
    if (address === null) {
      collector.skip(where, `no address in the ${watched.event} event`);
      continue;
    }
    const key = `${watched.chain}|${watched.contract}|${address.toLowerCase()}`;
    const held = frozen.get(key);
    switch (watched.action) {
      case 'freeze':
        if (!held) frozen.set(key, { network: watched.chain, address, issuer: watched.issuer, token: watched.token, tx, time, destroyed: 0n });
        break;
      case 'unfreeze':
        frozen.delete(key);
        break;
      case 'destroy':
        // Funds are destroyed only at a frozen address, which stays frozen.
        if (held) held.destroyed += amount;
        else frozen.set(key, { network: watched.chain, address, issuer: watched.issuer, token: watched.token, tx, time, destroyed: amount });
        break;
      default: {
        const _exhaustive: never = watched.action;
        return _exhaustive;
      }
    }
  }
  // One entry per address and network: an address both issuers froze names both, from the earliest freeze.
  const byAddress = new Map<string, Freeze[]>();
  for (const f of frozen.values()) {
    const key = `${f.network}|${f.address.toLowerCase()}`;
    byAddress.set(key, [...(byAddress.get(key) ?? []), f]);
  }
  for (const freezes of byAddress.values()) {
    freezes.sort((a, b) => a.time.localeCompare(b.time) || a.issuer.localeCompare(b.issuer));
    const first = freezes[0]!;
    collector.add(`${first.network} ${quoted(first.address)}`, {
      address: first.address,
      network: first.network,
      category: 'frozen',
      name: freezes.map(describe).join('; '),
      source: txLink(first.network, first.tx),
      listedAt: first.time.slice(0, 10),
      confidence: 'ledger_immanent',
    });
  }
  return collector.result();
}

// ----------------------------------------------------------------------------------------------
// Collecting: the events from the APIs into the file

/** The most logs Etherscan's and Blockscout's getLogs answer at once. */
const LOGS_PAGE = 1000;
const TRON_PAGE = 200;
/** A bound on pages per event (a million events), against a source that never stops paging. */
const MAX_PAGES = 2_000;

interface EvmSource {
  provider: string;
  rateKey: string;
  url: string;
  params: Record<string, string>;
  apiKey?: string;
}

function evmSource(config: ChainDataConfig): EvmSource | null {
  if (config.etherscanApiKey) {
    return {
      provider: ETHERSCAN_PROVIDER,
      rateKey: `etherscan/${ETHERSCAN_PROVIDER}`,
      url: trimBase(config.etherscanUrl),
      params: { chainid: '1' },
      apiKey: config.etherscanApiKey,
    };
  }
  const blockscout = config.blockscoutUrls.ethereum;
  if (!blockscout) return null;
  const provider = blockscoutProviderName('ethereum');
  return { provider, rateKey: `blockscout/${provider}`, url: `${trimBase(blockscout)}/api`, params: {} };
}

/** A hex quantity as the logs APIs write it ("0x1f", "1F", or "0x" for zero); null when it is not one. */
function hexNumber(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const digits = value.replace(/^0x/i, '');
  if (digits === '') return 0;
  if (!/^[0-9a-fA-F]+$/.test(digits)) return null;
  const n = Number.parseInt(digits, 16);
  return Number.isSafeInteger(n) ? n : null;
}

/** getLogs' envelope: "No records found" / "No logs found" with an empty list is no logs; other status "0" answers fail (throttling is retried). */
function checkLogs(data: unknown): { retry: string } | { fail: string } | null {
  const d = obj(data);
  if (d.status === '0' && Array.isArray(d.result) && d.result.length === 0) return null;
  return checkEtherscan(data);
}

const unexpected = (provider: string, what: string) =>
  new ProviderError(provider, `${provider} sent an answer in an unexpected shape (${what})`, 1, 'invalid-response');

/** The logs of one event from `fromBlock` on (inclusive). */
async function collectEvmEvents(http: HttpClient, source: EvmSource, watched: WatchedEvent, signal: AbortSignal, from = 0): Promise<FreezeEvent[]> {
  const events: FreezeEvent[] = [];
  const seen = new Set<string>();
  let fromBlock = from;
  for (let page = 0; ; page++) {
    if (page >= MAX_PAGES) throw unexpected(source.provider, `more than ${MAX_PAGES} pages of ${watched.event} logs`);
    const search = new URLSearchParams({
      ...source.params,
      module: 'logs',
      action: 'getLogs',
      address: watched.contract,
      topic0: watched.topic0!,
      fromBlock: String(fromBlock),
      toBlock: 'latest',
      page: '1',
      offset: String(LOGS_PAGE),
      ...(source.apiKey ? { apikey: source.apiKey } : {}),
    });
    const answer = await http.json({
      provider: source.provider,
      rateKey: source.rateKey,
      url: `${source.url}?${search.toString()}`,
      secrets: [source.apiKey],
      check: checkLogs,
      cache: false,
      signal,
    });
    const result = obj(answer.data).result;
    if (!Array.isArray(result)) throw unexpected(source.provider, 'getLogs result is not a list');
    let lastBlock = fromBlock;
    for (const raw of result) {
      const log = obj(raw);
      const block = hexNumber(log.blockNumber);
      const index = hexNumber(log.logIndex);
      const seconds = hexNumber(log.timeStamp);
      const tx = str(log.transactionHash)?.toLowerCase() ?? null;
      if (block === null || index === null || seconds === null || tx === null)
        throw unexpected(source.provider, 'a log without block, index, time or transaction');
      lastBlock = Math.max(lastBlock, block);
      const key = `${tx}|${index}`;
      if (seen.has(key)) continue;
      seen.add(key);
      events.push({
        chain: 'ethereum',
        contract: watched.contract,
        event: watched.event,
        block,
        index,
        time: new Date(seconds * 1000).toISOString(),
        tx,
        topics: arr(log.topics)
          .filter((t): t is string => typeof t === 'string' && t !== '')
          .map((t) => t.toLowerCase()),
        data: (str(log.data) ?? '0x').toLowerCase(),
      });
    }
    if (result.length < LOGS_PAGE) return events;
    // A full page: the next window starts at the last block read (its logs read again, and dropped).
    if (lastBlock <= fromBlock) {
      throw new ProviderError(
        source.provider,
        `${source.provider} answered a full page of ${LOGS_PAGE} ${watched.event} logs within block ${fromBlock}: they cannot be read by block window`,
        1,
        'invalid-response',
      );
    }
    fromBlock = lastBlock;
  }
}

/** TronGrid's throttling answers that are not 429 (as chain-data/trongrid.ts reads them). */
const tronThrottled = (status: number, body: string) => (status === 403 || status === 503) && /rate|frequency|suspend|limit/i.test(body);

/** The confirmed events of one kind, oldest first, from `fromMs` on (a block time; all when absent). */
async function collectTronEvents(
  http: HttpClient,
  config: ChainDataConfig,
  watched: WatchedEvent,
  signal: AbortSignal,
  fromMs?: number,
): Promise<FreezeEvent[]> {
  const events: FreezeEvent[] = [];
  const seen = new Set<string>();
  const apiKey = config.tronGridApiKey;
  const since: Record<string, string> = fromMs === undefined ? {} : { min_block_timestamp: String(fromMs) };
  let next: Record<string, string> = since;
  const fingerprints = new Set<string>();
  for (let page = 0; ; page++) {
    if (page >= MAX_PAGES) throw unexpected(TRONGRID_PROVIDER, `more than ${MAX_PAGES} pages of ${watched.event} events`);
    const search = new URLSearchParams({
      event_name: watched.event,
      only_confirmed: 'true',
      limit: String(TRON_PAGE),
      order_by: 'block_timestamp,asc',
      ...next,
    });
    const answer = await http.json({
      provider: TRONGRID_PROVIDER,
      rateKey: `trongrid/${TRONGRID_PROVIDER}`,
      url: `${trimBase(config.tronGridUrl)}/v1/contracts/${watched.contract}/events?${search.toString()}`,
      headers: apiKey ? { 'TRON-PRO-API-KEY': apiKey } : {},
      secrets: [apiKey],
      retryStatus: tronThrottled,
      check: (data) => (obj(data).success === false ? { fail: str(obj(data).error) ?? 'success: false' } : null),
      cache: false,
      signal,
    });
    const body = obj(answer.data);
    if (!Array.isArray(body.data)) throw unexpected(TRONGRID_PROVIDER, 'events data is not a list');
    let lastMs = 0;
    for (const raw of body.data) {
      const row = obj(raw);
      if (row._unconfirmed === true) continue;
      const block = typeof row.block_number === 'number' ? row.block_number : null;
      const ms = typeof row.block_timestamp === 'number' ? row.block_timestamp : null;
      const index = typeof row.event_index === 'number' ? row.event_index : 0;
      const tx = str(row.transaction_id)?.toLowerCase() ?? null;
      if (block === null || ms === null || tx === null) throw unexpected(TRONGRID_PROVIDER, 'an event without block, time or transaction');
      lastMs = Math.max(lastMs, ms);
      const key = `${tx}|${index}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // The named values only ("_user"), in a fixed order; TronGrid also lists them by position ("0").
      const values = obj(row.result);
      const result = Object.fromEntries(
        Object.keys(values)
          .filter((k) => !/^\d+$/.test(k) && typeof values[k] === 'string')
          .sort()
          .map((k) => [k, values[k] as string]),
      );
      events.push({ chain: 'tron', contract: watched.contract, event: watched.event, block, index, time: new Date(ms).toISOString(), tx, result });
    }
    const fingerprint = str(obj(body.meta).fingerprint);
    if (fingerprint !== null) {
      if (fingerprints.has(fingerprint)) throw unexpected(TRONGRID_PROVIDER, 'the same page fingerprint twice');
      fingerprints.add(fingerprint);
      next = { ...since, fingerprint };
      continue;
    }
    // A full page without a fingerprint (TronGrid sometimes leaves it out): go on from the last time read.
    if (body.data.length < TRON_PAGE) return events;
    if (lastMs === 0 || String(lastMs) === next.min_block_timestamp) {
      throw unexpected(TRONGRID_PROVIDER, `a full page of ${watched.event} events without a fingerprint to the next`);
    }
    next = { min_block_timestamp: String(lastMs) };
  }
}

/** Writes the file: the events sorted, one a line. */
async function writeFreezesFile(file: string, events: FreezeEvent[]): Promise<void> {
  const out = createWriteStream(file, { encoding: 'utf8' });
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`{"format":${JSON.stringify(STABLECOIN_FREEZES_FORMAT)},"events":[\n`);
  for (const [i, e] of events.entries()) await write(`${JSON.stringify(e)}${i < events.length - 1 ? ',' : ''}\n`);
  await write(']}\n');
  out.end();
  await finished(out);
}

/** Ethereum blocks read again behind the last collection's newest event (a reorganisation is far shorter). */
const ETHEREUM_REREAD_BLOCKS = 100;
/** TRON block time read again behind the last collection's newest event (TronGrid answers confirmed events only). */
const TRON_REREAD_MS = 10 * 60_000;

/** Where a collection goes on from the last one's events of one kind (null: from the start), and the events it keeps. */
function resumePoint(chain: FreezeNetwork, prior: readonly FreezeEvent[]): { fromBlock?: number; fromMs?: number; kept: FreezeEvent[] } | null {
  if (prior.length === 0) return null;
  if (chain === 'ethereum') {
    const fromBlock = Math.max(0, Math.max(...prior.map((e) => e.block)) - ETHEREUM_REREAD_BLOCKS);
    return { fromBlock, kept: prior.filter((e) => e.block < fromBlock) };
  }
  const fromMs = Math.max(0, Math.max(...prior.map((e) => Date.parse(e.time))) - TRON_REREAD_MS);
  // Those at the boundary are kept too (whether TronGrid's bound includes them or not): the merge takes each once.
  return { fromMs, kept: prior.filter((e) => Date.parse(e.time) <= fromMs) };
}

/** The events of both, each (transaction and index) once, the later reading winning. */
function mergeEvents(kept: readonly FreezeEvent[], read: readonly FreezeEvent[]): FreezeEvent[] {
  const byKey = new Map<string, FreezeEvent>();
  for (const e of [...kept, ...read]) byKey.set(`${e.tx}|${e.index}`, e);
  return [...byKey.values()];
}

/** The events of the last collected file, or null (with a warning) when it is not one this collector wrote. */
async function previousEvents(file: string, logger: Logger): Promise<FreezeEvent[] | null> {
  try {
    const json = obj(JSON.parse(await readFile(file, 'utf8')));
    if (json.format !== STABLECOIN_FREEZES_FORMAT || !Array.isArray(json.events)) throw new Error(`not a ${STABLECOIN_FREEZES_FORMAT} file`);
    return (json.events as unknown[]).map((raw, i) => {
      const e = obj(raw);
      const ok =
        (e.chain === 'ethereum' || e.chain === 'tron') &&
        typeof e.contract === 'string' &&
        typeof e.event === 'string' &&
        Number.isSafeInteger(e.block) &&
        Number.isSafeInteger(e.index) &&
        typeof e.tx === 'string' &&
        typeof e.time === 'string' &&
        Number.isFinite(Date.parse(e.time));
      if (!ok) throw new Error(`event ${i + 1} is not a freeze event`);
      return e as unknown as FreezeEvent;
    });
  } catch (error) {
    logger.warn({ err: error, file }, 'the last collected stablecoin freezes file cannot be gone on from: every event is read again');
    return null;
  }
}

export function stablecoinFreezesOrigin(config: ChainDataConfig): string {
  const evm = evmSource(config);
  const ethereum = evm ? `${evm.provider} ${evm.url}` : 'no Ethereum source';
  return `${ethereum}; ${TRONGRID_PROVIDER} ${trimBase(config.tronGridUrl)}`;
}

export async function collectStablecoinFreezes(ctx: FeedCollectContext): Promise<void> {
  const config = ctx.chainData;
  const evm = evmSource(config);
  if (!evm) {
    throw new FeedError(
      'download-failed',
      'There is no source of Ethereum logs: set ETHERSCAN_API_KEY, or give BLOCKSCOUT_ETHEREUM_URL a Blockscout instance of Ethereum mainnet',
    );
  }
  const http = createHttpClient({
    fetch: ctx.fetch,
    clock: systemClock,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    cacheTtlMs: 0,
    rateFor: rateLookup(config.ratePerSecond),
  });
  const signal = AbortSignal.timeout(ctx.timeoutMs);
  const previous = ctx.previous === undefined ? null : await previousEvents(ctx.previous, ctx.logger);
  const events: FreezeEvent[] = [];
  for (const watched of watchedEvents) {
    const where = `${watched.token} ${watched.event} events on ${chainNames[watched.chain]}`;
    // Going on from the last collection: its events before a margin kept, the rest read again.
    const prior = (previous ?? []).filter(
      (e) => e.chain === watched.chain && e.contract.toLowerCase() === watched.contract.toLowerCase() && e.event === watched.event,
    );
    const resume = resumePoint(watched.chain, prior);
    let found: FreezeEvent[];
    try {
      found =
        watched.chain === 'ethereum'
          ? await collectEvmEvents(http, evm, watched, signal, resume?.fromBlock)
          : await collectTronEvents(http, config, watched, signal, resume?.fromMs);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const reason = signal.aborted ? `the collection did not finish within ${Math.round(ctx.timeoutMs / 1000)} s` : error.reason;
      throw new FeedError(
        'download-failed',
        `The ${where} could not be read from ${error.provider}: ${reason}. Nothing was imported: the version in force stays.`,
        {
          cause: error,
        },
      );
    }
    if (resume) found = mergeEvents(resume.kept, found);
    // An issuer's list of freezes is never empty: none at all means the source is not the chain we think.
    if (watched.action === 'freeze' && found.length === 0) {
      const provider = watched.chain === 'ethereum' ? evm.provider : TRONGRID_PROVIDER;
      throw new FeedError(
        'download-failed',
        `${provider} answered no ${where} at all: is it a source for ${chainNames[watched.chain]} mainnet? Nothing was imported: the version in force stays.`,
      );
    }
    ctx.logger.info({ feedId: 'stablecoin-freezes', events: found.length, what: where }, 'stablecoin freeze events read');
    events.push(...found);
  }
  events.sort(compareEvents);
  await writeFreezesFile(ctx.file, events);
}

export const stablecoinFreezesFeed: DownloadedFeedDefinition = {
  id: 'stablecoin-freezes',
  kind: 'download',
  name: 'Stablecoin issuer freezes (USDT, USDC)',
  covers: ['evm', 'tron'],
  description:
    "Addresses Tether (USDT on Ethereum and TRON) and Circle (USDC on Ethereum) have frozen, read from the issuers' own blacklist events on the chain (Etherscan with ETHERSCAN_API_KEY, else Blockscout; TronGrid): category frozen. An Ethereum address matches on every EVM network, though the freeze is of the token on Ethereum.",
  categories: ['frozen'],
  licence: { name: 'Public blockchain data', url: null, commercialUse: true },
  enabledByDefault: true,
  defaultUrl: 'https://eth.blockscout.com/api?module=logs&action=getLogs',
  collector: { origin: stablecoinFreezesOrigin, collect: collectStablecoinFreezes },
  parse: parseStablecoinFreezes,
};
