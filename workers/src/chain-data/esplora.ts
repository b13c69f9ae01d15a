/**
 * Bitcoin, Litecoin and Dogecoin from an Esplora HTTP API (mempool.space, blockstream.info,
 * litecoinspace.org, or any self-hosted Esplora / mempool backend).
 *
 * Endpoints and shapes, as documented in Blockstream/esplora API.md (and mempool.space's REST
 * docs, which serve the same routes under /api):
 * - GET /address/:address → { address, chain_stats, mempool_stats }, each stats object holding
 *   tx_count, funded_txo_count, funded_txo_sum, spent_txo_count, spent_txo_sum (satoshi).
 * - GET /address/:address/txs → up to 50 mempool transactions then the newest 25 confirmed ones,
 *   newest first.
 * - GET /address/:address/txs/chain/:last_seen_txid → the next 25 confirmed transactions.
 * - A transaction: txid, vin[] (prevout: scriptpubkey_address, value; is_coinbase), vout[]
 *   (scriptpubkey_address, value), status (confirmed, block_height, block_time).
 * Esplora has no "oldest first" order: the first transaction is reached by paging to the end,
 * which the history budget allows only for small wallets; otherwise firstSeen is the oldest
 * transaction examined and `complete` is false.
 */
import { coSpendsOf } from './co-spends';
import { CounterpartyBook, splitProportionally } from './counterparties';
import { historyRequestsOf, hostOf, optional, trimBase, unexpectedShape, type AddressQuery, type ProviderContext } from './provider';
import type { ChainData } from './types';
import { arr, bigOrZero, earliest, formatUnits, isoFromSeconds, latest, nativeDecimals, obj, str } from './units';

const CONFIRMED_PAGE = 25;

export const esploraSymbols = { bitcoin: 'BTC', litecoin: 'LTC', dogecoin: 'DOGE' } as const;

interface EsploraTx {
  txid: string;
  confirmed: boolean;
  time: string | null;
  inputs: { address: string | null; value: bigint }[];
  outputs: { address: string | null; value: bigint }[];
}

function readTx(raw: unknown): EsploraTx | null {
  const t = obj(raw);
  const txid = str(t.txid);
  if (!txid) return null;
  const status = obj(t.status);
  return {
    txid,
    confirmed: status.confirmed === true,
    time: isoFromSeconds(status.block_time),
    inputs: arr(t.vin).map((v) => {
      const prevout = obj(obj(v).prevout);
      return { address: str(prevout.scriptpubkey_address), value: bigOrZero(prevout.value) };
    }),
    outputs: arr(t.vout).map((v) => ({ address: str(obj(v).scriptpubkey_address), value: bigOrZero(obj(v).value) })),
  };
}

/** Adds one transaction's transfers: what the wallet spent went to the other outputs; what it received came from the inputs. */
export function addEsploraTransfers(book: CounterpartyBook, wallet: string, tx: EsploraTx): void {
  const spent = tx.inputs.filter((i) => i.address === wallet).reduce((s, i) => s + i.value, 0n);
  if (spent > 0n) {
    for (const o of tx.outputs) {
      if (o.address && o.address !== wallet) book.add({ counterparty: o.address, direction: 'out', amount: o.value, txid: tx.txid, time: tx.time });
    }
    return;
  }
  const received = tx.outputs.filter((o) => o.address === wallet).reduce((s, o) => s + o.value, 0n);
  const senders = tx.inputs.filter((i): i is { address: string; value: bigint } => i.address !== null && i.address !== wallet);
  const parts = splitProportionally(
    received,
    senders.map((s) => s.value),
  );
  senders.forEach((s, i) => book.add({ counterparty: s.address, direction: 'in', amount: parts[i]!, txid: tx.txid, time: tx.time }));
}

export async function fetchEsplora(ctx: ProviderContext, baseUrl: string, query: AddressQuery & { network: keyof typeof esploraSymbols }): Promise<ChainData> {
  const base = trimBase(baseUrl);
  const provider = hostOf(base);
  const get = <T>(path: string) => ctx.http.json<T>({ provider, rateKey: `esplora/${provider}`, url: `${base}${path}`, signal: ctx.signal });
  const address = query.address;
  const path = `/address/${encodeURIComponent(address)}`;

  const summary = obj((await get(path)).data);
  if (typeof summary.chain_stats !== 'object' || summary.chain_stats === null) throw unexpectedShape(provider, 'no chain_stats');
  const chain = obj(summary.chain_stats);
  const mempool = obj(summary.mempool_stats);
  const chainTxCount = Number(chain.tx_count ?? 0);
  const mempoolTxCount = Number(mempool.tx_count ?? 0);
  const funded = bigOrZero(chain.funded_txo_sum) + bigOrZero(mempool.funded_txo_sum);
  const spentSum = bigOrZero(chain.spent_txo_sum) + bigOrZero(mempool.spent_txo_sum);

  const txs = new Map<string, EsploraTx>();
  let complete = chainTxCount + mempoolTxCount === 0;
  if (!complete) {
    let page = arr((await get(`${path}/txs`)).data);
    let requests = 1;
    for (;;) {
      for (const raw of page) {
        const tx = readTx(raw);
        if (tx) txs.set(tx.txid, tx);
      }
      const confirmed = [...txs.values()].filter((t) => t.confirmed);
      const pageConfirmed = page.map(readTx).filter((t): t is EsploraTx => t !== null && t.confirmed);
      if (confirmed.length >= chainTxCount || pageConfirmed.length < CONFIRMED_PAGE) {
        complete = confirmed.length >= chainTxCount && txs.size - confirmed.length >= mempoolTxCount;
        break;
      }
      if (requests >= historyRequestsOf(ctx)) break;
      const lastSeen = pageConfirmed[pageConfirmed.length - 1]!.txid;
      const next = await optional(() => get(`${path}/txs/chain/${lastSeen}`));
      requests++;
      if (!next) break;
      page = arr(next.data);
    }
  }

  const decimals = nativeDecimals.satoshi;
  const book = new CounterpartyBook(decimals);
  let firstSeen: string | null = null;
  let lastSeen: string | null = null;
  for (const tx of txs.values()) {
    addEsploraTransfers(book, address, tx);
    firstSeen = earliest(firstSeen, tx.time);
    lastSeen = latest(lastSeen, tx.time);
  }
  // Addresses spent together, for clustering (checks/clustering.ts); none recorded when there are none.
  const coSpends = coSpendsOf(txs.values());
  return {
    network: query.network,
    address,
    provider,
    sourceUrl: base,
    fetchedAt: ctx.now().toISOString(),
    symbol: esploraSymbols[query.network],
    balance: formatUnits(funded - spentSum, decimals),
    totalReceived: formatUnits(funded, decimals),
    totalSent: formatUnits(spentSum, decimals),
    txCount: chainTxCount + mempoolTxCount,
    firstSeen,
    lastSeen,
    transactionsExamined: txs.size,
    complete,
    counterparties: book.list(),
    ...(coSpends.transactions.length > 0 || coSpends.coinJoinShaped > 0 ? { coSpends } : {}),
  };
}
