import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.api('POST', '/api/auth/register', { body: { email: 'pdf@bank.example', password: 'Pdf-Report-Passphrase', username: 'Bank' } });
  token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: { email: 'pdf@bank.example', password: 'Pdf-Report-Passphrase' } })).body.token;
});
afterAll(() => server.destroy());

const report = ['1. Wallet overview', 'Ethereum address with 42 transactions.', '2. Sanctions screening', 'Sanctions screening: no match.', '---', 'Risk score: 12/100', 'Risk level: Low Risk'].join('\n');

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
  const notMine = await server.api('POST', '/api/pdf/download_aml_report', { token, body: { aml_report: report, wallet_address: 'x', check_id: '00000000-0000-4000-8000-000000000000' } });
  expect(notMine.status).toBe(404);
});
