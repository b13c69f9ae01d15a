/**
 * The OFAC list end to end on the embedded server, through HTTP: an admin loads OFAC files from
 * the admin API (the server streams the body to a temporary file and imports it), checks of
 * addresses OFAC lists only under another ticker than their chain's (USDT on the Omni Layer, BSV,
 * a TRON address under XBT) are flagged with the listing in their recorded evidence, a listing
 * that left the list is evidence of its own kind, an older list is refused unless forced, and bad
 * files change nothing. Blockchain data is replayed from recorded responses on loopback.
 *
 * The lists here are invented (see workers/test-fixtures/sanctions/README.md): valid addresses
 * derived from made-up labels, in the shapes OFAC's real listings have.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { AuditPage, SanctionsStatus, SanctionsSyncResponse, WalletAnalysis } from '@walletscreen/contracts';
import { userIdForEmail } from '@walletscreen/command-api/accounts/service';
import { addresses as a, startReplayServer, type ReplayServer, recordedWalletRoutes } from '@walletscreen/workers/testing/replay-server';
import { ADMIN, startTestServer, type TestServer } from './support/server';

const OMNI = '129eYFMGqbRpqTpJn2TyvnM1gfjCEXTJxD';
const OMNI_P2SH = '3E4Fu7E6e5EVoNYn6oLcqB9LcEJQsyr1Rw';
const BSV = '1Hs23f2VmZMqj1BrXaMWxaBNV26mFzfqRV';
const TRON_UNDER_XBT = 'THXKU71GGbQfcv4bpqTaz8Cey7pXcgQQFZ';
const ZEC = 't1JBXwfYGtEKwnZUqwnCfaJx9GLFuvrMWXJ';
const MIXER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const IBIS = 'IBIS RELAY SERVICES LTD.';
const HALCYON = 'HALCYON CASH MIXER';

/** An SDN.XML with these parties; `date` is MM/DD/YYYY as OFAC writes it. */
const sdnXml = (date: string, parties: Array<{ uid: string; name: string; ids: Array<[string, string]> }>) =>
  `<?xml version="1.0" standalone="yes"?>
<sdnList xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">
  <publshInformation><Publish_Date>${date}</Publish_Date><Record_Count>${parties.length}</Record_Count></publshInformation>
${parties
  .map(
    (p) =>
      `  <sdnEntry><uid>${p.uid}</uid><lastName>${p.name}</lastName><sdnType>Entity</sdnType><programList><program>CYBER2</program></programList><idList>${p.ids
        .map(([ticker, address], i) => `<id><uid>${p.uid}${i}</uid><idType>Digital Currency Address - ${ticker}</idType><idNumber>${address}</idNumber></id>`)
        .join('')}</idList></sdnEntry>`,
  )
  .join('\n')}
</sdnList>
`;
const ibis = {
  uid: '90433',
  name: IBIS,
  ids: [
    ['USDT', OMNI],
    ['USDT', OMNI_P2SH],
    ['BSV', BSV],
    ['XBT', TRON_UNDER_XBT],
    ['ZEC', ZEC],
  ] as Array<[string, string]>,
};
// Tornado-Cash-like: listed, then delisted.
const halcyon = {
  uid: '90501',
  name: HALCYON,
  ids: [
    ['ETH', MIXER],
    ['XBT', a.btcA],
  ] as Array<[string, string]>,
};
const listA = sdnXml('11/10/2026', [ibis, halcyon]);
const listB = sdnXml('11/20/2026', [ibis]);
const olderList = sdnXml('11/05/2026', [ibis]);

let replay: ReplayServer;
let server: TestServer;
let token: string;
let adminToken: string;
const user = { email: 'screening@desk.example', password: 'Screening-Passphrase-4', username: 'Desk' };

beforeAll(async () => {
  replay = await startReplayServer([...recordedWalletRoutes()]);
  server = await startTestServer({
    BITCOIN_ESPLORA_URLS: `${replay.url}/api`,
    TRONGRID_API_URL: `${replay.url}/trongrid`,
    // Sources that cannot be reached: the checks on them complete and say so.
    BLOCKSCOUT_ETHEREUM_URL: 'http://127.0.0.1:9/eth',
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
    CHECK_WAIT_MS: '20000',
  });
  await server.api('POST', '/api/auth/register', { body: user });
  token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: user })).body.token;
  adminToken = (await server.api<{ token: string }>('POST', '/api/admin/admin-login', { body: ADMIN })).body.token;
}, 60_000);
afterAll(async () => {
  await server.destroy();
  await replay.close();
});

