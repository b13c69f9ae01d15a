import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventShapeProblem } from '@walletscreen/domain/events';
import { createLogger, type EventStore } from '@walletscreen/platform';
import { startEmbedded, type EmbeddedServer } from '@walletscreen/server/embedded';

export interface TestServer extends EmbeddedServer {
  dataDir: string;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  api<T = unknown>(
    method: string,
    url: string,
    options?: { body?: unknown; token?: string; raw?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  restart(): Promise<TestServer>;
  destroy(): Promise<void>;
}

export const ADMIN = { email: 'admin@walletscreen.test', password: 'Adm1n-Passphrase!' };

/**
 * The real embedded server on a loopback port, with its own data directory and a movable clock.
 * Nothing reaches the network: price lookups are refused at once unless a test replays them.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'ws-test-')),
  offset = { ms: 0 },
): Promise<TestServer> {
  const server = await startEmbedded({
    env: {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'silent',
      SANCTIONS_SYNC_INTERVAL_HOURS: '0',
      FEEDS_SYNC_INTERVAL_HOURS: '0',
      PRICES_URL: 'http://127.0.0.1:9/coingecko',
      // Direct counterparties only: the recorded chain data holds no traced hops, and a trace that could not
      // read them is a partial one (Incomplete). The tests of tracing ask for their depth.
      TRACE_DEPTH: '1',
      // The feeds on by default before GraphSense's TagPacks (which this machine cannot download: a check
      // would then be Incomplete, "Sources not read"). The tests of attribution turn it on and load it.
      FEEDS_ENABLED: 'ethereum-darklist,contract-sets,custom-labels',
      // Every test user registers from loopback, and gets their free checks at once (tests that send
      // e-mail would otherwise wait for a confirmation): the tests of registration set their own.
      REGISTRATION_RATE_LIMIT_PER_ADDRESS: '1000000',
      REGISTRATION_RATE_LIMIT_TOTAL: '1000000',
      REGISTRATION_EMAIL_CONFIRMATION: 'off',
      // No tree head on a timer (one appended in the middle of a test's count of appends): the tests of
      // tree heads set their interval, and an evidence bundle signs the one it needs.
      AUDIT_LOG_TREE_HEAD_SECONDS: '0',
      ...env,
    },
    clock: () => new Date(Date.now() + offset.ms),
    logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
  const base = server.url.replace('localhost', '127.0.0.1');
  // Like a web app session: the newest consistency token seen is sent with every call (http/consistency.ts).
  let newestToken = 0;
  const test: TestServer = {
    ...server,
    dataDir,
    advance(ms) {
      offset.ms += ms;
    },
    async api(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.body !== undefined || options.raw !== undefined) headers['content-type'] ??= 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (newestToken > 0 && !Object.keys(headers).some((h) => h.toLowerCase() === 'consistency-token')) headers['consistency-token'] = String(newestToken);
      const res = await fetch(`${base}${url}`, {
        method,
        headers,
        body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      });
      const token = Number(res.headers.get('consistency-token'));
      if (Number.isSafeInteger(token) && token > newestToken) newestToken = token;
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: body as never, headers: res.headers };
    },
    async restart() {
      await server.close();
      return startTestServer(env, dataDir, offset);
    },
    async destroy() {
      const problems = await recordedEventProblems(server.eventStore);
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (problems.length > 0) throw new Error(`events recorded in a shape their aggregate does not declare:\n${problems.join('\n')}`);
    },
  };
  return test;
}

/** Every recorded event whose data does not have the shape its aggregate's zod schema declares. */
export async function recordedEventProblems(eventStore: EventStore): Promise<string[]> {
  const problems: string[] = [];
  for (let after = 0; ;) {
    const page = await eventStore.readAll({ after, maxCount: 1000 });
    if (page.length === 0) return problems;
    for (const e of page) {
      const problem = eventShapeProblem(e);
      if (problem) problems.push(`${e.streamId}@${e.revision}: ${problem}`);
    }
    after = page[page.length - 1]!.position;
  }
}

/** Runs the call and asserts it appended nothing to the server's event store; answers what the call answered. */
export async function expectAppendsNothing<T>(server: TestServer, call: () => Promise<T>): Promise<T> {
  const before = await server.eventStore.headPosition();
  const result = await call();
  expect(await server.eventStore.headPosition()).toBe(before);
  return result;
}
