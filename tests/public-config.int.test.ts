/**
 * GET /api/config on the embedded server: the public pages' contact addresses come from the
 * settings (CONTACT_EMAIL, SALES_EMAIL), without signing in, as the OpenAPI document describes.
 * GET /api/legal/{document}: the Terms and the Privacy notice, the operator's files or the default text.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '@walletscreen/platform';
import { legalDocumentSchema, publicConfigSchema } from '@walletscreen/contracts';
import { startTestServer, type TestServer } from './support/server';

let servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.destroy()));
});
const start = async (env: Record<string, string>) => {
  const server = await startTestServer(env);
  servers = [...servers, server];
  return server;
};

it('answers the configured addresses to anyone, and is in the API document', async () => {
  const server = await start({ CONTACT_EMAIL: 'hello@desk.example', SALES_EMAIL: 'deals@desk.example' });
  const res = await server.api('GET', '/api/config');
  expect(res.status).toBe(200);
  // No language model is configured here: the overlay does not claim AI.
  expect(publicConfigSchema.parse(res.body)).toEqual({ contact_email: 'hello@desk.example', sales_email: 'deals@desk.example', ai_narrative: false });
  const doc = await server.api<{ paths: Record<string, { get?: { responses: Record<string, unknown> } }> }>('GET', '/api/openapi.json');
  expect(doc.body.paths['/api/config']?.get?.responses).toHaveProperty('200');
});

it('sends sales to the contact address when SALES_EMAIL is not set', async () => {
  const server = await start({ CONTACT_EMAIL: 'desk@fund.example' });
  expect((await server.api('GET', '/api/config')).body).toEqual({ contact_email: 'desk@fund.example', sales_email: 'desk@fund.example', ai_narrative: false });
});

it('says a language model writes the narrative only when one is configured', async () => {
  const server = await start({ CONTACT_EMAIL: 'desk@fund.example', OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
  expect((await server.api<{ ai_narrative: boolean }>('GET', '/api/config')).body.ai_narrative).toBe(true);
});

describe('the Terms and the Privacy notice', () => {
  it('are the default text, naming the operator, to anyone without signing in; anything else is not found', async () => {
    const server = await start({ CONTACT_EMAIL: 'desk@fund.example', SELLER_NAME: 'Fund Desk Ltd' });
    for (const document of ['terms', 'privacy']) {
      const res = await server.api('GET', `/api/legal/${document}`);
      expect(res.status).toBe(200);
      const doc = legalDocumentSchema.parse(res.body);
      expect(doc).toMatchObject({ document, format: 'markdown', operator_provided: false });
      expect(doc.content).toContain('Fund Desk Ltd');
      expect(doc.content).toContain('desk@fund.example');
    }
    const missing = await server.api<{ detail: string }>('GET', '/api/legal/cookies');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('There is no such document: ask for terms or privacy');
    const doc = await server.api<{ paths: Record<string, { get?: { responses: Record<string, unknown> } }> }>('GET', '/api/openapi.json');
    expect(doc.body.paths['/api/legal/{document}']?.get?.responses).toHaveProperty('200');
  });

  it("are the operator's Markdown and HTML files when TERMS_FILE and PRIVACY_FILE name them", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ws-legal-'));
    writeFileSync(path.join(dir, 'terms.md'), '# Terms of the desk\n\nScreen responsibly.\n');
    writeFileSync(path.join(dir, 'privacy.html'), '<h2>Privacy</h2><p>We keep little.</p>');
    const server = await start({ TERMS_FILE: path.join(dir, 'terms.md'), PRIVACY_FILE: path.join(dir, 'privacy.html') });
    expect((await server.api('GET', '/api/legal/terms')).body).toEqual({
      document: 'terms',
      title: 'Terms of Service',
      format: 'markdown',
      content: '# Terms of the desk\n\nScreen responsibly.\n',
      operator_provided: true,
    });
    expect((await server.api('GET', '/api/legal/privacy')).body).toMatchObject({
      format: 'html',
      content: '<h2>Privacy</h2><p>We keep little.</p>',
      operator_provided: true,
    });
  });

  it('stop the start, naming the setting, when the file cannot be read', async () => {
    const missing = path.join(tmpdir(), 'no-such-dir-ws', 'terms.md');
    const started = start({ TERMS_FILE: missing });
    await expect(started).rejects.toThrow(ConfigError);
    await expect(started).rejects.toThrow(`TERMS_FILE: cannot read "${missing}" (there is no such file)`);
  });
});
