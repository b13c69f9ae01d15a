import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@walletscreen/platform';
import { SqliteEventStore, SqliteReadStore, sqliteFiles } from '@walletscreen/platform/adapters';
import { allProjections } from '@walletscreen/projections';
import { audit } from '@walletscreen/projections/audit/audit.projection';
import { customers, customersProjection } from '@walletscreen/projections/customers/customers.projection';
import { startProjectionsThread } from './projections-thread';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-proj-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const registered = (userId: string) => ({
  id: randomUUID(),
  type: 'UserRegistered',
  data: { userId, email: `${userId}@x.io`, username: 'Co', passwordHash: 'x', role: 'user', bonusChecks: 20, at: '2026-01-01T00:00:00.000Z' },
});

it('folds what this thread appends into the read models on a thread of its own, told of each append, and goes on from its checkpoints after a restart', async () => {
  const files = sqliteFiles(dir);
  const events = new SqliteEventStore({ file: files.events, pollIntervalMs: 60_000 });
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', write: (line) => lines.push(line) });
  // A poll of a minute: only being told of the appends gets them folded in time.
  const start = () => startProjectionsThread({ files, synchronous: 'NORMAL', pollIntervalMs: 60_000, onAppended: (l) => events.onAppended(l), logger });
  let runner = await start();
  expect(Object.keys(runner.positions()).sort()).toEqual(allProjections.map((p) => p.name).sort());

  for (let i = 0; i < 25; i++) await events.append(`user-t${i}`, [registered(`t${i}`)], { expectedRevision: 'no-stream' });
  await runner.waitFor(await events.headPosition(), 5_000);
  const readModels = new SqliteReadStore({ file: files.readModels });
  expect(await customers.count(readModels)).toBe(25);
  expect(await audit.count(readModels)).toBe(25);
  expect(Object.values(runner.positions()).every((p) => p === 25)).toBe(true);
  await runner.stop();
  await runner.stop();

  // Appended while no thread runs: the next one folds them from where the last one stopped.
  for (let i = 25; i < 30; i++) await events.append(`user-t${i}`, [registered(`t${i}`)], { expectedRevision: 'no-stream' });
  runner = await start();
  await runner.waitFor(await events.headPosition(), 5_000);
  expect(await customers.count(readModels)).toBe(30);
  expect(await audit.count(readModels)).toBe(30);
  await expect(runner.waitFor(1_000, 50)).rejects.toThrow('projections did not reach position 1000 within 50 ms');
  await runner.stop();
  await readModels.close();
  await events.close();
  expect(lines.filter((l) => /"level":50/.test(l))).toEqual([]);
});

it('waits for one read model alone: resolved once that one has folded the position, whatever the others', async () => {
  const files = sqliteFiles(mkdtempSync(path.join(dir, 'one-')));
  const events = new SqliteEventStore({ file: files.events, pollIntervalMs: 60_000 });
  const runner = await startProjectionsThread({
    files,
    synchronous: 'NORMAL',
    pollIntervalMs: 60_000,
    onAppended: (l) => events.onAppended(l),
    logger: createLogger({ level: 'warn' }),
  });
  const readModels = new SqliteReadStore({ file: files.readModels });
  try {
    // A collection's name is not a read model's (its projection's) name.
    expect(() => runner.readModel(customers.name)).toThrow(`there is no read model ${customers.name}: customers-v1, checks-v2`);
    const customersModel = runner.readModel(customersProjection.name);
    const { position } = await events.append('user-one', [registered('one')], { expectedRevision: 'no-stream' });
    await customersModel.waitFor(position, 5_000);
    expect(runner.positions()[customersProjection.name]).toBeGreaterThanOrEqual(position);
    expect(await customers.count(readModels)).toBe(1);
    await expect(customersModel.waitFor(position + 1_000, 50)).rejects.toThrow(
      `the read model ${customersProjection.name} did not reach position ${position + 1_000} within 50 ms`,
    );
  } finally {
    await runner.stop();
    await readModels.close();
    await events.close();
  }
});