type Problem = { error: string; status: number };
const upload = (text: string, query: string, as = adminToken) =>
  server.api<SanctionsSyncResponse & Problem>('POST', `/api/admin/sanctions/upload?${query}`, {
    token: as,
    raw: text,
    headers: { 'content-type': 'application/octet-stream' },
  });
const status = async (as = adminToken) => (await server.api<SanctionsStatus>('GET', '/api/sanctions/status', { token: as })).body;
const listRevision = () => server.eventStore.streamRevision('sanctions-ofac');

type Analysis = WalletAnalysis & { check_id: string; status: string };
const check = async (wallet: string, network?: string) => {
  const res = await server.api<Analysis>('POST', '/api/transactions/analyze-realtime', {
    token,
    body: { wallet_address: wallet, ...(network ? { network } : {}) },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(res.status).toBe(200);
  expect(res.body.status).toBe('completed');
  return res.body;
};
type Listing = {
  ticker: string;
  entity: string;
  sdnId: string;
  listedNetwork: string;
  matchedChains: string[];
  crossChain: boolean;
  listedSince: string;
  delistedAt?: string;
};
type SanctionsStage = {
  direct: Listing[];
  delisted: Listing[];
  counterparties: Array<{ address: string; entries: Listing[] }>;
  delistedCounterparties: Array<{ address: string; entries: Listing[] }>;
};
const sanctionsEvidence = async (checkId: string) => {
  const events = await server.eventStore.readStream(`check-${checkId}`);
  return (events.find((e) => (e.data as { key?: string }).key === 'sanctions')!.data as { evidence: SanctionsStage }).evidence;
};

/** A POST whose body is announced but never sent: the answer shows the server did not wait for (read) it. */
function announceOnly(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(path, server.url.replace('localhost', '127.0.0.1'));
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/octet-stream', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

describe('loading an OFAC file as an admin', () => {
  it('is for admins only, refused before any of the body is read', async () => {
    const forbidden = await announceOnly('/api/admin/sanctions/upload?file_name=SDN.XML', { authorization: `Bearer ${token}`, 'content-length': '5000000' });
    expect(forbidden.status).toBe(403);
    expect((await announceOnly('/api/admin/sanctions/upload?file_name=SDN.XML', { 'content-length': '5000000' })).status).toBe(401);
    expect((await upload(listA, 'file_name=SDN.XML', token)).status).toBe(403);
    expect(await listRevision()).toBe('no-stream');
  });

  it('imports the file, and the status says which list is in force, from where, and what its addresses cover', async () => {
    const res = await upload(listA, 'file_name=SDN.XML');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'imported', error: null, warnings: [] });
    expect(res.body.status).toMatchObject({
      loaded: true,
      source: 'OFAC SDN',
      format: 'SDN.XML',
      publication_date: '2026-11-10',
      address_count: 7,
      last_sync_result: 'imported',
      last_import: { trigger: 'upload', origin: `uploaded by ${ADMIN.email}: SDN.XML` },
      // ZEC is screened on Zcash and BSV on Bitcoin SV (against the lists only): every address is screened.
      addresses: { listed: 7, screened: 7, cross_chain: 3, unscreenable: 0, unscreenable_tickers: [], delisted: 0 },
      last_failure: null,
    });
    expect(res.body.status.publication_age_days).toEqual(expect.any(Number));
    // Where it came from is for admins.
    expect((await status(token)).last_import).toEqual({ at: res.body.status.imported_at, trigger: 'upload', origin: null });
    const [attempt] = await server.eventStore.readStream('sanctions-sync');
    expect(attempt).toMatchObject({
      type: 'SanctionsSyncSucceeded',
      data: {
        trigger: 'upload',
        origin: `uploaded by ${ADMIN.email}: SDN.XML`,
        uploadedBy: { userId: userIdForEmail(ADMIN.email), email: ADMIN.email },
        status: 'imported',
      },
    });
    // The audit log names the admin who uploaded it.
    await server.projections.waitFor(await server.eventStore.headPosition());
    const logged = await server.api<AuditPage>('GET', '/api/admin/audit?type=SanctionsSyncSucceeded', { token: adminToken });
    expect(logged.body.items[0]).toMatchObject({ admin_email: ADMIN.email, stream: 'sanctions-sync' });
  });

  it('answers "unchanged" for the same file again', async () => {
    const res = await upload(listA, 'file_name=sdn-copy.xml');
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('unchanged');
    expect(await listRevision()).toBe(0);
  });
});

describe('an address OFAC lists under another ticker than its chain', () => {
  it.each([
    ['USDT on the Omni Layer (a Bitcoin address)', OMNI, undefined, 'USDT', 'omni'],
    ['USDT on the Omni Layer, screened as Bitcoin Cash', OMNI_P2SH, 'bitcoin-cash', 'USDT', 'omni'],
    ['USDT on the Omni Layer, a 3… screened as Litecoin’s old P2SH', OMNI_P2SH, 'litecoin', 'USDT', 'omni'],
    ['a TRON address listed under XBT', TRON_UNDER_XBT, undefined, 'XBT', 'bitcoin'],
  ])('is flagged: %s', async (_what, address, network, ticker, listedNetwork) => {
    const r = await check(address, network);
    expect(r.risk_score).toBe(100);
    expect(r.risk_level).toBe('High Risk');
    expect(r.sanctions).not.toBe('Safe address');
    expect(r.sanctions).toContain(IBIS);
    // The listed ticker is named, with the network it stands for when the address is another chain's.
    expect(r.sanctions).toMatch(new RegExp(`^Sanctioned: ${IBIS.replace(/\./g, '\\.')} \\(OFAC SDN: CYBER2; listed under ${ticker} \\(.+\\)\\)$`));
    const evidence = await sanctionsEvidence(r.check_id);
    expect(evidence.direct).toEqual([
      expect.objectContaining({ ticker, entity: IBIS, sdnId: '90433', listedNetwork, crossChain: true, listedSince: '2026-11-10' }),
    ]);
    expect(evidence.delisted).toEqual([]);
  });
});

describe('an address OFAC lists under BSV (a Bitcoin-format address)', () => {
  it('is flagged on Bitcoin and on Bitcoin SV, its own chain (screened against the lists only), not under another chain', async () => {
    for (const network of [undefined, 'bitcoin-sv']) {
      const r = await check(BSV, network);
      expect(r).toMatchObject({ risk_score: 100, risk_level: 'High Risk' });
      expect(r.sanctions).toBe(`Sanctioned: ${IBIS} (OFAC SDN: CYBER2; listed under BSV)`);
      const evidence = await sanctionsEvidence(r.check_id);
      expect(evidence.direct).toEqual([expect.objectContaining({ ticker: 'BSV', entity: IBIS, listedNetwork: 'bitcoin-sv', crossChain: false })]);
    }
  });
});

describe('a listing that left the list (a delisting)', () => {
  it('is recorded by the next list', async () => {
    const res = await upload(listB, 'file_name=SDN.XML');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'imported', status: { publication_date: '2026-11-20', address_count: 5, addresses: { delisted: 2 } } });
  });

  it('is evidence of its own kind on a check of that address, not a current sanctions hit', async () => {
    const r = await check(MIXER, 'ethereum');
    expect(r.sanctions).not.toMatch(/Sanctioned/);
    expect(r.risk_score).toBeLessThan(100);
    const evidence = await sanctionsEvidence(r.check_id);
    expect(evidence.direct).toEqual([]);
    expect(evidence.delisted).toEqual([
      expect.objectContaining({ ticker: 'ETH', entity: HALCYON, sdnId: '90501', listedSince: '2026-11-10', delistedAt: '2026-11-20' }),
    ]);
    // Scored as former listing (40 points), worded as such; its chain data cannot be fetched here, so the verdict is Incomplete.
    expect(r).toMatchObject({ risk_score: 40, risk_level: 'Incomplete' });
    expect(r.sanctions).toBe(
      `Formerly sanctioned, since delisted: ${HALCYON} (OFAC SDN: CYBER2; listed under ETH; listed 2026-11-10, delisted 2026-11-20) (not a current sanctions hit); not on the list in force; its counterparties could not be screened (blockchain data unavailable)`,
    );
    expect(r.aml_report).toContain('+40: The address was on a sanctions list and has been delisted (1 former listing): not a current sanctions hit');
  });
  it('is evidence of its own kind for a counterparty too', async () => {
    const r = await check(a.btcWallet);
    const evidence = await sanctionsEvidence(r.check_id);
    expect(evidence.counterparties).toEqual([]);
    expect(evidence.delistedCounterparties).toEqual([{ address: a.btcA, entries: [expect.objectContaining({ entity: HALCYON, delistedAt: '2026-11-20' })] }]);
    // Direct exposure to a formerly listed counterparty holding 37 % of the volume: Medium, and the linked wallet says why.
    expect(r).toMatchObject({
      risk_level: 'Medium Risk',
      aml_status: 'Requires further review',
      sanctions: 'Direct exposure: 1 formerly sanctioned counterparty',
    });
    expect(r.linked_wallets_details.find((w) => w.address === a.btcA)).toMatchObject({
      risk: 'flagged',
      reasons: [`Formerly sanctioned: ${HALCYON} (OFAC SDN: CYBER2; delisted 2026-11-20)`],
    });
  });
});

