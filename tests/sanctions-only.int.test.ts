/**
 * Every string a sanctions list holds is screenable, on the embedded server: a property over
 * generated lists in OFAC's own sdn.csv format (addresses of every chain we recognise, Monero, Zcash,
 * Dash, Bitcoin Gold, Verge, Ethereum Classic and Bitcoin SV included, and text that is no address)
 * that every listed string is found by a check, a batch row and both drop-ins, and reported High /
 * Non-compliant with its listing. An address of a chain whose transactions are not read gets a
 * sanctions-only verdict that says so: never invalid, never a clean Compliant, and not charged.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { addressTypes } from '@walletscreen/contracts/addresses/random-addresses';
import type { Batch, BatchRowResult, WalletAnalysis } from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { userIdForEmail } from '@walletscreen/domain/ids';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { ADMIN, startTestServer, type TestServer } from './support/server';

let server: TestServer;
let token: string;
let key: string;
const user = { email: 'listed@desk.example', password: 'Listed-Passphrase-3', username: 'Listed desk' };
const SEED = Number(process.env.SANCTIONS_ONLY_SEED ?? 270_2026);

beforeAll(async () => {
  // No chain data source answers here: only what the lists say decides.
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: 'http://127.0.0.1:9/api',
    LITECOIN_ESPLORA_URLS: 'http://127.0.0.1:9/api',
    DOGECOIN_ESPLORA_URLS: 'http://127.0.0.1:9/api',
    BLOCKSCOUT_ETHEREUM_URL: 'http://127.0.0.1:9/eth',
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '1000',
    CHECK_WAIT_MS: '20000',
  });
  await server.api('POST', '/api/auth/register', { body: user });
  token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
  key = (await server.api<{ key: string }>('POST', '/api/keys', { token, body: { name: 'drop-ins', scopes: ['screen', 'read'] } })).body.key;
  const admin = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
  const topUp = await server.api('POST', `/api/admin/topup/${userIdForEmail(user.email)}`, {
    token: admin,
    body: { amount: 200, reason: 'Sanctions-only screening tests' },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(topUp.status).toBe(200);
}, 60_000);
afterAll(() => server.destroy());

/** Text OFAC's CSV can carry in its remarks: no separators (`;`, `,`, `.`), quotes or spaces. */
const listedText = fc.stringMatching(/^[A-Za-z0-9_-]{6,40}$/);
/** An address of a generated type: every chain we recognise. */
const listedAddress = fc
  .constantFrom(...addressTypes)
  .chain((type) => fc.uint8Array({ minLength: type.bytes, maxLength: type.bytes }).map((bytes) => type.make(bytes).input));

