/**
 * Webhooks on the embedded server, delivered to a real HTTP receiver on loopback and verified with
 * the `standardwebhooks` package: endpoints and bad input, a completed screening, a failed one, a
 * completed batch and a monitoring alert delivered signed, a failed attempt retried with the same webhook-id, manual redelivery,
 * the delivery log; private destinations refused without the setting; an endpoint failing for
 * days disabled with an e-mail (real SMTP); and a server killed with SIGKILL mid-delivery
 * delivering after a restart.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import {
  alertCreatedMessageSchema,
  batchCompletedMessageSchema,
  screeningCompletedMessageSchema,
  type CreateWebhookResponse,
  type WatchResult,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@walletscreen/contracts';
import { createLogger } from '@walletscreen/platform';
import { runSanctionsSync } from '@walletscreen/workers/sanctions/sync';
import { addresses as a, recordedWalletRoutes, startReplayServer, type ReplayServer } from '@walletscreen/workers/testing/replay-server';
import { createWebhookSender } from '@walletscreen/command-api/webhooks/sender';
import { apiClient, bearer } from './support/api-client';
import { startEmbeddedProcess } from './support/process';
import { startSmtpSink } from './support/smtp';
import { startTestServer, type TestServer } from './support/server';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './support/webhook-receiver';

const chainEnv = (api: string) => ({
  BITCOIN_ESPLORA_URLS: api,
  BLOCKSCOUT_ETHEREUM_URL: 'http://127.0.0.1:9/eth',
  CHAIN_DATA_RETRIES: '0',
  CHAIN_DATA_TIMEOUT_MS: '2000',
});
const PASSWORD = 'Webhook-Passphrase-7';

let replay: ReplayServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  replay = await startReplayServer([
    { path: `/hang/api/address/${a.btcWallet}`, replies: [{ hang: true }] },
    { path: `/hang/api/address/${a.btcWallet}/txs`, replies: [{ hang: true }] },
    ...recordedWalletRoutes(),
  ]);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await replay.close();
});

async function signUp(server: TestServer, email: string) {
  const body = { email, password: PASSWORD, username: email.split('@')[0]! };
  expect((await server.api('POST', '/api/auth/register', { body })).status).toBe(201);
  return (await server.api<{ token: string }>('POST', '/api/auth/login', { body })).body.token;
}

/** The message, checked with the standardwebhooks package against the endpoint's secret. */
function verified(secret: string, request: ReceivedWebhook) {
  const headers = {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
  return new Webhook(secret).verify(request.body, headers) as { type: string; timestamp: string; data: Record<string, unknown> };
}

async function deliveriesOf(server: TestServer, token: string, endpointId: string, until: (d: WebhookDelivery[]) => boolean): Promise<WebhookDelivery[]> {
  let items: WebhookDelivery[] = [];
  for (let i = 0; i < 400; i++) {
    items = (await server.api<{ items: WebhookDelivery[] }>('GET', `/api/webhooks/${endpointId}/deliveries`, { token })).body.items;
    if (until(items)) return items;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the delivery log never showed what was awaited: ${JSON.stringify(items)}`);
}

describe('webhooks (private destinations allowed, as for a receiver on loopback)', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ ...chainEnv(`${replay.url}/api`), WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true' });
    token = await signUp(server, 'hooks@desk.example');
  }, 60_000);
  afterAll(() => server?.destroy());
  const client = () => apiClient(server.url.replace('localhost', '127.0.0.1'), bearer(token));

  it('refuses bad input with a clear message and records nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ url: 'ftp://example.com/hook', events: ['screening.completed'] }, 'The URL must start with https:// (or http://) and name a host'],
      [{ url: 'https://user:pw@example.com/hook', events: ['screening.completed'] }, 'The URL must not contain a user name or password'],
      [{ url: 'https://example.com/hook', events: [] }, 'Choose at least one event'],
      [{ url: 'https://example.com/hook', events: ['check.done'] }, 'Events are screening.completed, alert.created, batch.completed'],
      [{ events: ['screening.completed'] }, 'Give the URL the events are sent to'],
    ];
    for (const [body, message] of cases) {
      const res = await server.api<{ detail?: string; errors?: Record<string, string> }>('POST', '/api/webhooks', { token, body });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await server.api('PATCH', `/api/webhooks/${crypto.randomUUID()}`, { token, body: { enabled: false } })).status).toBe(404);
    expect((await server.api<{ items: unknown[] }>('GET', '/api/webhooks', { token })).body.items).toEqual([]);
    expect((await server.api('GET', '/api/webhooks')).status).toBe(401);
  });

  it('delivers a completed screening, signed as Standard Webhooks says, and logs the attempt', async () => {
    const created = await client().POST('/api/webhooks', {
      body: { url: `${receiver.url}/screenings`, description: 'Compliance pipeline', events: ['screening.completed'] },
    });
    expect(created.response.status).toBe(201);
    const endpoint = created.data!;
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint).toMatchObject({ url: `${receiver.url}/screenings`, events: ['screening.completed'], enabled: true });
    expect((await client().GET('/api/webhooks/{id}/secret', { params: { path: { id: endpoint.id } } })).data).toEqual({ secret: endpoint.secret });

    const check = await server.api<{ check_id: string; status: string }>('POST', '/api/transactions/analyze-realtime', {
      token,
      body: { wallet_address: a.btcWallet },
    });
    expect(check.body.status).toBe('completed');
    const [request] = await receiver.waitFor('/screenings', 1);
    const message = verified(endpoint.secret, request!);
    expect(message).toMatchObject({
      type: 'screening.completed',
      // No sanctions list is loaded here: the verdict is Incomplete, and its check is given back.
      data: { id: check.body.check_id, status: 'completed', address: a.btcWallet, refunded: true, result: { risk_level: 'Incomplete' } },
    });
    expect(request!.headers['content-type']).toBe('application/json');
    // The message has the shape the OpenAPI document's webhooks describe.
    expect(screeningCompletedMessageSchema.safeParse(message).error).toBeUndefined();
    const doc = (await server.api<{ webhooks: Record<string, { post: { summary: string } }> }>('GET', '/api/openapi.json')).body;
    expect(Object.keys(doc.webhooks)).toEqual(['screening.completed', 'alert.created', 'batch.completed']);
    // A different secret does not verify it.
    expect(() => verified('whsec_' + Buffer.alloc(24, 7).toString('base64'), request!)).toThrow();

    const [delivery] = await deliveriesOf(server, token, endpoint.id, (d) => d[0]?.status === 'succeeded');
    expect(delivery).toMatchObject({ id: request!.headers['webhook-id'], event_type: 'screening.completed', attempt_count: 1, last_status_code: 200 });
    expect(delivery!.attempts[0]).toMatchObject({ attempt: 1, ok: true, status_code: 200, error: null, response_body: 'ok' });
    expect(delivery!.attempts[0]!.duration_ms).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it('retries a failed attempt with the same webhook-id, and redelivers on request', async () => {
    receiver.answer('/retry', 500);
    const endpoint = (await client().POST('/api/webhooks', { body: { url: `${receiver.url}/retry`, events: ['screening.completed'] } })).data!;
    await server.api('POST', '/api/transactions/analyze-realtime', { token, body: { wallet_address: a.btcA } });
    await receiver.waitFor('/retry', 1);
    const failed = await deliveriesOf(server, token, endpoint.id, (d) => d[0]?.attempt_count === 1);
    expect(failed[0]).toMatchObject({ status: 'pending', last_status_code: 500, last_error: 'HTTP 500' });
    // The next attempt is 5 seconds later.
    expect(Date.parse(failed[0]!.next_attempt_at!) - Date.parse(failed[0]!.attempts[0]!.at)).toBe(5_000);
    server.advance(5_000);
    const [first, second] = await receiver.waitFor('/retry', 2);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(verified(endpoint.secret, second!).type).toBe('screening.completed');
    const retried = await deliveriesOf(server, token, endpoint.id, (d) => d[0]?.status === 'succeeded');
    expect(retried[0]!.attempts.map((t) => t.status_code)).toEqual([500, 200]);

    const redeliver = await client().POST('/api/webhooks/{id}/deliveries/{deliveryId}/redeliver', {
      params: { path: { id: endpoint.id, deliveryId: retried[0]!.id } },
    });
    expect(redeliver.response.status).toBe(202);
    const third = (await receiver.waitFor('/retry', 3))[2]!;
    expect(third.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect((await deliveriesOf(server, token, endpoint.id, (d) => d[0]?.attempt_count === 3))[0]!.status).toBe('succeeded');
    // Another user's delivery is not found.
    const other = await signUp(server, 'someone-else@desk.example');
    expect((await server.api('POST', `/api/webhooks/${endpoint.id}/deliveries/${retried[0]!.id}/redeliver`, { token: other })).status).toBe(404);
  }, 60_000);

  it('delivers batch.completed only to endpoints that asked for it; a disabled endpoint gets nothing', async () => {
    const batches = (await client().POST('/api/webhooks', { body: { url: `${receiver.url}/batches`, events: ['batch.completed'] } })).data!;
    const off = (await client().POST('/api/webhooks', { body: { url: `${receiver.url}/off`, events: ['batch.completed', 'screening.completed'] } })).data!;
    expect((await client().PATCH('/api/webhooks/{id}', { params: { path: { id: off.id } }, body: { enabled: false } })).data).toMatchObject({
      enabled: false,
      disabled_reason: null,
    });
    const submitted = await server.api<{ id: string }>('POST', '/api/batches', {
      token,
      raw: ['address', a.btcWallet, a.btcB].join('\n'),
      headers: { 'content-type': 'text/csv' },
    });
    expect(submitted.status).toBe(202);
    const [request] = await receiver.waitFor('/batches', 1, 40_000);
    expect(batchCompletedMessageSchema.safeParse(verified(batches.secret, request!)).error).toBeUndefined();
    expect(verified(batches.secret, request!)).toMatchObject({
      type: 'batch.completed',
      data: {
        id: submitted.body.id,
        status: 'completed',
        rows: 2,
        wallets: 2,
        completed: 2,
        failed: 0,
        skipped: 0,
        links: { self: `/api/v1/batches/${submitted.body.id}` },
      },
    });
    expect(receiver.received.filter((r) => r.path === '/off')).toEqual([]);
    // The screenings-only endpoint of the first test heard of the batch's two checks, not of the batch.
    expect(receiver.received.filter((r) => r.path === '/screenings' && r.body.includes('batch.completed'))).toEqual([]);
  }, 60_000);

  it('lists, changes, rotates the secret of and deletes endpoints', async () => {
    const list = (await client().GET('/api/webhooks')).data!.items;
    expect(list.map((e) => e.url)).toEqual([`${receiver.url}/off`, `${receiver.url}/batches`, `${receiver.url}/retry`, `${receiver.url}/screenings`]);
    const target = list[0]!;
    const rotated = (await client().POST('/api/webhooks/{id}/secret/rotate', { params: { path: { id: target.id } } })).data!;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect((await client().GET('/api/webhooks/{id}/secret', { params: { path: { id: target.id } } })).data).toEqual(rotated);
    const changed = await client().PATCH('/api/webhooks/{id}', {
      params: { path: { id: target.id } },
      body: { description: 'Off for now', events: ['screening.completed'] },
    });
    expect(changed.data).toMatchObject({ description: 'Off for now', events: ['screening.completed'] });
    expect((await client().DELETE('/api/webhooks/{id}', { params: { path: { id: target.id } } })).response.status).toBe(204);
    expect((await client().GET('/api/webhooks')).data!.items).toHaveLength(3);
  });
  it('serves the same endpoints through the public API to a key with the monitor scope, and to no other key', async () => {
    const keyWith = async (scopes: string[]) =>
      (await server.api<{ key: string }>('POST', '/api/keys', { token, body: { name: scopes.join('+'), scopes } })).body.key;
    const monitor = apiClient(server.url.replace('localhost', '127.0.0.1'), { 'X-API-Key': await keyWith(['monitor']) });
    const created = await monitor.POST('/api/v1/webhooks', { body: { url: `${receiver.url}/api-made`, events: ['alert.created'] } });
    expect(created.response.status).toBe(201);
    expect(created.data!.secret).toMatch(/^whsec_/);
    const viaKey = (await monitor.GET('/api/v1/webhooks')).data!.items.map((e) => e.id);
    const viaSession = (await client().GET('/api/webhooks')).data!.items.map((e) => e.id);
    expect(viaKey).toEqual(viaSession);
    expect(viaKey).toContain(created.data!.id);
    expect((await monitor.GET('/api/v1/webhooks/{id}/deliveries', { params: { path: { id: created.data!.id }, query: {} } })).data).toEqual({ items: [] });

    const screenOnly = apiClient(server.url.replace('localhost', '127.0.0.1'), { 'X-API-Key': await keyWith(['screen', 'read']) });
    expect((await screenOnly.GET('/api/v1/webhooks')).response.status).toBe(403);
    expect((await screenOnly.POST('/api/v1/webhooks', { body: { url: `${receiver.url}/nope`, events: ['alert.created'] } })).response.status).toBe(403);
    expect((await apiClient(server.url.replace('localhost', '127.0.0.1')).GET('/api/v1/webhooks')).response.status).toBe(401);
    expect((await client().GET('/api/webhooks')).data!.items.map((e) => e.url)).not.toContain(`${receiver.url}/nope`);
    expect((await monitor.DELETE('/api/v1/webhooks/{id}', { params: { path: { id: created.data!.id } } })).response.status).toBe(204);
  });
});

describe('without WEBHOOK_ALLOW_PRIVATE_DESTINATIONS', () => {
  let server: TestServer;
  afterAll(() => server?.destroy());

  it('refuses private, loopback and link-local destinations, written as an address or resolved from a name', async () => {
    server = await startTestServer({ ...chainEnv(`${replay.url}/api`) });
    const token = await signUp(server, 'ssrf@desk.example');
    for (const url of [
      `${receiver.url}/private`,
      'http://10.0.0.7/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/hook',
      'http://[::ffff:192.168.1.1]/hook',
      'http://2130706433/hook',
      // IPv6 forms that reach this host or a private network, and special-purpose blocks that are not private.
      'http://[::127.0.0.1]/hook',
      'http://[64:ff9b:1::a00:1]/hook',
      'http://[fec0::1]/hook',
      'http://[100::1]/hook',
      'http://[2001:db8::1]/hook',
      'http://192.0.2.1/hook',
      'http://198.18.0.1/hook',
    ]) {
      const res = await server.api('POST', '/api/webhooks', { token, body: { url, events: ['screening.completed'] } });
      expect([url, res.status, JSON.stringify(res.body)]).toEqual([
        url,
        400,
        expect.stringContaining('The URL points to a private or special-purpose address'),
      ]);
    }
    const named = await server.api<{ errors: Record<string, string> }>('POST', '/api/webhooks', {
      token,
      body: { url: 'http://[::127.0.0.1]/hook', events: ['screening.completed'] },
    });
    expect(named.body.errors.url).toBe(
      'The URL points to a private or special-purpose address (outside the global unicast space, 2000::/3); webhooks are sent only to public addresses',
    );
    expect((await server.api<{ items: unknown[] }>('GET', '/api/webhooks', { token })).body.items).toEqual([]);

    // A name is checked when it is resolved, at each delivery: localhost is loopback.
    const created = await server.api<CreateWebhookResponse>('POST', '/api/webhooks', {
      token,
      body: { url: `http://localhost:${receiver.port}/private`, events: ['screening.completed'] },
    });
    expect(created.status).toBe(201);
    await server.api('POST', '/api/transactions/analyze-realtime', { token, body: { wallet_address: a.btcWallet } });
    const [delivery] = await deliveriesOf(server, token, created.body.id, (d) => (d[0]?.attempt_count ?? 0) >= 1);
    expect(delivery).toMatchObject({
      status: 'pending',
      last_status_code: null,
      last_error: 'The destination is a private or special-purpose address (webhooks are sent only to public addresses)',
    });
    expect(receiver.received.filter((r) => r.path === '/private')).toEqual([]);
  }, 60_000);
});