describe('a list older than the one in force', () => {
  it('is refused with a clear 409 that says both dates and how to force it, and changes nothing', async () => {
    const before = await listRevision();
    const res = await upload(olderList, 'file_name=SDN-old.XML');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      'This SDN.XML was published 05.11.2026, before the list in force (published 20.11.2026); an older list does not replace a newer one, so nothing was imported. ' +
        'To load it anyway, tick "Replace the list in force even though this file is older" and upload it again.',
    );
    expect(await listRevision()).toBe(before);
    const s = await status();
    expect(s).toMatchObject({
      publication_date: '2026-11-20',
      last_sync_result: 'failed',
      last_failure: { trigger: 'upload', code: 'older-list', reason: expect.stringContaining('05.11.2026') },
    });
    expect((await status(token)).last_failure).toMatchObject({ code: 'older-list', reason: null });
  });

  it('is accepted when the admin says so (allow_older)', async () => {
    const res = await upload(olderList, 'file_name=SDN-old.XML&allow_older=true');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'imported', status: { publication_date: '2026-11-05', last_failure: null } });
    const [event] = await server.eventStore.readStream('sanctions-ofac', { fromRevision: (await listRevision()) as number });
    expect(event!.data).toMatchObject({ publishedAt: '2026-11-05', forced: { reason: 'older-list', replacedPublishedAt: '2026-11-20' } });
  });
});

