import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@walletscreen/platform';
import { createInProcessBus, SqliteEventStore, SqliteReadStore } from '@walletscreen/platform/adapters';
import { startProjections } from '../runner';
import { walletCheckKeys, wallets, walletsProjection } from './wallets.projection';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-wallets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const logger = createLogger({ level: 'silent' });

const requested = (checkId: string, address: string) => ({
  id: randomUUID(),
  type: 'WalletCheckRequested',
  data: {
    checkId,
    userId: `u-${checkId}`,
    input: address,
    address,
    chain: 'bitcoin',
    network: 'bitcoin',
    chargeSource: 'bonus',
    at: '2026-03-01T10:00:00.000Z',
  },
});
const completed = (checkId: string, score: number) => ({
  id: randomUUID(),
  type: 'WalletCheckCompleted',
  data: {
    checkId,
    userId: `u-${checkId}`,
    result: { risk_score: score, risk_level: score > 60 ? 'High Risk' : 'Low Risk', aml_status: 'Compliant' },
    at: '2026-03-01T10:00:05.000Z',
  },
});

it('finds the wallet of a completed check through its key index, across restarts, and equals a rebuild from position 0', async () => {
  const file = path.join(dir, 'w.db');
  const store = new SqliteEventStore({ file, pollIntervalMs: 20 });
  let readStore = new SqliteReadStore({ file });
  let runner = await startProjections({ bus: createInProcessBus(store), readStore, projections: [walletsProjection], logger });
  // A request and its completion in one batch ...
  await store.append('check-a', [requested('a', 'bc1qone'), completed('a', 10)], { expectedRevision: 'no-stream' });
  // ... and a request whose completion comes after a restart, from the stored index.
  await store.append('check-b', [requested('b', 'bc1qone')], { expectedRevision: 'no-stream' });
  await store.append('check-c', [requested('c', 'bc1qtwo')], { expectedRevision: 'no-stream' });
  await runner.waitFor(await store.headPosition());
  await runner.stop();
  await readStore.close();
  await store.append('check-b', [completed('b', 90)], { expectedRevision: 0 });

  readStore = new SqliteReadStore({ file });
  runner = await startProjections({ bus: createInProcessBus(store), readStore, projections: [walletsProjection], logger });
  await runner.waitFor(await store.headPosition());
  const live = await wallets.find(readStore, { sort: [{ field: 'address', direction: 'asc' }] });
  expect(live.map((w) => [w.address, w.checks, w.completed, w.latest_score, w.latest_level])).toEqual([
    ['bc1qone', 2, 2, 90, 'High Risk'],
    ['bc1qtwo', 1, 0, null, null],
  ]);
  expect(await walletCheckKeys.get(readStore, 'b')).toEqual({ key: 'bitcoin:bc1qone' });
  await runner.stop();

  const rebuilt = new SqliteReadStore({ file: path.join(dir, 'rebuilt.db') });
  const again = await startProjections({ bus: createInProcessBus(store), readStore: rebuilt, projections: [walletsProjection], logger });
  await again.waitFor(await store.headPosition());
  expect(await wallets.find(rebuilt, { sort: [{ field: 'address', direction: 'asc' }] })).toEqual(live);
  await again.stop();
  await rebuilt.close();
  await readStore.close();
  await store.close();
});