describe('the sender, at every delivery', () => {
  it('connects to no address of a special-purpose block written in the URL, however it is written, without the setting', async () => {
    const sender = createWebhookSender({ allowPrivate: false, timeoutMs: 2_000 });
    try {
      const before = receiver.received.length;
      for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::127.0.0.1]', '[64:ff9b::7f00:1]', '[fec0::1]', '[100::1]']) {
        const outcome = await sender.send({
          url: `http://${host}:${receiver.port}/special`,
          id: 'msg_special',
          body: '{}',
          secrets: ['whsec_AAAA'],
          now: new Date(),
        });
        expect([host, outcome.ok, outcome.error]).toEqual([
          host,
          false,
          'The destination is a private or special-purpose address (webhooks are sent only to public addresses)',
        ]);
      }
      expect(receiver.received.length).toBe(before);
    } finally {
      sender.close();
    }
  });
});

describe('monitoring', () => {
  it('delivers alert.created when a list change raises an alert on a watched wallet', async () => {
    const server = await startTestServer({
      ...chainEnv(`${replay.url}/api`),
      WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
      MONITORING_SCHEDULER_INTERVAL_SECONDS: '0',
      CHECK_WAIT_MS: '20000',
    });
    const loadOfacList = async (address: string) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'ws-sdn-'));
      writeFileSync(
        path.join(dir, 'sdn.csv'),
        `90001,"HERON TEST EXCHANGE LTD.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT ${address}."\n`,
      );
      await runSanctionsSync({
        eventStore: server.eventStore,
        file: path.join(dir, 'sdn.csv'),
        clock: () => new Date(),
        logger: createLogger({ level: 'silent' }),
      });
    };
    try {
      // A list in force first, so the wallet's first check has a verdict to compare with.
      await loadOfacList('13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ');
      const token = await signUp(server, 'alerts@desk.example');
      const endpoint = (
        await server.api<CreateWebhookResponse>('POST', '/api/webhooks', { token, body: { url: `${receiver.url}/alerts`, events: ['alert.created'] } })
      ).body;
      const check = await server.api<{ check_id: string; status: string }>('POST', '/api/transactions/analyze-realtime', {
        token,
        body: { wallet_address: a.btcWallet },
      });
      expect(check.body.status).toBe('completed');
      const watched = await server.api<WatchResult>('POST', '/api/watchlist', {
        token,
        body: { address: a.btcWallet, check_id: check.body.check_id, reference: 'customer-17' },
      });
      expect(watched.status).toBe(201);

      await loadOfacList(a.btcWallet);
      const [request] = await receiver.waitFor('/alerts', 1, 30_000);
      const message = verified(endpoint.secret, request!);
      expect(alertCreatedMessageSchema.safeParse(message).error).toBeUndefined();
      expect(message).toMatchObject({
        type: 'alert.created',
        data: {
          status: 'open',
          address: a.btcWallet,
          reference: 'customer-17',
          previous_check_id: check.body.check_id,
          before: { level: 'Low Risk' },
          after: { level: 'High Risk' },
        },
      });
      expect(message.data.reasons).toContain('new-sanctions-hit');
      const inbox = await server.api<{ items: Array<{ id: string }> }>('GET', '/api/alerts?status=all', { token });
      expect(inbox.body.items.map((x) => x.id)).toEqual([message.data.id]);
    } finally {
      await server.destroy();
    }
  }, 60_000);
});

