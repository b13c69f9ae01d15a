/**
 * TRON from TronGrid's v1 API (`TRON-PRO-API-KEY` header when a key is configured).
 *
 * Endpoints and shapes, as documented in tronprotocol/tron-grid README.md and the TronGrid API
 * reference (developers.tron.network), with real answers as recorded in LedgerHQ/ledger-live
 * (coin-tron network fixtures) and trongrid-extractor:
 * - GET /v1/accounts/:address → { data: [ { address (hex 41…), balance (sun), create_time (ms),
 *   latest_opration_time, … } ], success, meta }; an account that does not exist on chain
 *   (never activated) gives `data: []`.
 * - GET /v1/accounts/:address/transactions?limit=&only_confirmed=true&order_by=block_timestamp,desc|asc
 *   → { data[], meta: { fingerprint, links: { next } } }: txID, block_timestamp (ms),
 *   ret[0].contractRet ("SUCCESS"), raw_data.contract[0] { type ("TransferContract",
 *   "TriggerSmartContract", …), parameter.value { owner_address, to_address, amount (sun),
 *   contract_address, call_value } }, addresses in hex (41…). The next page is asked with the
 *   `fingerprint` of the previous one. At most 200 per page.
 * - GET /v1/accounts/:address/transactions/trc20?contract_address=&limit=&only_confirmed=true →
 *   data[] of { transaction_id, token_info { symbol, address, decimals, name }, block_timestamp,
 *   from, to (base58), type ("Transfer"), value (string) }.
 * - Throttling: 429, or 403/503 with "request rate exceeded … suspended" — retried.
 * USDT (TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t) is read for its counterparties and totals, since most
 * value on TRON moves as USDT rather than TRX.
 */
import { base58CheckEncode } from '@walletscreen/contracts/addresses/base58';
import { knownToken } from './assets';
import { CounterpartyBook } from './counterparties';
import { mayLookUpOldest, recentPagesOf, optional, trimBase, type AddressQuery, type ProviderContext } from './provider';
import type { ChainData } from './types';
import { arr, bigOrZero, earliest, formatUnits, isoFromMillis, latest, nativeDecimals, obj, str, toBigInt } from './units';

export const TRONGRID_PROVIDER = 'trongrid';
export const TRON_USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PAGE_SIZE = 200;

/** A TRON address in hex (41 + 20 bytes) as its base58check form; other text as is. */
export function tronAddress(text: string | null): string | null {
  if (text === null) return null;
  const hex = text.replace(/^0x/, '41');
  if (!/^41[0-9a-fA-F]{40}$/.test(hex)) return text;
  return base58CheckEncode(Uint8Array.from(Buffer.from(hex, 'hex')));
}

/** TronGrid's throttling answers that are not 429. */
const throttled = (status: number, body: string) => (status === 403 || status === 503) && /rate|frequency|suspend|limit/i.test(body);

