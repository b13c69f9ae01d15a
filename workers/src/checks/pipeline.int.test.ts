import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkStreamId, stageKeys, type StageKey, type WalletAnalysis } from '@walletscreen/contracts';
import type { WalletCheckRequested } from '@walletscreen/domain/check/events';
import { createLogger, type EventData, type EventStore } from '@walletscreen/platform';
import { SqliteEventStore } from '@walletscreen/platform/adapters';
import { createCheckPipeline, type Stage } from './pipeline';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-pipeline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const logger = createLogger({ level: 'silent' });
const result = { risk_score: 12 } as unknown as WalletAnalysis;

let n = 0;
function setup(options: { failAt?: StageKey } = {}) {
  n += 1;
  const store = new SqliteEventStore({ file: path.join(dir, `p${n}.db`) });
  const appends: string[][] = [];
  // The real store, with each append's event types noted (one call is one transaction here).
  const eventStore = new Proxy(store, {
    get(target, key, receiver) {
      if (key === 'append') {
        return (streamId: string, events: readonly EventData[], opts: Parameters<EventStore['append']>[2]) => {
          appends.push(events.map((e) => e.type));
          return target.append(streamId, events, opts);
        };
      }
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as EventStore;
  const ran: StageKey[] = [];
  const stages: Stage[] = stageKeys.map((key) => ({
    key,
    async run() {
      ran.push(key);
      if (key === options.failAt) throw new Error(`${key} broke`);
      return key === 'report' ? { result } : { found: key };
    },
  }));
  const pipeline = createCheckPipeline({ eventStore, stages, clock: () => new Date('2026-11-24T12:00:00.000Z'), logger });
  return { store, pipeline, appends, ran };
}

const request: WalletCheckRequested = {
  checkId: 'c-1',
  userId: 'u-1',
  input: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  chain: 'bitcoin',
  network: 'bitcoin',
  chargeSource: 'bonus',
  at: '2026-11-24T11:00:00.000Z',
};

async function requested(store: SqliteEventStore, stagesDone = 0) {
  await store.append(checkStreamId('c-1'), [{ id: '00000000-0000-8000-a000-000000000001', type: 'WalletCheckRequested', data: request }], {
    expectedRevision: 'no-stream',
  });
  for (let i = 0; i < stagesDone; i++) {
    const key = stageKeys[i]!;
    await store.append(
      checkStreamId('c-1'),
      [
        {
          id: `00000000-0000-8000-a000-00000000010${i}`,
          type: 'WalletCheckStageCompleted',
          data: { checkId: 'c-1', stage: i + 1, key, evidence: key === 'report' ? { result } : { found: key }, at: '2026-11-24T11:00:00.000Z' },
        },
      ],
      { expectedRevision: i },
    );
  }
}

const types = async (store: SqliteEventStore) => (await store.readStream(checkStreamId('c-1'))).map((e) => e.type);

describe('the analysis pipeline', () => {
  it('records the seven stages in order, each as it finishes, then the completion', async () => {
    const { store, pipeline, appends, ran } = setup();
    await requested(store);
    appends.length = 0;
    await pipeline.run('c-1');
    expect(ran).toEqual([...stageKeys]);
    expect(await types(store)).toEqual(['WalletCheckRequested', ...stageKeys.map(() => 'WalletCheckStageCompleted'), 'WalletCheckCompleted']);
    expect(appends).toEqual([...stageKeys.map(() => ['WalletCheckStageCompleted']), ['WalletCheckCompleted']]);
    const events = await store.readStream(checkStreamId('c-1'));
    expect(events.at(-1)!.data).toEqual({ checkId: 'c-1', userId: 'u-1', result, at: '2026-11-24T12:00:00.000Z' });
    expect((events.at(-2)!.data as { stage: number }).stage).toBe(7);
    await store.close();
  });

  it('resumes after the last recorded stage, without running the earlier ones again', async () => {
    const { store, pipeline, ran } = setup();
    await requested(store, 3);
    await pipeline.run('c-1');
    expect(ran).toEqual(stageKeys.slice(3));
    expect((await types(store)).filter((t) => t === 'WalletCheckStageCompleted')).toHaveLength(7);
    expect((await types(store)).at(-1)).toBe('WalletCheckCompleted');
    await store.close();
  });

  it('records only the completion when every stage was recorded before it', async () => {
    const { store, pipeline, appends, ran } = setup();
    await requested(store, 7);
    appends.length = 0;
    await pipeline.run('c-1');
    expect(ran).toEqual([]);
    expect(appends).toEqual([['WalletCheckCompleted']]);
    expect((await store.readStream(checkStreamId('c-1'))).at(-1)!.data).toMatchObject({ result });
    await store.close();
  });

  it('completes a check once when two workers run it at the same time', async () => {
    const first = setup();
    await requested(first.store);
    const second = createCheckPipeline({
      eventStore: first.store,
      stages: stageKeys.map((key) => ({ key, run: async () => (key === 'report' ? { result } : { found: key }) })),
      clock: () => new Date('2026-11-24T12:00:00.000Z'),
      logger,
    });
    await Promise.all([first.pipeline.run('c-1'), second.run('c-1')]);
    const recorded = await types(first.store);
    expect(recorded.filter((t) => t === 'WalletCheckStageCompleted')).toHaveLength(7);
    expect(recorded.filter((t) => t === 'WalletCheckCompleted')).toHaveLength(1);
    expect(recorded.at(-1)).toBe('WalletCheckCompleted');
    await first.store.close();
  });

  it('records a failure, with its reason, when the report stage fails (nothing completed)', async () => {
    const { store, pipeline } = setup({ failAt: 'report' });
    await requested(store);
    await pipeline.run('c-1');
    const events = await store.readStream(checkStreamId('c-1'));
    expect(events.map((e) => e.type)).toEqual(['WalletCheckRequested', ...stageKeys.slice(0, 6).map(() => 'WalletCheckStageCompleted'), 'WalletCheckFailed']);
    expect(events.at(-1)!.data).toMatchObject({ reason: 'The analysis could not be completed: report broke' });
    await store.close();
  });
});