describe('a screening that fails', () => {
  it('is delivered as screening.completed with status failed and refunded', async () => {
    const server = await startTestServer({
      ...chainEnv(`${replay.url}/hang/api`),
      CHAIN_DATA_TIMEOUT_MS: '30000',
      CHECK_STAGE_TIMEOUT_MS: '300',
      WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
    });
    try {
      const token = await signUp(server, 'failed-check@desk.example');
      const endpoint = (
        await server.api<CreateWebhookResponse>('POST', '/api/webhooks', { token, body: { url: `${receiver.url}/failed`, events: ['screening.completed'] } })
      ).body;
      const check = await server.api<{ check_id: string }>('POST', '/api/transactions/analyze-realtime', { token, body: { wallet_address: a.btcWallet } });
      expect(check.status).toBe(502);
      const [request] = await receiver.waitFor('/failed', 1);
      expect(verified(endpoint.secret, request!)).toMatchObject({
        type: 'screening.completed',
        data: {
          id: check.body.check_id,
          status: 'failed',
          refunded: true,
          result: null,
          error: 'The analysis could not be completed: the "blockchain" stage did not finish within 300 ms',
        },
      });
    } finally {
      await server.destroy();
    }
  }, 60_000);
});

describe('an endpoint failing for days', () => {
  it('is disabled, its owner told by e-mail, and nothing more is sent to it', async () => {
    const smtp = await startSmtpSink();
    const server = await startTestServer({
      ...chainEnv(`${replay.url}/api`),
      WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://screen.example',
    });
    try {
      let token = await signUp(server, 'failing@desk.example');
      receiver.answer('/down', ...Array<number>(20).fill(503));
      const endpoint = (
        await server.api<CreateWebhookResponse>('POST', '/api/webhooks', { token, body: { url: `${receiver.url}/down`, events: ['screening.completed'] } })
      ).body;
      await server.api('POST', '/api/transactions/analyze-realtime', { token, body: { wallet_address: a.btcWallet } });
      await deliveriesOf(server, token, endpoint.id, (d) => d[0]?.attempt_count === 1);

      // Four days on: failing, not yet for five days.
      server.advance(4 * 86_400_000);
      token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: { email: 'failing@desk.example', password: PASSWORD } })).body.token;
      await deliveriesOf(server, token, endpoint.id, (d) => d[0]?.attempt_count === 2);
      expect((await server.api<WebhookEndpoint>('GET', `/api/webhooks/${endpoint.id}`, { token })).body.enabled).toBe(true);

      // Five days and more since the first failure: the next failed attempt disables it.
      server.advance(86_400_000 + 60_000);
      token = (await server.api<{ token: string }>('POST', '/api/auth/login', { body: { email: 'failing@desk.example', password: PASSWORD } })).body.token;
      const mail = await smtp.next(20_000);
      expect(mail.to).toEqual(['failing@desk.example']);
      expect(mail.raw).toContain('Subject: A WalletScreen webhook endpoint was disabled');
      expect(mail.raw).toContain(`${receiver.url}/down`);
      expect(mail.raw).toContain('https://screen.example/dashboard/webhooks');
      const after = (await server.api<WebhookEndpoint>('GET', `/api/webhooks/${endpoint.id}`, { token })).body;
      expect(after).toMatchObject({ enabled: false, disabled_reason: 'Every delivery failed for 5 days' });
      const sent = receiver.received.filter((r) => r.path === '/down').length;
      expect(sent).toBe(3);

      // Redelivery is refused while it is disabled; enabled again, it is sent.
      const [delivery] = await deliveriesOf(server, token, endpoint.id, (d) => d.length === 1);
      const refused = await server.api<{ detail: string }>('POST', `/api/webhooks/${endpoint.id}/deliveries/${delivery!.id}/redeliver`, { token });
      expect(refused.status).toBe(409);
      expect(JSON.stringify(refused.body)).toContain('The endpoint is disabled: enable it before redelivering');
      expect((await server.api('PATCH', `/api/webhooks/${endpoint.id}`, { token, body: { enabled: true } })).status).toBe(200);
      expect((await server.api('POST', `/api/webhooks/${endpoint.id}/deliveries/${delivery!.id}/redeliver`, { token })).status).toBe(202);
      await receiver.waitFor('/down', sent + 1);
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await server.destroy();
      await smtp.close();
    }
  }, 90_000);
});

