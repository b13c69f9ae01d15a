/**
 * Token transfers through a real check: the seven real stages with the tracer and the price
 * source, on the recorded TRON trace scenario (workers/test-fixtures/chain-data/README.md) with
 * CoinGecko's answers replayed on loopback, a sanctions list listing U, an address that only ever
 * sent the wallet USDT, and a SQLite event store.
 *
 * The wallet W received 3,000 TRX from I1 and 1,000 from the exchange E, sent 1,000 to I2, and
 * received 500 USDT from U. At the recorded prices (TRX $0.25, USDT $1) that is $750, $250, $250
 * and $500: U holds 500 / 1,750 = 28.6 % of W's examined volume and 500 / 1,500 = 33.3 % of what
 * it received. Counted in TRX alone, as before tokens were weighed, U would hold none of it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkStreamId, INCOMPLETE_AML_STATUS, INCOMPLETE_RISK_LEVEL, type WalletAnalysis } from '@walletscreen/contracts';
import type { WalletCheckRequested } from '@walletscreen/domain/check/events';
import { createLogger } from '@walletscreen/platform';
import { SqliteEventStore } from '@walletscreen/platform/adapters';
import { createPriceSource } from '../chain-data/prices';
import { loopbackConfig, priceRoutes, startReplayServer, traceAddresses as t, traceRoutes, type Reply, type ReplayServer } from '../../testing/replay-server';
import { createChainDataService } from '../chain-data/service';
import { createTracer } from '../chain-data/trace';
import { defaultTraceConfig } from '../chain-data/types';
import { createIntelligence } from '../intelligence/intelligence';
import { createInterpreter } from '../interpretation/interpreter';
import { runSanctionsSync } from '../sanctions/sync';
import { createCheckPipeline } from './pipeline';
import { replayCheck } from './replay';
import { sanctionedExposurePoints, RISK_MODEL_VERSION } from './risk-model';
import type { BlockchainEvidence } from './evidence';
import { createStages, type PatternsStageEvidence } from './stages';

const a = t.tron;
const dir = mkdtempSync(path.join(tmpdir(), 'ws-tokens-'));
const logger = createLogger({ level: 'silent' });
let store: SqliteEventStore;
const servers: ReplayServer[] = [];

beforeAll(async () => {
  store = new SqliteEventStore({ file: path.join(dir, 'events.db') });
  const sdn = path.join(dir, 'sdn.csv');
  writeFileSync(sdn, `90011,"USDT LAUNDERING NETWORK",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - TRX ${a.u}."\n`);
  await runSanctionsSync({ eventStore: store, file: sdn, clock: () => new Date(), logger });
});

afterAll(async () => {
  await store.close();
  await Promise.all(servers.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a check of the TRON trace wallet with CoinGecko answering `prices`; its events. */
async function check(checkId: string, prices: Reply) {
  const replay = await startReplayServer([...priceRoutes(prices), ...traceRoutes('trongrid')]);
  servers.push(replay);
  const labels = path.join(dir, `labels-${checkId}.json`);
  writeFileSync(
    labels,
    JSON.stringify({
      description: 'The trace scenario',
      labels: [{ address: a.e, network: 'tron', category: 'exchange', name: 'Exchange E (test)', source: 'https://compliance.example.com/cases/trace' }],
    }),
  );
  const intelligence = createIntelligence({ extraLabelsFile: labels, chainabuse: { baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 } });
  const config = loopbackConfig(replay.url, { retries: 0 });
  const chainData = createChainDataService(config);
  const stages = createStages({
    eventStore: store,
    providers: {
      chainData,
      tracer: createTracer(chainData, defaultTraceConfig),
      prices: createPriceSource({ ...config.prices, retries: 0 }),
      intelligence,
      interpreter: createInterpreter(),
    },
  });
  const pipeline = createCheckPipeline({ eventStore: store, stages, clock: () => new Date('2026-11-27T03:00:00.000Z'), logger });
  const request: WalletCheckRequested = {
    checkId,
    userId: 'u-1',
    input: a.wallet,
    address: a.wallet,
    chain: 'tron',
    network: 'tron',
    chargeSource: 'bonus',
    at: '2026-11-27T03:00:00.000Z',
  };
  await store.append(checkStreamId(checkId), [{ id: crypto.randomUUID(), type: 'WalletCheckRequested', data: request }], { expectedRevision: 'no-stream' });
  await pipeline.run(checkId);
  const events = await store.readStream(checkStreamId(checkId));
  expect(events.at(-1)!.type).toBe('WalletCheckCompleted');
  const evidence = (key: string) =>
    (events.find((e) => e.type === 'WalletCheckStageCompleted' && (e.data as { key: string }).key === key)!.data as { evidence: unknown }).evidence;
  return { events, replay, evidence, result: (events.at(-1)!.data as { result: WalletAnalysis }).result };
}

