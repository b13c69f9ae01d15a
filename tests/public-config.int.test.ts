/**
 * GET /api/config on the embedded server: the public pages' contact addresses come from the
 * settings (CONTACT_EMAIL, SALES_EMAIL), without signing in, as the OpenAPI document describes.
 */
import { publicConfigSchema } from '@walletscreen/contracts';
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
