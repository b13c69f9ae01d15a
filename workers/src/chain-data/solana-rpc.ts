/**
 * Solana from a JSON-RPC endpoint (api.mainnet-beta.solana.com or any RPC provider).
 *
 * Methods and shapes, as documented at solana.com/docs/rpc (getBalance, getSignaturesForAddress,
 * getTransaction, "Common JSON data structures"):
 * - getBalance [address] → { context: { slot }, value: <lamports> }.
 * - getSignaturesForAddress [address, { limit ≤ 1000, before }] → newest first, each
 *   { signature, slot, err, memo, blockTime (Unix s, may be null), confirmationStatus }.
 * - getTransaction [signature, { encoding: "jsonParsed", maxSupportedTransactionVersion: 0 }] →
 *   { blockTime, slot, meta { err, fee, preBalances, postBalances, innerInstructions[] {
 *   index, instructions[] } }, transaction { message { accountKeys[] { pubkey, signer,
 *   writable, source }, instructions[] } } }; a parsed System Program instruction is
 *   { program: "system", parsed: { type: "transfer" | "transferWithSeed" | "createAccount" …,
 *   info: { source, destination | newAccount, lamports } } }.
 * - Errors: HTTP 429 when throttled, or a JSON-RPC `error` { code, message } (-32005 "node is
 *   behind" and -32429 are retried).
 * Counterparties come from the SOL moved by System Program instructions (top level and inner) of
 * the most recent transactions; SPL token transfers are not read.
 */
import { CounterpartyBook } from './counterparties';
import { historyRequestsOf, optional, trimBase, unexpectedShape, type AddressQuery, type ProviderContext } from './provider';
import type { ChainData } from './types';
import { arr, bigOrZero, earliest, formatUnits, isoFromSeconds, latest, nativeDecimals, obj, str, toBigInt } from './units';

export const SOLANA_PROVIDER = 'solana-rpc';
const SIGNATURE_PAGE = 1000;
/** Transactions fetched one by one (getTransaction) to find counterparties. */
export const SOLANA_TRANSACTIONS_EXAMINED = 8;

export function checkJsonRpc(data: unknown): { retry: string } | { fail: string } | null {
  const error = obj(obj(data).error);
  if (Object.keys(error).length === 0) return null;
  const message = str(error.message) ?? `error ${String(error.code)}`;
  return error.code === -32005 || error.code === -32429 || /rate limit|too many/i.test(message) ? { retry: message } : { fail: message };
}

interface SystemTransfer {
  source: string;
  destination: string;
  lamports: bigint;
}

/** The SOL moved by System Program instructions of a jsonParsed transaction, inner ones included. */
export function systemTransfers(tx: unknown): SystemTransfer[] {
  const t = obj(tx);
  const instructions = [
    ...arr(obj(obj(t.transaction).message).instructions),
    ...arr(obj(t.meta).innerInstructions).flatMap((inner) => arr(obj(inner).instructions)),
  ];
  const out: SystemTransfer[] = [];
  for (const raw of instructions) {
    const i = obj(raw);
    if (i.program !== 'system') continue;
    const parsed = obj(i.parsed);
    const info = obj(parsed.info);
    const destination = parsed.type === 'createAccount' || parsed.type === 'createAccountWithSeed' ? str(info.newAccount) : str(info.destination);
    const source = str(info.source);
    const lamports = toBigInt(info.lamports);
    if (
      source &&
      destination &&
      lamports !== null &&
      ['transfer', 'transferWithSeed', 'createAccount', 'createAccountWithSeed'].includes(String(parsed.type))
    ) {
      out.push({ source, destination, lamports });
    }
  }
  return out;
}

export async function fetchSolana(ctx: ProviderContext, rpcUrl: string, q: AddressQuery): Promise<ChainData> {
  const url = trimBase(rpcUrl);
  const address = q.address;
  const rpc = <T>(method: string, params: unknown[]) =>
    ctx.http.json<T>({
      provider: SOLANA_PROVIDER,
      rateKey: `solana/${SOLANA_PROVIDER}`,
      url,
      method: 'POST',
      body: { jsonrpc: '2.0', id: 1, method, params },
      check: checkJsonRpc,
      signal: ctx.signal,
    });

  const balanceAnswer = obj(obj((await rpc('getBalance', [address])).data).result);
  const balance = toBigInt(balanceAnswer.value);
  if (balance === null) throw unexpectedShape(SOLANA_PROVIDER, 'getBalance value is not an integer');

  const signatures: { signature: string; time: string | null; failed: boolean }[] = [];
  let exhausted = false;
  for (let page = 0; page < historyRequestsOf(ctx); page++) {
    const before = signatures[signatures.length - 1]?.signature;
    const run = () => rpc('getSignaturesForAddress', [address, { limit: SIGNATURE_PAGE, ...(before ? { before } : {}) }]);
    const answer = page === 0 ? await run() : await optional(run);
    if (!answer) break;
    const list = obj(answer.data).result;
    if (!Array.isArray(list)) throw unexpectedShape(SOLANA_PROVIDER, 'getSignaturesForAddress result is not a list');
    for (const raw of list) {
      const s = obj(raw);
      const signature = str(s.signature);
      if (signature) signatures.push({ signature, time: isoFromSeconds(s.blockTime), failed: s.err !== null && s.err !== undefined });
    }
    if (list.length < SIGNATURE_PAGE) {
      exhausted = true;
      break;
    }
  }

  const decimals = nativeDecimals.lamports;
  const book = new CounterpartyBook(decimals);
  let firstSeen: string | null = null;
  let lastSeen: string | null = null;
  for (const s of signatures) {
    firstSeen = earliest(firstSeen, s.time);
    lastSeen = latest(lastSeen, s.time);
  }
  let examined = 0;
  for (const s of signatures.slice(0, SOLANA_TRANSACTIONS_EXAMINED)) {
    const answer = await optional(() => rpc('getTransaction', [s.signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }]));
    if (!answer) break;
    const tx = obj(answer.data).result;
    examined++;
    if (tx === null || tx === undefined || s.failed || (obj(obj(tx).meta).err ?? null) !== null) {
      continue;
    }
    const time = isoFromSeconds(obj(tx).blockTime) ?? s.time;
    for (const t of systemTransfers(tx)) {
      if (t.source === address && t.destination !== address)
        book.add({ counterparty: t.destination, direction: 'out', amount: t.lamports, txid: s.signature, time });
      else if (t.destination === address && t.source !== address)
        book.add({ counterparty: t.source, direction: 'in', amount: t.lamports, txid: s.signature, time });
    }
  }

  return {
    network: q.network,
    address,
    provider: SOLANA_PROVIDER,
    sourceUrl: url,
    fetchedAt: ctx.now().toISOString(),
    symbol: 'SOL',
    balance: formatUnits(bigOrZero(balance), decimals),
    totalReceived: null,
    totalSent: null,
    txCount: signatures.length,
    firstSeen,
    lastSeen,
    transactionsExamined: examined,
    complete: exhausted && examined === signatures.length,
    counterparties: book.list(),
  };
}