it('weighs the USDT a sanctioned address sent with the TRX in USD: direct exposure of 28.6 %, High; replayed as identical', async () => {
  const { events, evidence, result, replay } = await check('c-usdt', { fixture: 'coingecko/simple-price.json' });

  // Stage 2 recorded the prices it weighed the flows at.
  const blockchain = evidence('blockchain') as BlockchainEvidence;
  expect(blockchain.valuation).toEqual({
    currency: 'USD',
    source: 'CoinGecko',
    asOf: expect.any(String),
    native: { symbol: 'TRX', usd: 0.25 },
    tokens: [
      { symbol: 'USDT', contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', usd: 1 },
      { symbol: 'USDC', contract: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', usd: 1 },
    ],
  });
  // U is an endpoint (listed); the trace read the two unlabelled intermediaries.
  expect(blockchain.trace?.expansions.map((e) => e.address)).toEqual([a.i1, a.i2]);
  expect(replay.requests.filter((r) => r.path === '/coingecko/simple/price')).toHaveLength(1);

  const patterns = evidence('patterns') as PatternsStageEvidence;
  expect(patterns.valuation).toEqual({ mode: 'usd', unit: 'USD', weighed: ['TRX', 'USDT'], unpriced: [] });
  expect(patterns.sanctionedCounterparties).toBe(1);
  expect(patterns.sanctionedVolumeShare).toBeCloseTo(500 / 1750, 12);
  expect(patterns.breakdown?.byCategory.sanctioned).toMatchObject({
    received: { direct: expect.closeTo(1 / 3, 12), indirect: 0 },
    volume: { direct: expect.closeTo(500 / 1750, 12), indirect: 0 },
    minHops: 1,
  });
  expect(patterns.incomingExposure).toEqual({ exchange: expect.closeTo(1 / 6, 12) });
  expect(patterns.assessment).toMatchObject({
    model: RISK_MODEL_VERSION,
    score: sanctionedExposurePoints(500 / 1750),
    level: 'High Risk',
    status: 'Non-compliant',
    missing: [],
  });
  expect(patterns.assessment.factors).toEqual([
    { code: 'exposure.sanctioned', points: 75, reason: 'Direct exposure: 1 counterparty on a sanctions list (28.6% of examined volume)' },
  ]);

  const report = result.aml_report.split('\n');
  expect(report).toContain('Token transfers examined: USDT 500 received, 0 sent.');
  expect(report).toContain(
    `Shares of volume weigh TRX, USDT in USD at CoinGecko's prices read ${blockchain.valuation!.asOf!.slice(0, 16).replace('T', ' ')} UTC: TRX $0.25, USDT $1.00.`,
  );
  expect(result.source_of_funds).toBe('Of the value received: sanctioned (33.3%), exchange (16.7%), unlabelled addresses (50%)');
  // The linked wallets by the share they hold as weighed: I1 ($750), U ($500), then I2 and E ($250 each) in the provider's order.
  expect(result.linked_wallets_details.map((w) => [w.address, Math.round(w.share * 1000) / 1000, w.risk])).toEqual([
    [a.i1, 0.429, 'none'],
    [a.u, 0.286, 'sanctioned'],
    [a.i2, 0.143, 'none'],
    [a.e, 0.143, 'none'],
  ]);

  // The fund-flow picture weighs the flows alike: U, which only sent USDT, is drawn with its share.
  expect(result.fund_flow?.nodes.find((n) => n.address === a.u)).toMatchObject({ hop: 1, category: 'sanctioned', share: expect.closeTo(500 / 1750, 12) });
  expect(result.fund_flow?.edges).toContainEqual({ from: a.u, to: a.wallet, share: expect.closeTo(500 / 1750, 12) });

  const replayed = replayCheck('c-usdt', events);
  if (replayed.verdict === 'not-replayable') throw new Error(replayed.message);
  expect(replayed).toMatchObject({ verdict: 'identical', modelVersion: RISK_MODEL_VERSION, differences: [] });
});

it('without prices, leaves the USDT out of every share, says so, and gives no Low or Medium verdict', async () => {
  const { evidence, result } = await check('c-usdt-no-prices', { status: 500, json: { error: 'internal' } });
  const blockchain = evidence('blockchain') as BlockchainEvidence;
  expect(blockchain.valuation).toMatchObject({
    source: null,
    native: { symbol: 'TRX', usd: null },
    unavailable: 'CoinGecko failed with a server error (HTTP 500; 1 attempt)',
  });

  const patterns = evidence('patterns') as PatternsStageEvidence;
  expect(patterns.valuation).toEqual({ mode: 'partial', unit: 'TRX', weighed: ['TRX'], unpriced: ['USDT'] });
  // Weighed in TRX alone, U holds none of the volume; its listing alone still scores the floor.
  expect(patterns.sanctionedVolumeShare).toBe(0);
  expect(patterns.assessment).toMatchObject({ score: 40, level: INCOMPLETE_RISK_LEVEL, status: INCOMPLETE_AML_STATUS, missing: ['token-values'] });
  expect(result.missing_evidence).toEqual([
    'Token values: USDT moved alongside TRX but no price could be had (CoinGecko failed with a server error (HTTP 500; 1 attempt)), so it was left out of every share of volume; exposure through it is unknown. Run the check again later; if this persists, ask your administrator to check the price source.',
  ]);
  expect(result.aml_report.split('\n')).toContain(
    'USDT could not be weighed (CoinGecko failed with a server error (HTTP 500; 1 attempt)) and is left out of the shares below, which weigh TRX only.',
  );
  expect(result.risk_level).toBe(INCOMPLETE_RISK_LEVEL);
});
