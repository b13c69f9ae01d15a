/**
 * Following funds beyond the wallet's direct counterparties (indirect exposure, "hops").
 *
 * Hop 1 is the wallet's own counterparties, which stage 2 already read. The tracer then reads
 * the history of the unlabelled ones, largest first, to find their counterparties (hop 2), and,
 * when the depth allows, theirs (hop 3). It never expands an address whose nature is already
 * known (labelled, listed, on a custom list): funds that reach an exchange or a sanctioned party
 * stop there, as in the field's tools. Three bounds keep a check within its stage time and the
 * providers' rate limits:
 * - `fanOut`: at most this many addresses are expanded per hop, those carrying the largest share
 *   of the wallet's volume first;
 * - `requestBudget`: provider requests (attempts; answers from a cache are free) for the whole
 *   trace of one check; once spent, no further address is read;
 * - `timeLimitMs`: no address is started after this long.
 * Each traced address is read with one page of recent history (no oldest-first lookup). What was
 * read is kept for `cacheTtlMs` and reused by other checks (the cache lives as long as the worker);
 * an address whose source failed is not asked again for `failureCacheTtlMs`, and checks tracing the
 * same address at the same time share one read, so a source is not asked the same question by
 * every check (and its rate limit spent on it).
 * The evidence records every address expanded, what it found, and what was left and why, so the
 * report can say how far the trace went and an auditor can replay the attribution.
 */
import { evmNetworks, type Network } from '@walletscreen/contracts';
import { TtlCache, type RequestMeter } from './http';
import type { ChainDataService } from './service';
import { nativeVolume } from './valuation';
import { MAX_TRACE_DEPTH, type ChainData, type ChainDataResult, type CoSpends, type Counterparty, type TraceConfig } from './types';

/** A counterparty of a traced address: only what attribution needs. */
export type TraceFlow = Pick<Counterparty, 'address' | 'received' | 'sent'> & Partial<Pick<Counterparty, 'tokens'>>;

export type TraceExpansion = {
  address: string;
  /** Hops from the wallet to this address (1: a direct counterparty). Its counterparties are one hop further. */
  hop: number;
  /** The address it was reached through (the wallet, for hop 1). */
  via: string;
} & (
  | {
      ok: true;
      provider: string;
      fetchedAt: string;
      transactionsExamined: number;
      complete: boolean;
      /** Read by an earlier check within the cache's lifetime, or by a check reading it at the same time (no request of this check's). */
      fromCache: boolean;
      counterparties: TraceFlow[];
      /** UTXO chains: its transactions that spent several addresses together (absent elsewhere and in traces recorded before clustering). */
      coSpends?: CoSpends;
    }
  | {
      ok: false;
      reason: string;
      /** The same in words a customer reads, without hosts or HTTP excerpts (absent in traces recorded before it). */
      plain?: string;
      /** The source failed for this address for another check, within the last minute or at the same time: not asked again. */
      fromCache?: true;
    }
);

export interface TraceEvidence {
  depth: number;
  fanOut: number;
  requestBudget: number;
  /** Provider requests the trace made. */
  requests: number;
  expansions: TraceExpansion[];
  /** Addresses that were due to be expanded and were not, with why. */
  notExpanded: Array<{ address: string; hop: number; reason: string }>;
  /** Unlabelled addresses beyond the per-hop limit, smaller than those expanded (absent in traces recorded before it was counted). */
  beyondFanOut?: number;
}

export interface TraceInput {
  network: Network;
  wallet: ChainData;
  /** Those of `addresses` whose nature is known (labelled, listed, on a custom list): funds stop there. */
  endpoints(addresses: readonly string[]): Promise<ReadonlySet<string>>;
  /** A flow's value (received plus sent) for the order of expansion; native amounts when absent (see valuation.ts). */
  weigh?: (flow: TraceFlow) => number;
  signal?: AbortSignal;
}

export interface Tracer {
  readonly config: TraceConfig;
  trace(input: TraceInput): Promise<TraceEvidence>;
}

/** How addresses compare on a network: EVM addresses in any letter case are the same. */
export const addressKey = (network: Network, address: string): string =>
  (evmNetworks as readonly string[]).includes(network) ? address.toLowerCase() : address;

export const traceFlowOf = (c: Counterparty): TraceFlow => ({
  address: c.address,
  received: c.received,
  sent: c.sent,
  ...(c.tokens ? { tokens: c.tokens } : {}),
});

interface Node {
  address: string;
  /** The addresses from the wallet to this one (keys), left out of its totals as attribution leaves them out. */
  path: ReadonlySet<string>;
  /** Share (0-1) of the wallet's volume that flows through this node. */
  share: number;
  flows: readonly TraceFlow[];
}

