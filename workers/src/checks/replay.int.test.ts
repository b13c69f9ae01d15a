/**
 * A real check, end to end: the seven real stages against recorded Esplora answers on a loopback
 * server, a sanctions list listing one of the wallet's counterparties, the rule-based writer, a
 * SQLite event store; then the check replayed from its stored events.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkStreamId } from '@walletscreen/contracts';
import type { WalletCheckRequested } from '@walletscreen/domain/check/events';
import { createLogger } from '@walletscreen/platform';
import { SqliteEventStore } from '@walletscreen/platform/adapters';
import { addresses as a, loopbackConfig, recordedWalletRoutes, startReplayServer, type ReplayServer } from '../../testing/replay-server';
import { createChainDataService } from '../chain-data/service';
import { createIntelligence } from '../intelligence/intelligence';
import { createInterpreter } from '../interpretation/interpreter';
import { runSanctionsSync } from '../sanctions/sync';
import { createCheckPipeline } from './pipeline';
import { recordedVersions, replayCheck } from './replay';
import { RISK_MODEL_VERSION } from './risk-model';
import { currentRiskModel, riskModelRegistry } from './risk-models';
import { createStages } from './stages';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-replay-'));
const logger = createLogger({ level: 'silent' });
let replay: ReplayServer;
let store: SqliteEventStore;

beforeAll(async () => {
  replay = await startReplayServer(recordedWalletRoutes());
  store = new SqliteEventStore({ file: path.join(dir, 'events.db') });
  const sdn = path.join(dir, 'sdn.csv');
  writeFileSync(sdn, `90002,"COUNTERPARTY ON THE LIST",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${a.btcA}."\n`);
  await runSanctionsSync({ eventStore: store, file: sdn, clock: () => new Date(), logger });
});

afterAll(async () => {
  await store.close();
  await replay.close();
  rmSync(dir, { recursive: true, force: true });
});

it('replays a check run by the real pipeline from its stored events as identical', async () => {
  const intelligence = createIntelligence({ chainabuse: { baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 } });
  const stages = createStages({
    eventStore: store,
    providers: {
      chainData: createChainDataService(loopbackConfig(replay.url, { retries: 0 })),
      intelligence,
      interpreter: createInterpreter(),
    },
  });
  const pipeline = createCheckPipeline({ eventStore: store, stages, clock: () => new Date('2026-11-25T03:00:00.000Z'), logger });
  const request: WalletCheckRequested = {
    checkId: 'c-e2e',
    userId: 'u-1',
    input: a.btcWallet,
    address: a.btcWallet,
    chain: 'bitcoin',
    network: 'bitcoin',
    chargeSource: 'bonus',
    at: '2026-11-25T03:00:00.000Z',
  };
  await store.append(checkStreamId('c-e2e'), [{ id: '00000000-0000-8000-a000-0000000000e2', type: 'WalletCheckRequested', data: request }], {
    expectedRevision: 'no-stream',
  });
  await pipeline.run('c-e2e');

  const events = await store.readStream(checkStreamId('c-e2e'));
  expect(events.at(-1)!.type).toBe('WalletCheckCompleted');
  const result = replayCheck('c-e2e', events);
  if (result.verdict === 'not-replayable') throw new Error(result.message);
  expect(result).toMatchObject({
    verdict: 'identical',
    modelVersion: RISK_MODEL_VERSION,
    profile: { version: RISK_MODEL_VERSION, sha256: currentRiskModel.sha256 },
    differences: [],
  });
  // The listed counterparty was found, and scored: the replay re-derived it from the evidence.
  expect(result.replayed.factors.map((f) => f.code)).toContain('exposure.sanctioned');
  expect(result.inputs).toMatchObject({ sanctionedCounterparties: 1, sanctionsListLoaded: true, blockchainDataAvailable: true });

  const versions = recordedVersions(events);
  expect(versions).toMatchObject({
    riskModel: RISK_MODEL_VERSION,
    // The check recorded the profile it was scored with, beside its assessment.
    riskProfile: { version: RISK_MODEL_VERSION, sha256: currentRiskModel.sha256 },
    sanctionsListLoaded: true,
    blockchainProvider: new URL(replay.url).host,
    writer: 'rule-based',
    customLists: [],
  });
  expect(versions.sanctionsList?.sha256).toMatch(/^[0-9a-f]{64}$/);
  expect(versions.intelligence.labelsVersion).toBe(intelligence.labelsVersion);

  // A check that says it was scored with another profile of this version is not identical, whatever the model gives.
  const withProfile = (riskProfile: unknown) =>
    events.map((e) =>
      e.type === 'WalletCheckStageCompleted' && (e.data as { key: string }).key === 'patterns'
        ? { ...e, data: { ...(e.data as object), evidence: { ...(e.data as { evidence: object }).evidence, riskProfile } } }
        : e,
    );
  const forged = replayCheck('c-e2e', withProfile({ version: RISK_MODEL_VERSION, sha256: '0'.repeat(64) }));
  expect(forged).toMatchObject({
    verdict: 'differs',
    differences: [{ field: 'riskProfile.sha256', recorded: '0'.repeat(64), replayed: currentRiskModel.sha256 }],
  });
  // A check recorded before profiles were (no riskProfile) replays on the version it names.
  expect(replayCheck('c-e2e', withProfile(undefined))).toMatchObject({ verdict: 'identical', differences: [] });

  // Without the recorded version in the registry, the check is not replayed, never scored by another.
  expect(replayCheck('c-e2e', events, riskModelRegistry([]))).toMatchObject({
    verdict: 'not-replayable',
    message: `cannot be replayed: model version ${RISK_MODEL_VERSION} is not available`,
  });
});
