/**
 * The XRP Ledger from a rippled / Clio JSON-RPC endpoint (s1.ripple.com:51234 by default).
 *
 * Methods and shapes, as documented at xrpl.org (account_info, account_tx, transaction metadata)
 * and typed in xrpl.js (models/methods/accountTx.ts):
 * - POST { method: "account_info", params: [{ account, ledger_index: "validated" }] } →
 *   { result: { account_data: { Account, Balance (drops, string), Sequence, … }, status:
 *   "success", validated } }; an unfunded address gives { result: { error: "actNotFound",
 *   error_code: 19, error_message: "Account not found.", status: "error" } }.
 * - POST { method: "account_tx", params: [{ account, ledger_index_min: -1, ledger_index_max: -1,
 *   limit, forward, marker }] } → { result: { transactions[], marker?, … } }. Each entry is
 *   { meta, tx, validated } in API v1 (tx.hash, tx.date in seconds since 2000-01-01) or
 *   { meta, tx_json, hash, close_time_iso, validated } in API v2. A Payment has Account,
 *   Destination and Amount (DeliverMax in v2); what was really delivered is
 *   meta.delivered_amount: drops as a string for XRP, an object for issued currencies.
 * - Throttling: HTTP 503, or { result: { error: "slowDown" | "tooBusy" } } — retried.
 * `forward: true` lists the oldest transactions first, so the first one is one request away.
 * Counterparties come from XRP payments; issued-currency payments are not counted.
 */
import { CounterpartyBook } from './counterparties';
import { mayLookUpOldest, recentPagesOf, optional, trimBase, unexpectedShape, type AddressQuery, type ProviderContext } from './provider';
import type { ChainData } from './types';
import { arr, formatUnits, isoFromSeconds, isoFromText, latest, earliest, nativeDecimals, obj, str, toBigInt } from './units';

export const XRPL_PROVIDER = 'xrpl';
const PAGE_SIZE = 200;
/** Seconds from the Unix epoch to the Ripple epoch (2000-01-01T00:00:00Z). */
const RIPPLE_EPOCH = 946_684_800;

function checkXrpl(allowed: string[]) {
  return (data: unknown): { retry: string } | { fail: string } | null => {
    const result = obj(obj(data).result);
    const error = str(result.error);
    if (!error || allowed.includes(error)) return null;
    const message = str(result.error_message) ?? error;
    return ['slowDown', 'tooBusy', 'noNetwork', 'noCurrent', 'noClosed'].includes(error) ? { retry: message } : { fail: message };
  };
}

interface XrplEntry {
  hash: string | null;
  time: string | null;
  type: string | null;
  account: string | null;
  destination: string | null;
  /** Drops actually delivered, for an XRP payment; null otherwise. */
  delivered: bigint | null;
  success: boolean;
}

export function readXrplEntry(raw: unknown): XrplEntry {
  const e = obj(raw);
  const tx = obj(e.tx_json ?? e.tx);
  const meta = obj(e.meta);
  const date = typeof tx.date === 'number' ? isoFromSeconds(tx.date + RIPPLE_EPOCH) : null;
  const deliveredRaw = meta.delivered_amount ?? meta.DeliveredAmount ?? tx.Amount ?? tx.DeliverMax;
  return {
    hash: str(e.hash) ?? str(tx.hash),
    time: isoFromText(e.close_time_iso) ?? date,
    type: str(tx.TransactionType),
    account: str(tx.Account),
    destination: str(tx.Destination),
    delivered: typeof deliveredRaw === 'string' ? toBigInt(deliveredRaw) : null,
    success: meta.TransactionResult === 'tesSUCCESS',
  };
}

export async function fetchXrpl(ctx: ProviderContext, rpcUrl: string, q: AddressQuery): Promise<ChainData> {
  const url = trimBase(rpcUrl);
  const address = q.address;
  const rpc = <T>(method: string, params: Record<string, unknown>, allowed: string[] = []) =>
    ctx.http.json<T>({
      provider: XRPL_PROVIDER,
      rateKey: `xrpl/${XRPL_PROVIDER}`,
      url,
      method: 'POST',
      body: { method, params: [params] },
      check: checkXrpl(allowed),
      signal: ctx.signal,
    });

  const info = obj(obj((await rpc('account_info', { account: address, ledger_index: 'validated' }, ['actNotFound'])).data).result);
  const funded = info.error !== 'actNotFound';
  const balance = funded ? toBigInt(obj(info.account_data).Balance) : 0n;
  if (balance === null) throw unexpectedShape(XRPL_PROVIDER, 'account_data.Balance is not an integer');

  const decimals = nativeDecimals.drops;
  const book = new CounterpartyBook(decimals);
  const seen = new Set<string>();
  let firstSeen: string | null = null;
  let lastSeen: string | null = null;
  let complete = !funded;
  const read = (raw: unknown) => {
    const entry = readXrplEntry(raw);
    const key = entry.hash ?? `${seen.size}`;
    if (seen.has(key)) return;
    seen.add(key);
    firstSeen = earliest(firstSeen, entry.time);
    lastSeen = latest(lastSeen, entry.time);
    if (entry.type !== 'Payment' || !entry.account || !entry.destination) return;
    const amount = entry.success ? (entry.delivered ?? 0n) : 0n;
    if (entry.account === address && entry.destination !== address)
      book.add({ counterparty: entry.destination, direction: 'out', amount, txid: key, time: entry.time });
    else if (entry.destination === address && entry.account !== address)
      book.add({ counterparty: entry.account, direction: 'in', amount, txid: key, time: entry.time });
  };

  if (funded) {
    let marker: unknown = undefined;
    for (let page = 0; page < recentPagesOf(ctx); page++) {
      const params = {
        account: address,
        ledger_index_min: -1,
        ledger_index_max: -1,
        limit: PAGE_SIZE,
        forward: false,
        ...(marker !== undefined ? { marker } : {}),
      };
      const run = () => rpc('account_tx', params);
      const answer = page === 0 ? await run() : await optional(run);
      if (!answer) break;
      const result = obj(obj(answer.data).result);
      if (!Array.isArray(result.transactions)) throw unexpectedShape(XRPL_PROVIDER, 'account_tx has no transactions list');
      result.transactions.forEach(read);
      marker = result.marker;
      if (marker === undefined || marker === null) {
        complete = true;
        break;
      }
    }
    if (!complete && mayLookUpOldest(ctx)) {
      const oldest = await optional(() => rpc('account_tx', { account: address, ledger_index_min: -1, ledger_index_max: -1, limit: 1, forward: true }));
      const first = arr(obj(obj(oldest?.data).result).transactions)[0];
      if (first !== undefined) firstSeen = earliest(firstSeen, readXrplEntry(first).time);
    }
  }

  return {
    network: q.network,
    address,
    provider: XRPL_PROVIDER,
    sourceUrl: url,
    fetchedAt: ctx.now().toISOString(),
    symbol: 'XRP',
    balance: formatUnits(balance, decimals),
    totalReceived: null,
    totalSent: null,
    txCount: seen.size,
    firstSeen,
    lastSeen,
    transactionsExamined: seen.size,
    complete,
    counterparties: book.list(),
  };
}