/** Imports `strings` as one party's listings, in OFAC's sdn.csv format. */
async function importList(strings: readonly string[]): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ws-sdn-'));
  try {
    const file = path.join(dir, 'sdn.csv');
    const listed = strings.map((s, i) => `Digital Currency Address - ${['XBT', 'XMR', 'ZEC', 'ETH', 'DASH'][i % 5]} ${s}`).join('; ');
    writeFileSync(file, `91001,"LISTED STRINGS TEST PARTY",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"${listed}."\n`);
    await runSanctionsSync({ eventStore: server.eventStore, file, clock: () => new Date(), logger: createLogger({ level: 'silent' }) });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const check = (wallet_address: string, network?: string) =>
  server.api<WalletAnalysis & { status: string; check_id: string; error?: string }>('POST', '/api/transactions/analyze-realtime', {
    token,
    body: { wallet_address, ...(network ? { network } : {}) },
    headers: { 'Idempotency-Key': randomUUID() },
  });
const withKey = <T>(method: string, url: string, body?: unknown) =>
  server.api<T>(method, url, { ...(body !== undefined ? { body } : {}), headers: { 'X-API-Key': key } });
const checksLeft = async () => (await server.api<{ checks_left: number }>('GET', '/api/profile', { token })).body.checks_left;

async function settledBatch(id: string): Promise<Batch> {
  for (let i = 0; i < 600; i++) {
    const batch = (await server.api<Batch>('GET', `/api/batches/${id}`, { token })).body;
    if (batch.status === 'completed') return batch;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the batch did not complete');
}

describe('every string the sanctions list holds', () => {
  it('is found by both drop-ins, a check and a batch row, whatever its chain, and reported High / Non-compliant with its listing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.oneof({ weight: 3, arbitrary: listedAddress }, { weight: 1, arbitrary: listedText }), { minLength: 3, maxLength: 8 }),
        async (strings) => {
          await importList(strings);
          // Both drop-ins, for every string.
          const trm = await withKey<Array<{ address: string; isSanctioned: boolean }>>(
            'POST',
            '/api/v1/sanctions/screening',
            strings.map((address) => ({ address })),
          );
          expect(trm.body).toEqual(strings.map((address) => ({ address, isSanctioned: true })));
          for (const s of strings) {
            const chainalysis = await withKey<{ identifications: Array<{ name: string }> }>('GET', `/api/v1/address/${encodeURIComponent(s)}`);
            expect(chainalysis.body.identifications.map((i) => i.name)).toEqual([expect.stringContaining('LISTED STRINGS TEST PARTY')]);
          }
          // A check of the first and the last.
          for (const s of [strings[0]!, strings.at(-1)!]) {
            const res = await check(s);
            expect([res.status, res.body.error]).toEqual([200, undefined]);
            expect(res.body).toMatchObject({ risk_level: 'High Risk', aml_status: 'Non-compliant' });
            expect(res.body.sanctions).toContain('LISTED STRINGS TEST PARTY');
          }
          // A batch of them all.
          const created = await server.api<Batch>('POST', '/api/batches', {
            token,
            body: { rows: strings.map((address, i) => ({ address, reference: `row-${i + 1}` })) },
            headers: { 'Idempotency-Key': randomUUID() },
          });
          expect(created.status).toBe(202);
          await settledBatch(created.body.id);
          const rows = (await server.api<{ items: BatchRowResult[] }>('GET', `/api/batches/${created.body.id}/rows?limit=50`, { token })).body.items;
          expect(rows.map((r) => [r.status, r.risk_level, r.aml_status])).toEqual(strings.map(() => ['completed', 'High Risk', 'Non-compliant']));
        },
      ),
      { numRuns: 3, seed: SEED, endOnFailure: true },
    );
  }, 240_000);
});

describe('an address of a chain whose transactions are not read', () => {
  // Monero's own test vector (tests/unit_tests/base58.cpp), not on the list.
  const monero = '4AzKEX4gXdJdNeM6dfiBFL7kqund3HYGvMBF3ttsNd9SfzgYB6L7ep1Yg1osYJzLdaKAYSLVh6e6jKnAuzj3bw1oGy9kXCb';

  it('is recognised, screened against the lists only and says so: never invalid, never clean, and not charged', async () => {
    await importList(['LISTED-ELSEWHERE-1']);
    const before = await checksLeft();
    const res = await check(monero);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ wallet_address: monero, risk_level: 'Incomplete', aml_status: 'Incomplete — data unavailable' });
    expect(res.body.missing_evidence).toEqual([
      'Blockchain data: This Monero address was screened against the sanctions list and your lists only: Monero transactions hide their senders, receivers and amounts, so its counterparties cannot be read. Without it the counterparties, exposure and transaction patterns are unknown.',
    ]);
    expect(res.body.sanctions).toBe('No match for the address itself; sanctions-only screening: its counterparties are not read');
    expect(res.body.source_of_funds).toBe('Unknown: sanctions-only screening (transactions not read)');
    expect(res.body.aml_report).not.toMatch(/could not be fetched|Compliant\b/);
    expect(res.body.external_links.explorer ?? '').toBe('');
    // No verdict was delivered: the check is given back.
    for (let i = 0; i < 100 && (await checksLeft()) !== before; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await checksLeft()).toBe(before);
  });

  it('parses as its chain through the API, and text that is no address is refused unless the list holds it', async () => {
    const parsed = await server.api<{ chain: string; network: string; kind: string }>('POST', '/api/addresses/parse', { token, body: { address: monero } });
    expect(parsed.body).toMatchObject({ chain: 'monero', network: 'monero', kind: 'account' });
    const unlisted = await check('NOT-LISTED-ANYWHERE');
    expect(unlisted.status).toBe(400);
    expect(unlisted.body.error).toMatch(/^Not a recognized wallet address/);
    // Asked for as `other`, any text is screened by its exact text.
    const asOther = await check('NOT-LISTED-ANYWHERE', 'other');
    expect(asOther.status).toBe(200);
    expect(asOther.body).toMatchObject({ risk_level: 'Incomplete' });
  });
});
