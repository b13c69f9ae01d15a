/**
 * The sanctions drop-ins opened to callers without a key (SANCTIONS_DROPIN_ANONYMOUS), as TRM's free
 * API is: answered, limited per client address by their own limit, declared in the OpenAPI
 * document; a credential that is sent is still checked (a refused one is a 401, never an anonymous
 * answer), and every other public route still needs a key.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@walletscreen/platform';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { startTestServer, type TestServer } from './support/server';

const SANCTIONED = '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ';
const CLEAN_EVM = '0x52908400098527886E0F7030069857D2E4169EE7';
let server: TestServer;

type Security = Array<Record<string, string[]>>;
type Doc = { paths: Record<string, Record<string, { security?: Security; description?: string }>>; components: { securitySchemes: Record<string, unknown> } };

beforeAll(async () => {
  server = await startTestServer({ SANCTIONS_DROPIN_ANONYMOUS: 'true', SANCTIONS_DROPIN_ANONYMOUS_RATE_LIMIT: '3' });
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-sdn-'));
  const csv = path.join(dir, 'sdn.csv');
  writeFileSync(csv, `90001,"HERON TEST EXCHANGE LTD.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${SANCTIONED}."\n`);
  await runSanctionsSync({ eventStore: server.eventStore, file: csv, clock: () => new Date(), logger: createLogger({ level: 'silent' }) });
}, 60_000);
afterAll(() => server.destroy());

it('answers callers without a key up to their own limit per address, then 429 with Retry-After', async () => {
  const body = [{ address: CLEAN_EVM }, { address: SANCTIONED }];
  const trm = await server.api('POST', '/api/public/v1/sanctions/screening', { body });
  expect(trm.status).toBe(200);
  expect(trm.body).toEqual([
    { address: CLEAN_EVM, isSanctioned: false },
    { address: SANCTIONED, isSanctioned: true },
  ]);
  expect(trm.headers.get('ratelimit-policy')).toBe('"dropin_anonymous";q=3;w=60');
  const chainalysis = await server.api<{ identifications: unknown[] }>('GET', `/api/v1/address/${SANCTIONED}`);
  expect(chainalysis.status).toBe(200);
  expect(chainalysis.body.identifications).toHaveLength(1);
  expect((await server.api('POST', '/api/v1/sanctions/screening', { body })).status).toBe(200);
  const limited = await server.api<{ error: string }>('POST', '/api/v1/sanctions/screening', { body });
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(limited.body.error).toBe('Too many requests without an API key from this address. Wait and retry (see Retry-After), or send an API key.');
});

it('still refuses a credential that is sent and not a valid key, and every other public route without a key', async () => {
  for (const headers of [{ authorization: 'Basic wsk_000000000000_forged' }, { 'X-API-Key': 'nonsense' }, { authorization: '' }] as Array<
    Record<string, string>
  >) {
    const answer = await server.api<Record<string, unknown>>('POST', '/api/v1/sanctions/screening', { body: [{ address: SANCTIONED }], headers });
    expect(answer.status).toBe(401);
    expect(Array.isArray(answer.body)).toBe(false);
  }
  expect((await server.api('GET', '/api/v1/screenings')).status).toBe(401);
  expect((await server.api('POST', '/api/v1/screenings', { body: { address: SANCTIONED } })).status).toBe(401);
});

it('declares every credential form, and no credential on the drop-ins only', async () => {
  const doc = (await server.api<Doc>('GET', '/api/openapi.json')).body;
  expect(Object.keys(doc.components.securitySchemes)).toEqual(expect.arrayContaining(['apiKeyHeader', 'apiKeyBearer', 'apiKeyBasic']));
  const keyed = [{ apiKeyHeader: [] }, { apiKeyBearer: [] }, { apiKeyBasic: [] }];
  for (const [p, method] of [
    ['/api/v1/address/{address}', 'get'],
    ['/api/v1/sanctions/screening', 'post'],
    ['/api/public/v1/sanctions/screening', 'post'],
    ['/public/v1/sanctions/screening', 'post'],
  ] as const) {
    expect(doc.paths[p]![method]!.security).toEqual([...keyed, {}]);
    expect(doc.paths[p]![method]!.description).toContain('or none');
  }
  expect(doc.paths['/api/v1/screenings']!.post!.security).toEqual(keyed);
});
