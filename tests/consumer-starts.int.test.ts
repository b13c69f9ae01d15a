/**
 * Where the consumers that act on the world start, on the embedded server: recorded once, at the
 * first start, before anything else is appended (an empty store: every type from the start), for
 * exactly the consumers the server runs (a consumer left out of server/src/consumers.ts would
 * record its own start later, in a second event), and never again on a restart.
 */
import type { ConsumerStartsRecorded } from '@walletscreen/domain/consumer-start/events';
import { consumerStartsStreamId } from '@walletscreen/domain/consumer-start/events';
import { worldConsumers } from '@walletscreen/server/consumers';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.destroy());

const recorded = async () => server.eventStore.readStream(consumerStartsStreamId);

it('records every consumer the server runs at its first start, before any other event, each type from the start', async () => {
  // Every worker has asked for its starts by the time the server answers (they start before the API serves).
  const register = await server.api<{ token: string }>('POST', '/api/auth/register', {
    body: { email: 'starts@exchange.example', password: 'Starts-Passphrase-1', username: 'Starts' },
  });
  expect(register.status).toBe(201);
  await new Promise((r) => setTimeout(r, 1_000));
  const events = await recorded();
  expect(events.map((e) => e.type)).toEqual(['ConsumerStartsRecorded']);
  expect(events[0]!.position).toBe(1);
  const { starts, head } = events[0]!.data as ConsumerStartsRecorded;
  expect(head).toBe(0);
  expect(starts).toEqual(worldConsumers.flatMap((c) => c.eventTypes.map((eventType) => ({ consumer: c.name, eventType, after: 0, reason: 'empty-store' }))));
});

it('records nothing again when the server starts again', async () => {
  server = await server.restart();
  await new Promise((r) => setTimeout(r, 500));
  expect((await recorded()).map((e) => e.type)).toEqual(['ConsumerStartsRecorded']);
});
