/**
 * The EventStore contract on EventStoreDB / KurrentDB. Server, in order: EVENTSTORE_URL
 * (`esdb://127.0.0.1:2113?tls=false`); else a KurrentDB container via testcontainers when a
 * container engine answers; else the suite is skipped, saying why (no server can run here without
 * one: EventStoreDB is .NET, shipped as images).
 */
import { probeContainerRuntime } from '../../testing/containers';
import { eventStoreContract } from '../contract-suite';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

const IMAGE = process.env.KURRENTDB_IMAGE ?? 'kurrentplatform/kurrentdb:25.1';

const url = process.env.EVENTSTORE_URL;
const runtime = url ? { ok: true as const } : probeContainerRuntime();

if (!runtime.ok) {
  console.warn(`EventStoreDB contract suite skipped: EVENTSTORE_URL is not set and ${runtime.reason}.`);
  describe.skip('EventStore contract: EventStoreDB (no server)', () => {
    it('needs EVENTSTORE_URL or a container engine', () => undefined);
  });
} else {
  let connectionString = url ?? '';
  let stop: (() => Promise<unknown>) | null = null;

  beforeAll(async () => {
    if (connectionString) return;
    const { KurrentDbContainer } = await import('@testcontainers/kurrentdb');
    const container = await new KurrentDbContainer(IMAGE).start();
    connectionString = container.getConnectionString();
    stop = () => container.stop();
  }, 300_000);
  afterAll(async () => {
    await stop?.();
  }, 60_000);

  eventStoreContract(`EventStoreDB (${url ? 'EVENTSTORE_URL' : IMAGE})`, {
    open: async () => new EventStoreDbEventStore({ connectionString, backoff: { initialMs: 50, maxMs: 1000, factor: 2 } }),
  });
}
