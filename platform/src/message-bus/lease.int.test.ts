/**
 * The relay's lease (lease.ts) on a real SQLite file shared by two "processes" (two connections):
 * one holder at a time, a waiter that says who holds it, a take-over only once the holder stopped
 * renewing and its lease expired, and a holder that counts itself fenced before that.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createLogger, type Logger } from '../logging/logger';
import type { ReadStore } from '../read-store/port';
import { SqliteReadStore } from '../read-store/sqlite/sqlite-read-store';
import { acquireLease } from './lease';

const dir = mkdtempSync(path.join(tmpdir(), 'ws-lease-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A logger that keeps its lines (the waiting relay's messages). */
function recordingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  return { logger: pino({ level: 'info', base: undefined }, { write: (line: string) => void lines.push(line) }), lines };
}

/** The store as a process sees it that lost its connection: every lease call hangs until `heal()`. */
function partitionable(store: ReadStore) {
  let blocked: Promise<void> | null = null;
  let heal = () => {};
  return {
    store: {
      tryLease: async (...args: Parameters<ReadStore['tryLease']>) => {
        if (blocked) await blocked;
        return store.tryLease(...args);
      },
      releaseLease: (name: string, holder: string) => store.releaseLease(name, holder),
    },
    cut() {
      blocked = new Promise((resolve) => (heal = resolve));
    },
    heal: () => heal(),
  };
}

it('lets one holder at a time act; a waiter says who holds it and takes over only after the holder stopped renewing and the lease expired', async () => {
  const file = path.join(dir, 'lease.db');
  const storeA = new SqliteReadStore({ file });
  const storeB = new SqliteReadStore({ file });
  const a = partitionable(storeA);
  const ttlMs = 1_000;
  const first = await acquireLease({ store: a.store, name: 'relay-kafka', holder: 'relay-a', ttlMs, logger: createLogger({ level: 'silent' }), role: 'relay' });
  expect(first?.valid()).toBe(true);

  const waiting = recordingLogger();
  let tookOverAt = 0;
  const second = acquireLease({ store: storeB, name: 'relay-kafka', holder: 'relay-b', ttlMs, logger: waiting.logger, role: 'relay' }).then((lease) => {
    tookOverAt = Date.now();
    return lease;
  });
  // Held and renewed: the second keeps waiting, past several lease periods.
  await new Promise((resolve) => setTimeout(resolve, 3 * ttlMs));
  expect(tookOverAt).toBe(0);
  expect(first!.valid()).toBe(true);
  expect(waiting.lines.filter((l) => l.includes('another relay holds the lease relay-kafka; waiting to take over when it expires'))).toHaveLength(1);
  expect(waiting.lines[0]).toContain('"holder":"relay-a"');

  // The holder can no longer reach the store (or died): it stops counting the lease as its own
  // before anyone else may take it, and the waiter takes over once it expired.
  const cutAt = Date.now();
  a.cut();
  await second;
  expect(tookOverAt - cutAt).toBeGreaterThanOrEqual(ttlMs / 4);
  expect(tookOverAt - cutAt).toBeLessThan(2 * ttlMs + 1_000);
  expect(first!.valid()).toBe(false);
  const taken = (await second)!;
  expect(taken.valid()).toBe(true);
  expect((await storeA.tryLease('relay-kafka', 'relay-a', ttlMs, Date.now())).holder).toBe('relay-b');

  // Reconnected, the old holder learns it lost the lease and never gets it back while it is held.
  a.heal();
  await first!.lost;
  expect(first!.valid()).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, ttlMs));
  expect(taken.valid()).toBe(true);

  // A clean stop releases it: a third holder gets it at once.
  await taken.release();
  const started = Date.now();
  const third = await acquireLease({
    store: storeA,
    name: 'relay-kafka',
    holder: 'relay-c',
    ttlMs: 60_000,
    logger: createLogger({ level: 'silent' }),
    role: 'relay',
  });
  expect(Date.now() - started).toBeLessThan(500);
  await third!.release();
  await first!.release();
  await storeA.close();
  await storeB.close();
});

it('stops waiting when cancelled', async () => {
  const store = new SqliteReadStore({ file: path.join(dir, 'cancel.db') });
  const held = await acquireLease({ store, name: 'l', holder: 'x', ttlMs: 60_000, logger: createLogger({ level: 'silent' }), role: 'relay' });
  let cancel = () => {};
  const cancelled = new Promise<void>((resolve) => (cancel = resolve));
  const waiting = acquireLease({ store, name: 'l', holder: 'y', ttlMs: 60_000, logger: createLogger({ level: 'silent' }), role: 'relay', cancelled });
  cancel();
  expect(await waiting).toBeNull();
  await held!.release();
  await store.close();
});
