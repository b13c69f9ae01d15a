/**
 * What tracing costs a check (indirect exposure, workers/src/chain-data/trace.ts): for every chain
 * family, the recorded two-hop scenario (workers/test-fixtures/chain-data/<family>/trace-*.json)
 * replayed on loopback, answering at once, with no rate limit; each check fetches the wallet with
 * the real chain-data service and traces it with the real tracer (the default trace settings).
 * Three runs of BENCH_TRACE_CHECKS checks per family, one after the other:
 * - depth 1: the wallet only (no trace);
 * - depth 2: the wallet and a trace with an empty trace cache (a new tracer per check);
 * - depth 2, cache warm: one tracer for the whole run, as a worker keeps it, so every check after
 *   the first finds the intermediaries in the trace cache (within its 15 minutes).
 * Each check gets a new chain-data service, so no check is answered by another's HTTP cache.
 * Printed: provider requests per check (those the replay server received, and those the trace
 * counted), time per check, and the traced addresses the cache answered. No figure is asserted.
 *
 *   BENCH_TRACE_CHECKS (200 per family and run)
 */
import { performance } from 'node:perf_hooks';
import type { Network } from '@walletscreen/contracts';
import { loopbackConfig, startReplayServer, traceAddresses, traceRoutes, type TraceFamily } from '@walletscreen/workers/testing/replay-server';
import { createChainDataService, rateLookup, type ChainDataService } from '@walletscreen/workers/chain-data/service';
import { createTracer, type Tracer } from '@walletscreen/workers/chain-data/trace';
import { defaultChainDataConfig, defaultTraceConfig, type ChainDataConfig } from '@walletscreen/workers/chain-data/types';
import { ms, percentile } from './support';

const CHECKS = Number(process.env.BENCH_TRACE_CHECKS ?? 200);

/** `rateKey` names the provider's rate-limit bucket as the service does, for the default limits. */
const families: Array<{ family: TraceFamily; network: Network; wallet: string; endpoints: string[]; rateKey: string; config?: Partial<ChainDataConfig> }> = [
  {
    family: 'esplora',
    rateKey: 'esplora/mempool.space',
    network: 'bitcoin',
    wallet: traceAddresses.btc.wallet,
    endpoints: [traceAddresses.btc.e, traceAddresses.btc.x, traceAddresses.btc.z],
  },
  {
    family: 'blockscout',
    rateKey: 'blockscout/blockscout:ethereum',
    network: 'ethereum',
    wallet: traceAddresses.eth.wallet,
    endpoints: [traceAddresses.eth.e, traceAddresses.eth.x, traceAddresses.eth.z],
  },
  {
    family: 'etherscan',
    rateKey: 'etherscan/etherscan-v2',
    network: 'bsc',
    wallet: traceAddresses.bsc.wallet,
    endpoints: [traceAddresses.bsc.e, traceAddresses.bsc.x, traceAddresses.bsc.z],
    config: { etherscanApiKey: 'BENCH-KEY' },
  },
  {
    family: 'trongrid',
    rateKey: 'trongrid/trongrid',
    network: 'tron',
    wallet: traceAddresses.tron.wallet,
    endpoints: [traceAddresses.tron.e, traceAddresses.tron.x, traceAddresses.tron.z],
  },
  {
    family: 'solana',
    rateKey: 'solana/solana-rpc',
    network: 'solana',
    wallet: traceAddresses.sol.wallet,
    endpoints: [traceAddresses.sol.e, traceAddresses.sol.x, traceAddresses.sol.z],
  },
  {
    family: 'xrpl',
    rateKey: 'xrpl/xrpl',
    network: 'xrp',
    wallet: traceAddresses.xrp.wallet,
    endpoints: [traceAddresses.xrp.e, traceAddresses.xrp.x, traceAddresses.xrp.z],
  },
];

interface Run {
  /** Requests the replay server received per check. */
  received: number[];
  /** Requests the trace counted per check. */
  traced: number[];
  ms: number[];
  /** Traced addresses answered by the trace cache / expanded, over the run. */
  fromCache: number;
  expanded: number;
}

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
const figure = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