export async function fetchTronGrid(ctx: ProviderContext, baseUrl: string, apiKey: string | undefined, q: AddressQuery): Promise<ChainData> {
  const base = trimBase(baseUrl);
  const address = q.address;
  const get = <T>(path: string, params: Record<string, string | number> = {}) => {
    const search = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return ctx.http.json<T>({
      provider: TRONGRID_PROVIDER,
      rateKey: `trongrid/${TRONGRID_PROVIDER}`,
      url: `${base}${path}${search ? `?${search}` : ''}`,
      headers: apiKey ? { 'TRON-PRO-API-KEY': apiKey } : {},
      secrets: [apiKey],
      retryStatus: throttled,
      signal: ctx.signal,
    });
  };
  const path = `/v1/accounts/${address}`;

  const account = arr(obj((await get(path)).data).data)[0];
  const exists = account !== undefined;
  const acc = obj(account);
  const balance = bigOrZero(acc.balance);
  const created = isoFromMillis(acc.create_time);

  const decimals = nativeDecimals.sun;
  const book = new CounterpartyBook(
    decimals,
    (a) => a,
    (contract) => knownToken(q.network, contract) !== undefined,
  );
  const seen = new Set<string>();
  let firstSeen = created;
  let lastSeen: string | null = null;
  let complete = !exists;

  if (exists) {
    let fingerprint: string | null = null;
    for (let page = 0; page < recentPagesOf(ctx); page++) {
      const params = { limit: PAGE_SIZE, only_confirmed: 'true', order_by: 'block_timestamp,desc', ...(fingerprint ? { fingerprint } : {}) };
      const run = () => get(`${path}/transactions`, params);
      const answer = page === 0 ? await run() : await optional(run);
      if (!answer) break;
      const body = obj(answer.data);
      for (const raw of arr(body.data)) {
        const t = obj(raw);
        const txid = str(t.txID);
        if (!txid || seen.has(txid)) continue;
        seen.add(txid);
        const time = isoFromMillis(t.block_timestamp);
        firstSeen = earliest(firstSeen, time);
        lastSeen = latest(lastSeen, time);
        const contract = obj(arr(obj(t.raw_data).contract)[0]);
        const value = obj(obj(contract.parameter).value);
        const ok = str(obj(arr(t.ret)[0]).contractRet) === 'SUCCESS';
        const owner = tronAddress(str(value.owner_address));
        const target =
          contract.type === 'TransferContract'
            ? tronAddress(str(value.to_address))
            : contract.type === 'TriggerSmartContract'
              ? tronAddress(str(value.contract_address))
              : null;
        const amount = ok ? bigOrZero(contract.type === 'TransferContract' ? value.amount : value.call_value) : 0n;
        if (target === null || owner === null) continue;
        if (owner === address && target !== address) book.add({ counterparty: target, direction: 'out', amount, txid, time });
        else if (target === address && owner !== address) book.add({ counterparty: owner, direction: 'in', amount, txid, time });
      }
      fingerprint = str(obj(body.meta).fingerprint);
      if (!fingerprint) {
        complete = true;
        break;
      }
    }
    if (!complete && mayLookUpOldest(ctx)) {
      const oldest = await optional(() => get(`${path}/transactions`, { limit: 1, only_confirmed: 'true', order_by: 'block_timestamp,asc' }));
      const first = arr(obj(oldest?.data).data)[0];
      if (first !== undefined) firstSeen = earliest(firstSeen, isoFromMillis(obj(first).block_timestamp));
    }
  }

  // Inactive addresses can still hold USDT, so its transfers are read even without an account.
  let tokenTransfers: ChainData['tokenTransfers'];
  let tokenComplete = true;
  const usdt = await optional(() => get(`${path}/transactions/trc20`, { contract_address: TRON_USDT_CONTRACT, limit: PAGE_SIZE, only_confirmed: 'true' }));
  if (usdt) {
    const body = obj(usdt.data);
    for (const raw of arr(body.data)) {
      const t = obj(raw);
      const info = obj(t.token_info);
      const value = toBigInt(t.value);
      const tokenDecimals = Number(info.decimals);
      const from = str(t.from);
      const to = str(t.to);
      const time = isoFromMillis(t.block_timestamp);
      if (value === null || !Number.isInteger(tokenDecimals)) continue;
      const transfer = {
        token: str(info.symbol) ?? 'USDT',
        contract: str(info.address) ?? TRON_USDT_CONTRACT,
        decimals: tokenDecimals,
        amount: value,
        txid: str(t.transaction_id) ?? '',
        time,
      };
      if (from === address && to && to !== address) book.addToken({ ...transfer, counterparty: to, direction: 'out' });
      else if (to === address && from && from !== address) book.addToken({ ...transfer, counterparty: from, direction: 'in' });
      else continue;
      firstSeen = earliest(firstSeen, time);
      lastSeen = latest(lastSeen, time);
    }
    tokenComplete = !str(obj(body.meta).fingerprint);
    tokenTransfers = book.tokenTransfers();
  }

  return {
    network: q.network,
    address,
    provider: TRONGRID_PROVIDER,
    sourceUrl: base,
    fetchedAt: ctx.now().toISOString(),
    symbol: 'TRX',
    balance: formatUnits(balance, decimals),
    totalReceived: null,
    totalSent: null,
    txCount: seen.size,
    firstSeen,
    lastSeen,
    transactionsExamined: seen.size,
    complete: complete && tokenComplete && usdt !== null,
    counterparties: book.list(),
    ...(tokenTransfers ? { tokenTransfers } : {}),
  };
}
