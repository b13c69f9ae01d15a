/**
 * EVM networks from a Blockscout instance's REST API v2 (no key needed).
 *
 * Endpoints and shapes, as documented by Blockscout (docs.blockscout.com API reference, the
 * blockscout/agent-skills endpoint list) and as its own frontend's fixtures show them
 * (blockscout/frontend mocks/address/address.ts, mocks/txs/tx.ts, mocks/tokens/tokenTransfer.ts):
 * - GET /api/v2/addresses/:hash → { hash, coin_balance (wei, string), is_contract, … }; an
 *   address the instance has never seen answers 404 { "message": "Not found" } (issue #8979).
 * - GET /api/v2/addresses/:hash/counters → { transactions_count, token_transfers_count,
 *   gas_usage_count, validations_count } (strings).
 * - GET /api/v2/addresses/:hash/transactions[?sort=block_number&order=asc] → { items[],
 *   next_page_params }: items have hash, from.hash, to.hash (null for a contract creation, with
 *   created_contract.hash), value (wei), timestamp, status ("ok" | "error"), block_number; the
 *   next page is asked with next_page_params as query parameters; 50 items per page.
 * - GET /api/v2/addresses/:hash/token-transfers?type=ERC-20 → { items[], next_page_params }:
 *   from.hash, to.hash, token { address_hash (older: address), symbol, decimals }, total { value,
 *   decimals }, transaction_hash (older: tx_hash), timestamp.
 */
import type { EvmNetwork } from '@walletscreen/contracts';
import { knownToken } from './assets';
import { CounterpartyBook } from './counterparties';
import { addEvmTokenTransfer, addEvmTransfer, evmKey, evmSymbols } from './evm';
import { ProviderError } from './http';
import { mayLookUpOldest, recentPagesOf, optional, trimBase, unexpectedShape, type AddressQuery, type ProviderContext } from './provider';
import type { ChainData } from './types';
import { arr, bigOrZero, earliest, formatUnits, isoFromText, latest, nativeDecimals, obj, str, toBigInt } from './units';

/** Pages of recent transactions read; one more request finds the first transaction. */

export const blockscoutProviderName = (network: EvmNetwork) => `blockscout:${network}`;

const hashOf = (v: unknown) => str(obj(v).hash);

function query(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) q.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export async function fetchBlockscout(ctx: ProviderContext, baseUrl: string, q: AddressQuery & { network: EvmNetwork }): Promise<ChainData> {
  const base = trimBase(baseUrl);
  const provider = blockscoutProviderName(q.network);
  const get = <T>(path: string) => ctx.http.json<T>({ provider, rateKey: `blockscout/${provider}`, url: `${base}${path}`, signal: ctx.signal });
  const address = q.address;
  const path = `/api/v2/addresses/${address}`;
  /**
   * Blockscout's JSON 404 `{"message":"Not found"}` means an address it has not indexed: one that
   * has never been used. Any other 404 (a wrong base URL) stays an error.
   */
  const unlessUnseen = async <T>(run: () => Promise<T>): Promise<T | null> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ProviderError && error.status === 404 && /^\s*\{[^]*"message"\s*:\s*"not found"/i.test(error.body ?? '')) return null;
      throw error;
    }
  };

  const info = await unlessUnseen(() => get(path));
  const counters = info ? await unlessUnseen(() => get(`${path}/counters`)) : null;
  const infoData = obj(info?.data);
  if (info && !('coin_balance' in infoData)) throw unexpectedShape(provider, 'no coin_balance');
  const balance = bigOrZero(infoData.coin_balance);
  const txCount = Number(obj(counters?.data).transactions_count ?? 0);

  const decimals = nativeDecimals.wei;
  const book = new CounterpartyBook(decimals, evmKey, (contract) => knownToken(q.network, contract) !== undefined);
  const seen = new Set<string>();
  let firstSeen: string | null = null;
  let lastSeen: string | null = null;
  let complete = txCount === 0;
  let tokenTransfers: ChainData['tokenTransfers'];

  const readTx = (raw: unknown) => {
    const t = obj(raw);
    const txid = str(t.hash);
    if (!txid || seen.has(txid)) return;
    seen.add(txid);
    const time = isoFromText(t.timestamp);
    firstSeen = earliest(firstSeen, time);
    lastSeen = latest(lastSeen, time);
    addEvmTransfer(book, address, {
      txid,
      from: hashOf(t.from),
      to: hashOf(t.to) ?? hashOf(t.created_contract),
      value: bigOrZero(t.value),
      time,
      failed: t.status === 'error',
    });
  };

  if (txCount > 0) {
    let nextParams: unknown = null;
    for (let page = 0; page < recentPagesOf(ctx); page++) {
      const run = () => get(`${path}/transactions${query(obj(nextParams))}`);
      const answer = page === 0 ? await run() : await optional(run);
      if (!answer) break;
      const data = obj(answer.data);
      if (!Array.isArray(data.items)) throw unexpectedShape(provider, 'no items');
      data.items.forEach(readTx);
      nextParams = data.next_page_params ?? null;
      if (nextParams === null) break;
    }
    complete = nextParams === null && seen.size >= txCount;
    if (nextParams !== null && mayLookUpOldest(ctx)) {
      const oldest = await optional(() => get(`${path}/transactions${query({ sort: 'block_number', order: 'asc' })}`));
      const first = arr(obj(oldest?.data).items)[0];
      if (first !== undefined) firstSeen = earliest(firstSeen, isoFromText(obj(first).timestamp));
    }
  }

  if (info && Number(obj(counters?.data).token_transfers_count ?? 1) > 0) {
    const transfers = await optional(() => get(`${path}/token-transfers${query({ type: 'ERC-20' })}`));
    if (transfers) {
      for (const raw of arr(obj(transfers.data).items)) {
        const t = obj(raw);
        const token = obj(t.token);
        const total = obj(t.total);
        const contract = str(token.address_hash) ?? str(token.address);
        const value = toBigInt(total.value);
        const tokenDecimals = Number(total.decimals ?? token.decimals);
        if (!contract || value === null || !Number.isInteger(tokenDecimals)) continue;
        addEvmTokenTransfer(book, address, {
          txid: str(t.transaction_hash) ?? str(t.tx_hash) ?? '',
          from: hashOf(t.from),
          to: hashOf(t.to),
          value,
          time: isoFromText(t.timestamp),
          token: str(token.symbol) ?? 'ERC-20',
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
    provider,
    sourceUrl: base,
    fetchedAt: ctx.now().toISOString(),
    symbol: evmSymbols[q.network],
    balance: formatUnits(balance, decimals),
    totalReceived: null,
    totalSent: null,
    txCount: Math.max(txCount, seen.size),
    firstSeen,
    lastSeen,
    transactionsExamined: seen.size,
    complete,
    counterparties: book.list(),
    ...(tokenTransfers ? { tokenTransfers } : {}),
  };
}