export async function run(): Promise<Record<string, number | string>> {
  const results: Record<string, number | string> = {
    conditions: `${CHECKS} checks per family and run; each chain's recorded two-hop scenario replayed on loopback (answers at once, no rate limit); the default trace settings (fan-out ${defaultTraceConfig.fanOut}, budget ${defaultTraceConfig.requestBudget} requests); a new chain-data service (cold HTTP cache) per check`,
  };
  for (const f of families) {
    const server = await startReplayServer(traceRoutes(f.family));
    const config = loopbackConfig(server.url, f.config);
    const endpoints = new Set(f.endpoints.map((a) => a.toLowerCase()));
    const known = async (addresses: readonly string[]) => new Set(addresses.filter((address) => endpoints.has(address.toLowerCase())));
    try {
      /** `tracerFor` gives the tracer of a check (null: depth 1), over that check's chain-data service. */
      const measure = async (tracerFor: (chainData: ChainDataService) => Tracer | null): Promise<Run> => {
        const r: Run = { received: [], traced: [], ms: [], fromCache: 0, expanded: 0 };
        for (let i = 0; i < CHECKS; i++) {
          const chainData = createChainDataService(config);
          const tracer = tracerFor(chainData);
          const before = server.requests.length;
          const start = performance.now();
          const fetched = await chainData.fetch(f.network, f.wallet);
          if (!fetched.ok) throw new Error(`${f.family}: ${fetched.reason}`);
          const trace = tracer ? await tracer.trace({ network: f.network, wallet: fetched.data, endpoints: known }) : null;
          r.ms.push(performance.now() - start);
          r.received.push(server.requests.length - before);
          r.traced.push(trace?.requests ?? 0);
          for (const e of trace?.expansions ?? []) {
            if (!e.ok) throw new Error(`${f.family}: ${e.address} could not be traced: ${e.reason}`);
            r.expanded++;
            if (e.fromCache) r.fromCache++;
          }
        }
        r.ms.sort((x, y) => x - y);
        return r;
      };
      const depth1 = await measure(() => null);
      const depth2 = await measure((chainData) => createTracer(chainData, defaultTraceConfig));
      // One tracer for the run, over whichever check's service is current: its cache outlives the checks.
      let current: ChainDataService | null = null;
      const shared = createTracer({ fetch: (...args) => current!.fetch(...args) }, defaultTraceConfig);
      const warm = await measure((chainData) => {
        current = chainData;
        return shared;
      });

      // One line per figure, each named by its family (the runner prints a flat list).
      const key = (what: string) => `${f.family} (${f.network}): ${what}`;
      results[key('provider requests per check, depth 1 / depth 2 (of which the trace)')] =
        `${figure(mean(depth1.received))} / ${figure(mean(depth2.received))} (${figure(mean(depth2.traced))})`;
      results[key('time per check p50 / p95 (ms), depth 1')] = `${ms(percentile(depth1.ms, 50))} / ${ms(percentile(depth1.ms, 95))}`;
      results[key('time per check p50 / p95 (ms), depth 2')] = `${ms(percentile(depth2.ms, 50))} / ${ms(percentile(depth2.ms, 95))}`;
      results[key('addresses expanded per check at depth 2')] = figure(depth2.expanded / CHECKS);
      // Not measured: what the trace's requests take at least at the provider's default rate limit (a bucket of one token, which the wallet's requests have emptied).
      const rate = rateLookup(defaultChainDataConfig.ratePerSecond)(f.rateKey);
      results[key(`the trace's requests at the default limit of ${rate}/s take at least (s, computed)`)] = (mean(depth2.traced) / rate).toFixed(1);
      results[key('depth 2, trace cache warm: provider requests per check (of which the trace)')] =
        `${figure(mean(warm.received))} (${figure(mean(warm.traced))})`;
      results[key('depth 2, trace cache warm: traced addresses from the cache')] = `${warm.fromCache} of ${warm.expanded}`;
      results[key('depth 2, trace cache warm: time per check p50 / p95 (ms)')] = `${ms(percentile(warm.ms, 50))} / ${ms(percentile(warm.ms, 95))}`;
    } finally {
      await server.close();
    }
  }
  return results;
}
