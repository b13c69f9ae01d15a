/**
 * The EventStore contract on EventStoreDB / KurrentDB. Server, in order: EVENTSTORE_URL
 * (`esdb://127.0.0.1:2113?tls=false`); else a KurrentDB container via testcontainers when a
 * container engine answers; else the suite is skipped, saying why (no server can run here without
 * one: EventStoreDB is .NET, shipped as images).
 */
import { serverSource } from '../../../testing/containers';
import { eventStoreContract } from '../contract-suite';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

const IMAGE = process.env.KURRENTDB_IMAGE ?? 'kurrentplatform/kurrentdb:25.1';

const server = serverSource(
  'EventStoreDB',
  'EVENTSTORE_URL',
  (url) => url,
  async () => {
    const { KurrentDbContainer } = await import('@testcontainers/kurrentdb');
    const container = await new KurrentDbContainer(IMAGE).start();
    return { value: container.getConnectionString(), stop: () => container.stop() };
  },
);

if (server.skipReason) {
  console.warn(`EventStoreDB contract suite skipped: ${server.skipReason}.`);
  describe.skip('EventStore contract: EventStoreDB (no server)', () => {
    it('needs EVENTSTORE_URL or a container engine', () => undefined);
  });
} else {
  let connectionString = '';
  beforeAll(async () => {
    connectionString = await server.get();
  }, 300_000);
  afterAll(() => server.stop(), 60_000);

  eventStoreContract(`EventStoreDB (${process.env.EVENTSTORE_URL ? 'EVENTSTORE_URL' : IMAGE})`, {
    open: async () => new EventStoreDbEventStore({ connectionString, backoff: { initialMs: 50, maxMs: 1000, factor: 2 } }),
  });
}
