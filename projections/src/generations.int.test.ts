/**
 * A rebuild beside the live read models (generations.ts, rebuild.ts) and a process that follows
 * them: two connections to one real SQLite file stand for an API replica and the rebuild command.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@walletscreen/platform';
import { createInProcessBus, SqliteEventStore, SqliteReadStore } from '@walletscreen/platform/adapters';
import { customers, customersProjection } from './customers/customers.projection';
import { readModelGenerations } from './generations';
import { rebuildNextGeneration } from './rebuild';
import { startProjections } from './runner';
import { watchReadModels } from './watch';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-generations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const logger = createLogger({ level: 'silent' });
const projections = [customersProjection];

const registered = (userId: string, at: string) => ({
  id: randomUUID(),
  type: 'UserRegistered',
  data: { userId, email: `${userId}@x.io`, username: 'Co', passwordHash: 'x', role: 'user', bonusChecks: 20, at },
});

it('a follower reads the complete old read models during a rebuild and the rebuilt ones soon after the switch, without reopening anything', async () => {
  const file = path.join(dir, 'store.db');
  const store = new SqliteEventStore({ file, pollIntervalMs: 20 });
  for (let i = 0; i < 20; i++)
    await store.append(`user-u${i}`, [registered(`u${i}`, `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`)], { expectedRevision: 'no-stream' });

  // The live read model (generation 0), folded the usual way, then altered by hand.
  const owner = new SqliteReadStore({ file });
  const runner = await startProjections({
    bus: createInProcessBus(store),
    readStore: await readModelGenerations({ store: owner, projections }),
    projections,
    logger,
  });
  await runner.waitFor(await store.headPosition());
  await runner.stop();
  await owner.commit([{ collection: customers.name, id: 'u0', doc: { altered: true } }]);

  // The follower (an API replica): its own connection, following the pointer every 20 ms.
  const followerStore = new SqliteReadStore({ file });
  const switches: Array<[number, number]> = [];
  const follower = await readModelGenerations({ store: followerStore, projections, followEveryMs: 20, onSwitch: (from, to) => switches.push([from, to]) });
  const watch = watchReadModels({ readStore: follower, projections, pollMs: 10 });
  expect(follower.generation).toBe(0);
  expect(await follower.get(customers.name, 'u0')).toEqual({ altered: true });

  const rebuildStore = new SqliteReadStore({ file });
  const generations = await readModelGenerations({ store: rebuildStore, projections });
  let countsDuring: number[] = [];
  const sampling = setInterval(() => void follower.count(customers.name).then((n) => countsDuring.push(n)), 5);
  const result = await rebuildNextGeneration({
    bus: createInProcessBus(store),
    generations,
    projections,
    head: () => store.headPosition(),
    logger,
    dropAfterMs: 200,
  });
  clearInterval(sampling);
  expect(result.generation).toBe(1);

  // Never a partial read model: 20 documents before, during and after.
  countsDuring = countsDuring.filter((n) => n !== 20);
  expect(countsDuring).toEqual([]);
  expect(switches).toEqual([[0, 1]]);
  expect(follower.generation).toBe(1);
  expect(await follower.get<{ email: string }>(customers.name, 'u0')).toMatchObject({ email: 'u0@x.io' });
  expect(await follower.count(customers.name)).toBe(20);
  await watch.waitFor(await store.headPosition(), 1_000);
  // The old generation is dropped; the new one has its own names.
  expect(await rebuildStore.count(customers.name)).toBe(0);
  expect(await rebuildStore.count(`g1_${customers.name}`)).toBe(20);
  expect(await rebuildStore.peekCheckpoint(`g1/${customersProjection.name}`)).toBe(await store.headPosition());

  // A projections process started now folds into generation 1.
  const next = await startProjections({
    bus: createInProcessBus(store),
    readStore: await readModelGenerations({ store: rebuildStore, projections }),
    projections,
    logger,
  });
  await store.append('user-u99', [registered('u99', '2026-01-02T00:00:00.000Z')], { expectedRevision: 'no-stream' });
  await next.waitFor(await store.headPosition());
  await next.stop();
  expect(await follower.count(customers.name)).toBe(21);

  watch.stop();
  await follower.close();
  for (const s of [followerStore, rebuildStore, owner]) await s.close();
  await store.close();
});
