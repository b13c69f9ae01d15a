/**
 * Indirect exposure through a real check: the seven real stages with the tracer, on the recorded
 * Bitcoin trace scenario (workers/test-fixtures/chain-data/README.md) replayed on loopback, a
 * sanctions list listing an address two hops from the wallet and none of its counterparties,
 * labels for the exchange it deals with and for a mixer two hops away, a SQLite event store; then
 * the check replayed from its stored events.
 *
 * The wallet W received 3 BTC from I1 and 1 from the exchange E, and sent 1 to I2; I1 received 2
 * from X (on the list) and 6 from Y; I2 paid 0.6 to V and 0.2 to Z (a mixer). So 3/4 × 2/8 =
 * 18.75 % of W's receipts came from X, and 3/5 × 2/8 = 15 % of its volume; 0.2/0.8 = 25 % of what it
 * sent reached Z, 1/5 × 0.2/0.8 = 5 % of its volume. The result's fund-flow graph draws the same
 * shares: X at two hops, coloured sanctioned.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkStreamId, type WalletAnalysis } from '@walletscreen/contracts';
import type { WalletCheckRequested } from '@walletscreen/domain/check/events';
import { createLogger } from '@walletscreen/platform';
import { SqliteEventStore } from '@walletscreen/platform/adapters';
import { loopbackConfig, startReplayServer, traceAddresses as t, traceRoutes, type ReplayServer } from '../../testing/replay-server';
import { createChainDataService } from '../chain-data/service';
import { createTracer } from '../chain-data/trace';
import { defaultTraceConfig } from '../chain-data/types';
import { createIntelligence } from '../intelligence/intelligence';
import { createInterpreter } from '../interpretation/interpreter';
import { runSanctionsSync } from '../sanctions/sync';
import { createCheckPipeline } from './pipeline';
import { replayCheck } from './replay';
import { RISK_MODEL_VERSION } from './risk-model';
import type { BlockchainEvidence, IntelligenceEvidence, SanctionsEvidence } from './evidence';
import { createStages, type PatternsStageEvidence } from './stages';

const a = t.btc;
const dir = mkdtempSync(path.join(tmpdir(), 'ws-indirect-'));
const logger = createLogger({ level: 'silent' });
let replay: ReplayServer;
let store: SqliteEventStore;

beforeAll(async () => {
  replay = await startReplayServer(traceRoutes('esplora'));
  store = new SqliteEventStore({ file: path.join(dir, 'events.db') });
  const sdn = path.join(dir, 'sdn.csv');
  writeFileSync(sdn, `90007,"TRACED PARTY ON THE LIST",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${a.x}."\n`);
  await runSanctionsSync({ eventStore: store, file: sdn, clock: () => new Date(), logger });
});

afterAll(async () => {
  await store.close();
  await replay.close();
  rmSync(dir, { recursive: true, force: true });
});

it('finds a sanctioned address two hops away, scores it as indirect exposure, reports it, and replays the check as identical', async () => {
  const labels = path.join(dir, 'labels.json');
  const label = (address: string, category: string, name: string) => ({
    address,
    network: 'bitcoin',
    category,
    name,
    source: 'https://compliance.example.com/cases/trace',
  });
  writeFileSync(
    labels,
    JSON.stringify({ description: 'The trace scenario', labels: [label(a.e, 'exchange', 'Exchange E (test)'), label(a.z, 'mixer', 'Mixer Z (test)')] }),
  );
  const intelligence = createIntelligence({ extraLabelsFile: labels, chainabuse: { baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 } });
  const chainData = createChainDataService(loopbackConfig(replay.url, { retries: 0 }));
  const stages = createStages({
    eventStore: store,
    providers: {
      chainData,
      tracer: createTracer(chainData, defaultTraceConfig),
      intelligence,
      interpreter: createInterpreter(),
    },
  });
  const pipeline = createCheckPipeline({ eventStore: store, stages, clock: () => new Date('2026-11-25T03:00:00.000Z'), logger });
  const request: WalletCheckRequested = {
    checkId: 'c-trace',
    userId: 'u-1',
    input: a.wallet,
    address: a.wallet,
    chain: 'bitcoin',
    network: 'bitcoin',
    chargeSource: 'bonus',
    at: '2026-11-25T03:00:00.000Z',
  };
  await store.append(checkStreamId('c-trace'), [{ id: '00000000-0000-8000-a000-0000000000f1', type: 'WalletCheckRequested', data: request }], {
    expectedRevision: 'no-stream',
  });
  await pipeline.run('c-trace');

  const events = await store.readStream(checkStreamId('c-trace'));
  expect(events.at(-1)!.type).toBe('WalletCheckCompleted');
  const evidence = (key: string) =>
    (events.find((e) => e.type === 'WalletCheckStageCompleted' && (e.data as { key: string }).key === key)!.data as { evidence: unknown }).evidence;

  // The blockchain stage recorded the trace: the two intermediaries, read with one page each.
  const blockchain = evidence('blockchain') as BlockchainEvidence;
  expect(blockchain.ok && blockchain.data.counterparties.map((c) => c.address)).toEqual([a.i1, a.i2, a.e]);
  expect(blockchain.trace).toMatchObject({
    depth: 2,
    requests: 4,
    expansions: [
      { address: a.i1, hop: 1, via: a.wallet, ok: true, fromCache: false },
      { address: a.i2, hop: 1, via: a.wallet, ok: true, fromCache: false },
    ],
    notExpanded: [],
  });

  // No direct counterparty is listed; X, two hops away, is.
  const sanctions = evidence('sanctions') as SanctionsEvidence;
  expect(sanctions.counterparties).toEqual([]);
  expect(sanctions.traced).toEqual([
    { address: a.x, entries: [expect.objectContaining({ entity: 'TRACED PARTY ON THE LIST', programs: ['CYBER2'], ticker: 'XBT' })] },
  ]);
  const intel = evidence('intelligence') as IntelligenceEvidence;
  expect(intel.counterparties.map((c) => [c.address, c.labels.map((l) => l.category)])).toEqual([[a.e, ['exchange']]]);
  expect(intel.traced?.map((c) => [c.address, c.labels.map((l) => l.category)])).toEqual([[a.z, ['mixer']]]);

  // Scored as indirect exposure: 35 + 40 × 5 / 90 = 37.2 → 37 points for X (15 % of the volume), 8 + 35 × 0.05 = 9.75 → 10 for Z.
  const { assessment, breakdown } = evidence('patterns') as PatternsStageEvidence;
  expect(breakdown?.byCategory.sanctioned).toEqual({
    received: { direct: 0, indirect: 0.1875 },
    sent: { direct: 0, indirect: 0 },
    volume: { direct: 0, indirect: expect.closeTo(0.15, 12) },
    minHops: 2,
    minIndirectHops: 2,
  });
  expect(assessment.factors).toEqual([
    {
      code: 'indirect.sanctioned',
      points: 37,
      reason: 'Indirect exposure: 15.0% of examined volume traces to sanctioned addresses through unlabelled intermediaries (2 hops)',
    },
    {
      code: 'indirect.mixer',
      points: 10,
      reason: 'Indirect exposure: 5.0% of examined volume traces to mixer addresses through unlabelled intermediaries (2 hops)',
    },
  ]);
  expect(assessment).toMatchObject({ model: RISK_MODEL_VERSION, score: 47, level: 'Medium Risk', status: 'Requires further review' });

  // The report names it in section 4, and the source of funds counts it.
  const result = (events.at(-1)!.data as { result: WalletAnalysis }).result;
  const report = result.aml_report.split('\n');
  const section4 = report.slice(report.indexOf('4. Source of funds and exposure'), report.indexOf('5. Linked wallets'));
  expect(section4).toEqual([
    '4. Source of funds and exposure',
    'Incoming funds (shares of the value received): exchange (25%), sanctioned (18.8%, all through intermediaries, 2 hops), unlabelled addresses (56.3%).',
    'Funds were traced up to 2 hops through 2 unlabelled addresses carrying 80% of the examined volume (4 provider requests). Funds that reach an unlabelled address that was not traced are counted as unlabelled.',
    // Exchange 20% directly; sanctioned 15% and mixer 5% through intermediaries.
    'Attribution coverage: 40% of all value (received and sent) is with addresses whose nature is known (20% directly, 20% through intermediaries); 60% with unlabelled addresses.',
    "Exposure by category (each share names its denominator: the value received, the value sent, or all value, received and sent, as the graph and the sanctions figures use; direct: the wallet's own counterparties; indirect: through unlabelled intermediaries, in proportion to the amounts):",
    '- exchange: 20% of all value (direct); 25% of the value received (direct); none of the value sent; nearest at 1 hop.',
    '- sanctioned: 15% of all value (indirect); 18.8% of the value received (indirect); none of the value sent; nearest at 2 hops.',
    '- mixer: 5% of all value (indirect); none of the value received; 25% of the value sent (indirect); nearest at 2 hops.',
  ]);
  expect(result.source_of_funds).toBe(
    'Of the value received: exchange (25%), sanctioned (18.8%, all through intermediaries, 2 hops), unlabelled addresses (56.3%)',
  );
  expect(result).toMatchObject({ risk_score: 47, risk_level: 'Medium Risk', aml_status: 'Requires further review' });
  // No counterparty of its own is listed, but it is no "Safe address": the field and section 2 say what the trace found.
  expect(result.sanctions).toBe('Indirect exposure: 15% of the examined volume traces to sanctioned addresses (2 hops)');
  expect(report.find((l) => l.startsWith('Sanctions screening against'))).toMatch(
    /: no match for the address or its counterparties\. Indirect exposure: 15% of the examined volume traces to sanctioned addresses \(2 hops\)\.$/,
  );

  // The fund-flow graph: the wallet, its three counterparties, and the four addresses the trace found beyond I1 and I2.
  const flow = result.fund_flow!;
  expect(flow).toMatchObject({ network: 'bitcoin', depth: 2, omitted: 0 });
  const source = 'https://compliance.example.com/cases/trace';
  expect(flow.nodes.map((n) => ({ ...n, share: Math.round(n.share * 1e9) / 1e9 }))).toEqual([
    {
      address: a.wallet,
      hop: 0,
      category: 'unlabelled',
      categories: [],
      reasons: [],
      share: 1,
      traced: false,
      explorer_url: `https://mempool.space/address/${a.wallet}`,
    },
    {
      address: a.i1,
      hop: 1,
      category: 'unlabelled',
      categories: [],
      reasons: [],
      share: 0.6,
      traced: true,
      explorer_url: `https://mempool.space/address/${a.i1}`,
    },
    ...[
      {
        address: a.e,
        hop: 1,
        category: 'exchange',
        categories: ['exchange'],
        reasons: [`Labelled exchange: Exchange E (test) (source: ${source})`],
        share: 0.2,
        traced: false,
        explorer_url: `https://mempool.space/address/${a.e}`,
      },
      {
        address: a.i2,
        hop: 1,
        category: 'unlabelled',
        categories: [],
        reasons: [],
        share: 0.2,
        traced: true,
        explorer_url: `https://mempool.space/address/${a.i2}`,
      },
    ].sort((p, q) => (p.address < q.address ? -1 : 1)),
    {
      address: a.y,
      hop: 2,
      category: 'unlabelled',
      categories: [],
      reasons: [],
      share: 0.45,
      traced: false,
      explorer_url: `https://mempool.space/address/${a.y}`,
    },
    ...[
      {
        address: a.x,
        hop: 2,
        category: 'sanctioned',
        categories: ['sanctioned'],
        reasons: ['Sanctioned: TRACED PARTY ON THE LIST (OFAC SDN: CYBER2; listed under XBT)'],
        share: 0.15,
        traced: false,
        explorer_url: `https://mempool.space/address/${a.x}`,
      },
      {
        address: a.v,
        hop: 2,
        category: 'unlabelled',
        categories: [],
        reasons: [],
        share: 0.15,
        traced: false,
        explorer_url: `https://mempool.space/address/${a.v}`,
      },
    ].sort((p, q) => (p.address < q.address ? -1 : 1)),
    {
      address: a.z,
      hop: 2,
      category: 'mixer',
      categories: ['mixer'],
      reasons: [`Labelled mixer: Mixer Z (test) (source: ${source})`],
      share: 0.05,
      traced: false,
      explorer_url: `https://mempool.space/address/${a.z}`,
    },
  ]);
  expect(flow.edges.map((e) => [e.from, e.to, Math.round(e.share * 1e9) / 1e9]).sort()).toEqual(
    [
      [a.i1, a.wallet, 0.6],
      [a.e, a.wallet, 0.2],
      [a.wallet, a.i2, 0.2],
      [a.y, a.i1, 0.45],
      [a.x, a.i1, 0.15],
      [a.i2, a.v, 0.15],
      [a.i2, a.z, 0.05],
    ].sort(),
  );

  const replayed = replayCheck('c-trace', events);
  if (replayed.verdict === 'not-replayable') throw new Error(replayed.message);
  expect(replayed).toMatchObject({ verdict: 'identical', modelVersion: RISK_MODEL_VERSION, differences: [] });
  expect(replayed.replayed.factors.map((f) => [f.code, f.points])).toEqual([
    ['indirect.sanctioned', 37],
    ['indirect.mixer', 10],
  ]);
});