describe('a server killed while a delivery is on its way', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

  async function startProcess(dataDir: string, env: Record<string, string>) {
    const started = await startEmbeddedProcess(dataDir, env);
    children.push(started.child);
    return started;
  }
  async function call<T>(url: string, method: string, route: string, body?: object, token?: string) {
    const res = await fetch(url + route, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as T };
  }

  it('sends it again after a restart, with the same webhook-id', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ws-webhook-crash-'));
    const env = { ...chainEnv(`${replay.url}/api`), WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true', WEBHOOK_TIMEOUT_MS: '2000' };
    try {
      const first = await startProcess(dataDir, env);
      const user = { email: 'webhook-crash@desk.example', password: PASSWORD, username: 'Crash desk' };
      expect((await call(first.url, 'POST', '/api/auth/register', user)).status).toBe(201);
      const token = (await call<{ token: string }>(first.url, 'POST', '/api/auth/login', user)).body.token;
      const endpoint = (
        await call<CreateWebhookResponse>(first.url, 'POST', '/api/webhooks', { url: `${receiver.url}/crash`, events: ['screening.completed'] }, token)
      ).body;
      // The first attempt reaches the receiver, which never answers: the server is killed mid-attempt.
      receiver.answer('/crash', 'hang');
      await call(first.url, 'POST', '/api/transactions/analyze-realtime', { wallet_address: a.btcWallet }, token);
      const [sent] = await receiver.waitFor('/crash', 1);
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));

      const second = await startProcess(dataDir, env);
      const [, again] = await receiver.waitFor('/crash', 2, 30_000);
      expect(again!.headers['webhook-id']).toBe(sent!.headers['webhook-id']);
      expect(verified(endpoint.secret, again!)).toMatchObject({ type: 'screening.completed', data: { status: 'completed', address: a.btcWallet } });
      let log: WebhookDelivery[] = [];
      for (let i = 0; i < 200 && log[0]?.status !== 'succeeded'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        log = (await call<{ items: WebhookDelivery[] }>(second.url, 'GET', `/api/webhooks/${endpoint.id}/deliveries`, undefined, token)).body.items;
      }
      // The killed attempt left no outcome: the log shows the one that answered.
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ status: 'succeeded', attempt_count: 1, last_status_code: 200 });
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