export function createTracer(chainData: ChainDataService, config: TraceConfig, deps: { now?: () => number } = {}): Tracer {
  const now = deps.now ?? Date.now;
  const cache = new TtlCache<ChainData>(config.cacheTtlMs, config.cacheMaxEntries, now);
  const failures = new TtlCache<{ reason: string; plain?: string }>(config.failureCacheTtlMs, config.cacheMaxEntries, now);
  /** Addresses being read for a check now, with that check's signal. */
  const inflight = new Map<string, { result: Promise<ChainDataResult>; signal?: AbortSignal }>();
  const depth = Math.min(MAX_TRACE_DEPTH, Math.max(1, Math.floor(config.depth)));

  return {
    config: { ...config, depth },
    async trace({ network, wallet, endpoints, weigh = nativeVolume, signal }) {
      const meter: RequestMeter = { used: 0, limit: config.requestBudget };
      const deadline = now() + config.timeLimitMs;
      const expansions: TraceExpansion[] = [];
      const notExpanded: TraceEvidence['notExpanded'] = [];
      const walletKey = addressKey(network, wallet.address);
      const seen = new Set<string>([walletKey]);
      let level: Node[] = [{ address: wallet.address, path: new Set([walletKey]), share: 1, flows: wallet.counterparties.map(traceFlowOf) }];
      let beyondFanOut = 0;

      for (let hop = 1; hop < depth && level.length > 0; hop++) {
        // This hop's candidates: unlabelled addresses not yet expanded, by the share of the wallet's volume they carry.
        const candidates = new Map<string, { address: string; via: Node; share: number }>();
        const known = await endpoints([...new Set(level.flatMap((node) => node.flows.map((f) => f.address)))]);
        for (const node of level) {
          const onward = node.flows.filter((f) => !node.path.has(addressKey(network, f.address)));
          const total = onward.reduce((s, f) => s + weigh(f), 0);
          if (total <= 0) continue;
          for (const f of onward) {
            const key = addressKey(network, f.address);
            const value = weigh(f);
            if (value <= 0 || seen.has(key) || known.has(f.address)) continue;
            const share = (node.share * value) / total;
            const candidate = candidates.get(key);
            if (candidate) candidate.share += share;
            else candidates.set(key, { address: f.address, via: node, share });
          }
        }
        const all = [...candidates.values()].sort((a, b) => b.share - a.share || (a.address < b.address ? -1 : 1));
        const ordered = all.slice(0, config.fanOut);
        beyondFanOut += all.length - ordered.length;
        const next: Node[] = [];
        for (const c of ordered) {
          const cKey = addressKey(network, c.address);
          seen.add(cKey);
          const key = `${network}:${cKey}`;
          const path = new Set([...c.via.path, cKey]);
          const hit = cache.get(key);
          if (hit) {
            expansions.push(expanded(c, hop, hit, true));
            next.push({ address: c.address, path, share: c.share, flows: hit.counterparties.map(traceFlowOf) });
            continue;
          }
          const failed = failures.get(key);
          if (failed !== undefined) {
            expansions.push({
              address: c.address,
              hop,
              via: c.via.address,
              ok: false,
              reason: failed.reason,
              ...(failed.plain ? { plain: failed.plain } : {}),
              fromCache: true,
            });
            continue;
          }
          if (signal?.aborted) break;
          // Another check reading the same address right now: its answer serves this one too (no request of this one's).
          const shared = inflight.get(key);
          const answer = shared ? await shared.result : null;
          const borrowed = answer && (answer.ok || (!answer.budgetSpent && !shared!.signal?.aborted)) ? answer : null;
          const budgetSpent = { address: c.address, hop, reason: `the trace's budget of ${config.requestBudget} provider requests was spent` };
          let result: ChainDataResult;
          if (borrowed) result = borrowed;
          else {
            if (now() >= deadline) {
              notExpanded.push({ address: c.address, hop, reason: `the trace's time limit (${Math.round(config.timeLimitMs / 1000)} s) was reached` });
              continue;
            }
            if (meter.used >= config.requestBudget) {
              notExpanded.push(budgetSpent);
              continue;
            }
            const reading = chainData.fetch(network, c.address, signal, { meter, historyRequests: 1 });
            inflight.set(key, { result: reading, ...(signal ? { signal } : {}) });
            try {
              result = await reading;
            } finally {
              if (inflight.get(key)?.result === reading) inflight.delete(key);
            }
          }
          const fromCache = borrowed !== null;
          if (!result.ok) {
            // The budget ran out while the address was being read: left for the same reason as the ones after it, not a provider's failure.
            if (result.budgetSpent) notExpanded.push(budgetSpent);
            else {
              expansions.push({
                address: c.address,
                hop,
                via: c.via.address,
                ok: false,
                reason: result.reason,
                ...(result.plain ? { plain: result.plain } : {}),
                ...(fromCache ? { fromCache: true as const } : {}),
              });
              if (!fromCache && !signal?.aborted) failures.set(key, { reason: result.reason, ...(result.plain ? { plain: result.plain } : {}) });
            }
            continue;
          }
          if (!fromCache) cache.set(key, result.data);
          expansions.push(expanded(c, hop, result.data, fromCache));
          next.push({ address: c.address, path, share: c.share, flows: result.data.counterparties.map(traceFlowOf) });
        }
        level = next;
      }
      return { depth, fanOut: config.fanOut, requestBudget: config.requestBudget, requests: meter.used, expansions, notExpanded, beyondFanOut };
    },
  };
}

function expanded(c: { address: string; via: { address: string } }, hop: number, data: ChainData, fromCache: boolean): TraceExpansion {
  return {
    address: c.address,
    hop,
    via: c.via.address,
    ok: true,
    provider: data.provider,
    fetchedAt: data.fetchedAt,
    transactionsExamined: data.transactionsExamined,
    complete: data.complete,
    fromCache,
    counterparties: data.counterparties.map(traceFlowOf),
    ...(data.coSpends ? { coSpends: data.coSpends } : {}),
  };
}