describe('a file that is not a usable list', () => {
  it.each([
    ['not an OFAC list', 'wallet,label\n0xabc,exchange\n', /^notes\.csv: it is a text file, not an OFAC SDN list/],
    ['cut short', listA.slice(0, 400), /^notes\.csv: the SDN\.XML file is not well-formed XML.*cut short/],
    ['without addresses', sdnXml('12/01/2026', [{ uid: '1', name: 'NOBODY', ids: [] }]), /no digital currency addresses/],
    ['empty', '', /the file is empty/],
  ])('is refused with a 400 when %s, and changes nothing', async (_what, text, message) => {
    const before = await listRevision();
    const res = await upload(text, 'file_name=notes.csv');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    expect(await listRevision()).toBe(before);
  });

  it('needs its file name, and says so', async () => {
    const res = await upload(listB, 'allow_older=maybe');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: { file_name: expect.any(String), allow_older: 'allow_older must be true or false' } });
  });

  it('is refused with a 413 when larger than 300 MB, before it is read', async () => {
    const res = await announceOnly('/api/admin/sanctions/upload?file_name=huge.xml', {
      authorization: `Bearer ${adminToken}`,
      'content-length': String(301 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: expect.stringMatching(/larger than 300 MB/) });
  });

  it('is in the API document', async () => {
    const doc = await server.api<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/openapi.json');
    expect(Object.keys(doc.body.paths['/api/admin/sanctions/upload']!)).toEqual(['post']);
  });
});

describe('a file the size of the real SDN_ADVANCED.XML', () => {
  it('is streamed to disk as it arrives and imported', async () => {
    // A newer list padded with 40 MB of XML comments.
    const padding = `<!-- ${'x'.repeat(1024 * 1024 - 10)} -->\n`.repeat(40);
    const big = sdnXml('11/25/2026', [ibis]).replace('<publshInformation>', `${padding}<publshInformation>`);
    const res = await upload(big, 'file_name=SDN_BIG.XML');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'imported', status: { publication_date: '2026-11-25', address_count: 5 } });
  }, 60_000);
});
