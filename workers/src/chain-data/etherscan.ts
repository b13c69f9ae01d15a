/**
 * EVM networks from the Etherscan API v2 (one key, `chainid` selects the network).
 *
 * Endpoints and shapes, as documented by Etherscan (docs.etherscan.io: V2 migration, account
 * module, "common error messages") and as clients handle them (rotki, crytic-compile,
 * titanoboa, sourcify):
 * - GET ?chainid=&module=account&action=balance&address=&tag=latest&apikey= →
 *   { status: "1", message: "OK", result: "<wei>" }.
 * - GET ?chainid=&module=account&action=txlist&address=&startblock=0&endblock=99999999&page=&offset=&sort=asc|desc
 *   → result[] of { blockNumber, timeStamp, hash, from, to, value (wei), contractAddress,
 *   isError, txreceipt_status, … }, all strings; no transactions gives
 *   { status: "0", message: "No transactions found", result: [] }.
 * - GET ?…&action=tokentx → result[] of { timeStamp, hash, from, to, value, contractAddress,
 *   tokenName, tokenSymbol, tokenDecimal, … }.
 * - Errors come with HTTP 200: { status: "0", message: "NOTOK", result: "<what went wrong>" };
 *   throttling reads "Max calls per sec rate limit reached (5/sec)" or "Max rate limit reached"
 *   and is retried; "Max daily rate limit reached", "Invalid API Key" or "Free API access is not
 *   supported for this chain…" are not.
 * The key goes in the `apikey` query parameter and is blanked out of every reason.
 */
import type { EvmNetwork } from '@walletscreen/contracts';
import { knownToken } from './assets';
import { CounterpartyBook } from './counterparties';
import { addEvmTokenTransfer, addEvmTransfer, evmChainIds, evmKey, evmSymbols } from './evm';
import { mayLookUpOldest, recentPagesOf, optional, trimBase, unexpectedShape, type AddressQuery, type ProviderContext } from './provider';
import type { ChainData } from './types';
import { arr, bigOrZero, earliest, formatUnits, isoFromSeconds, latest, nativeDecimals, obj, str, toBigInt } from './units';

export const ETHERSCAN_PROVIDER = 'etherscan-v2';
const PAGE_SIZE = 100;

/** Etherscan's envelope: throttling is retried, other NOTOK answers fail, "No transactions found" is an empty list. */
export function checkEtherscan(data: unknown): { retry: string } | { fail: string } | null {
  const d = obj(data);
  if (d.status === '1') return null;
  const message = typeof d.message === 'string' ? d.message : '';
  const result = typeof d.result === 'string' ? d.result : '';
  if (/^No (transactions|records) found/i.test(message) && Array.isArray(d.result)) return null;
  const text = result || message || 'unknown error';
  if (/rate limit/i.test(text) && !/daily/i.test(text)) return { retry: text };
  return { fail: text };
}

export async function fetchEtherscan(ctx: ProviderContext, baseUrl: string, apiKey: string, q: AddressQuery & { network: EvmNetwork }): Promise<ChainData> {
  const base = trimBase(baseUrl);
  const address = q.address;
  const call = <T>(params: Record<string, string | number>) => {
    const search = new URLSearchParams({
      chainid: String(evmChainIds[q.network]),
      ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      apikey: apiKey,
    });
    return ctx.http.json<T>({
      provider: ETHERSCAN_PROVIDER,
      rateKey: `etherscan/${ETHERSCAN_PROVIDER}`,
      url: `${base}?${search.toString()}`,
      secrets: [apiKey],
      check: checkEtherscan,
      signal: ctx.signal,
    });
  };
  const account = { module: 'account', address };
  const txlist = (sort: 'asc' | 'desc', page: number, offset: number) =>
    call({ ...account, action: 'txlist', startblock: 0, endblock: 99999999, page, offset, sort });

  const balanceAnswer = obj((await call({ ...account, action: 'balance', tag: 'latest' })).data);
  const balance = toBigInt(balanceAnswer.result);
  if (balance === null) throw unexpectedShape(ETHERSCAN_PROVIDER, 'balance is not an integer');

  const decimals = nativeDecimals.wei;
  const book = new CounterpartyBook(decimals, evmKey, (contract) => knownToken(q.network, contract) !== undefined);
  const seen = new Set<string>();
  let firstSeen: string | null = null;
  let lastSeen: string | null = null;
  const readTx = (raw: unknown) => {
    const t = obj(raw);
    const txid = str(t.hash);
    if (!txid || seen.has(txid)) return;
    seen.add(txid);
    const time = isoFromSeconds(t.timeStamp);
    firstSeen = earliest(firstSeen, time);
    lastSeen = latest(lastSeen, time);
    addEvmTransfer(book, address, {
      txid,
      from: str(t.from),
      to: str(t.to) ?? str(t.contractAddress),
      value: bigOrZero(t.value),
      time,
      failed: t.isError === '1',
    });
  };

  let complete = false;
  for (let page = 1; page <= recentPagesOf(ctx); page++) {
    const run = () => txlist('desc', page, PAGE_SIZE);
    const answer = page === 1 ? await run() : await optional(run);
    if (!answer) break;
    const items = obj(answer.data).result;
    if (!Array.isArray(items)) throw unexpectedShape(ETHERSCAN_PROVIDER, 'txlist result is not a list');
    items.forEach(readTx);
    if (items.length < PAGE_SIZE) {
      complete = true;
      break;
    }
  }
  if (!complete && mayLookUpOldest(ctx)) {
    const oldest = await optional(() => txlist('asc', 1, 1));
    const first = arr(obj(oldest?.data).result)[0];
    if (first !== undefined) firstSeen = earliest(firstSeen, isoFromSeconds(obj(first).timeStamp));
  }

  let tokenTransfers: ChainData['tokenTransfers'];
  if (seen.size > 0 || balance > 0n) {
    const tokens = await optional(() => call({ ...account, action: 'tokentx', startblock: 0, endblock: 99999999, page: 1, offset: PAGE_SIZE, sort: 'desc' }));
    if (tokens) {
      for (const raw of arr(obj(tokens.data).result)) {
        const t = obj(raw);
        const contract = str(t.contractAddress);
        const value = toBigInt(t.value);
        const tokenDecimals = Number(t.tokenDecimal);
        if (!contract || value === null || !Number.isInteger(tokenDecimals)) continue;
        addEvmTokenTransfer(book, address, {
          txid: str(t.hash) ?? '',
          from: str(t.from),
          to: str(t.to),
          value,
          time: isoFromSeconds(t.timeStamp),
          token: str(t.tokenSymbol) ?? 'ERC-20',
          contract,
          decimals: tokenDecimals,
        });
      }
      tokenTransfers = book.tokenTransfers();
    }
  }

  return {
    network: q.network,
    address,
    provider: ETHERSCAN_PROVIDER,
    sourceUrl: base,
    fetchedAt: ctx.now().toISOString(),
    symbol: evmSymbols[q.network],
    balance: formatUnits(balance, decimals),
    totalReceived: null,
    totalSent: null,
    txCount: seen.size,
    firstSeen,
    lastSeen,
    transactionsExamined: seen.size,
    complete,
    counterparties: book.list(),
    ...(tokenTransfers ? { tokenTransfers } : {}),
  };
}
