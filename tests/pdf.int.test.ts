import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let token: string;
beforeAll(async () => {
  // The Ethereum data source cannot be reached and no sanctions list is loaded: its checks are incomplete.
  server = await startTestServer({
    BLOCKSCOUT_ETHEREUM_URL: 'http://127.0.0.1:9/eth',
    CHAIN_DATA_RETRIES: '0',
    CHAIN_DATA_TIMEOUT_MS: '2000',
    CHECK_WAIT_MS: '20000',
  });
  await server.api('POST', '/api/auth/register', { body: { email: 'pdf@bank.example', password: 'Pdf-Report-Passphrase', username: 'Bank' } });
  token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: { email: 'pdf@bank.example', password: 'Pdf-Report-Passphrase' } })).body
    .token;
});
afterAll(() => server.destroy());

const report = [
  '1. Wallet overview',
  'Ethereum address with 42 transactions.',
  '2. Sanctions screening',
  'Sanctions screening: no match.',
  '---',
  'Risk score: 12/100',
  'Risk level: Low Risk',
].join('\n');

it('renders the posted report as a PDF named after the wallet, with two pages and page numbers', async () => {
  const res = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/api/pdf/download_aml_report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ aml_report: report, wallet_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toBe('attachment; filename="AML_Report_0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed.pdf"');
  const pdf = Buffer.from(await res.arrayBuffer());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const dir = path.resolve(__dirname, '..', 'test-artifacts', 'pdf');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'report.pdf'), pdf);
  const text = execFileSync('pdftotext', [path.join(dir, 'report.pdf'), '-'], { encoding: 'utf8' });
  expect(text).toContain('Wallet AML Report');
  expect(text).toContain('Risk level: Low Risk');
  expect(text).toContain('Page 2 of 2');
  expect(text).toContain('Low Risk');
  expect(text).toMatch(/\b12\s+of 100/);
  execFileSync('pdftoppm', ['-png', '-r', '60', path.join(dir, 'report.pdf'), path.join(dir, 'report')]);
});

it('answers the spec errors for an empty report or address, and 401 without a session', async () => {
  const empty = await server.api<{ error: string }>('POST', '/api/pdf/download_aml_report', { token, body: { aml_report: ' ', wallet_address: 'x' } });
  expect(empty).toMatchObject({ status: 400, body: { error: 'Report content is empty' } });
  const noAddress = await server.api<{ error: string }>('POST', '/api/pdf/download_aml_report', { token, body: { aml_report: report, wallet_address: '' } });
  expect(noAddress).toMatchObject({ status: 400, body: { error: 'Wallet address is empty' } });
  expect((await server.api('POST', '/api/pdf/download_aml_report', { body: { aml_report: report, wallet_address: 'x' } })).status).toBe(401);
  const notMine = await server.api('POST', '/api/pdf/download_aml_report', {
    token,
    body: { aml_report: report, wallet_address: 'x', check_id: '00000000-0000-4000-8000-000000000000' },
  });
  expect(notMine.status).toBe(404);
});

it('renders a check without its evidence as Incomplete: what is missing, no score, no Low, no clean result', async () => {
  const check = await server.api<{ check_id: string; risk_level: string; aml_report: string; missing_evidence: string[] }>(
    'POST',
    '/api/transactions/analyze-realtime',
    {
      token,
      body: { wallet_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      headers: { 'Idempotency-Key': 'pdf-incomplete-1' },
    },
  );
  expect(check.status).toBe(200);
  expect(check.body.risk_level).toBe('Incomplete');
  // The sanctions list, the chain data, and the EVM darklist (enabled, never synced here).
  expect(check.body.missing_evidence).toHaveLength(3);
  // As the web app does: the check's consistency token, so the stored check is found however far the read models are behind.
  const res = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/api/pdf/download_aml_report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'consistency-token': check.headers.get('consistency-token')! },
    body: JSON.stringify({ aml_report: check.body.aml_report, wallet_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', check_id: check.body.check_id }),
  });
  expect(res.status).toBe(200);
  const dir = path.resolve(__dirname, '..', 'test-artifacts', 'pdf');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'incomplete.pdf'), Buffer.from(await res.arrayBuffer()));
  const text = execFileSync('pdftotext', [path.join(dir, 'incomplete.pdf'), '-'], { encoding: 'utf8' });
  expect(text).toContain('Not scored');
  expect(text).toContain('Unknown: blockchain data could not be fetched');
  expect(text).not.toContain('No linked wallets found');
  expect(text).toContain('Incomplete — data unavailable');
  expect(text).toContain('Incomplete: this check lacks evidence it needs to clear the address');
  expect(text).toContain('Ask your administrator to load the sanctions list.');
  expect(text).toMatch(/Blockchain data: Ethereum data could not be fetched/);
  expect(text).not.toMatch(/of 100|\/100|Low Risk|Safe address|\bCompliant\b/);
  expect(text).not.toMatch(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\bnpm\b/);
  // Looked at by a person: test-artifacts/pdf/incomplete-1.png.
  execFileSync('pdftoppm', ['-png', '-r', '70', path.join(dir, 'incomplete.pdf'), path.join(dir, 'incomplete')]);

  // The spec's body alone (report text, no check id) reads the verdict from the report's closing lines.
  const posted = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/api/pdf/download_aml_report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ aml_report: check.body.aml_report, wallet_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }),
  });
  writeFileSync(path.join(dir, 'incomplete-posted.pdf'), Buffer.from(await posted.arrayBuffer()));
  const postedText = execFileSync('pdftotext', [path.join(dir, 'incomplete-posted.pdf'), '-'], { encoding: 'utf8' });
  expect(postedText).toContain('Not scored');
  expect(postedText).not.toMatch(/of 100|Low Risk|Safe address/);
});
