/**
 * The adapters of each port, chosen by configuration, for the composition roots: EVENTSTORE_URL
 * (EventStoreDB / KurrentDB, else the SQLite file in DATA_DIR), KAFKA_BROKERS (Kafka, fed by the
 * relay, else the in-process bus) and MONGO_URL (MongoDB, else a second SQLite file beside it).
 * Any mix works: e.g. the SQLite store with Kafka and MongoDB across several processes on one
 * machine. The distributed adapters are loaded only when configured.
 */
import { mkdirSync } from 'node:fs';
import { closeStack } from './close-stack';
import type { Config } from './config/config';
import type { EventStore } from './event-store/port';
import type { Logger } from './logging/logger';
import type { MessageBus } from './message-bus/port';
import type { ReadStore } from './read-store/port';

/**
 * kafkajs warns at every idempotent producer that has a finite retry budget. Ours have one on
 * purpose: a send that gives up fails the relay's batch, which is sent again from its checkpoint,
 * and every consumer recognises an event it has seen by its position.
 */
const FINITE_RETRIES_WARNING = 'Limiting retries for the idempotent producer may invalidate EoS guarantees';

export interface PlatformShape {
  eventStore: 'sqlite' | 'eventstoredb';
  bus: 'in-process' | 'kafka';
  readStore: 'sqlite' | 'mongodb';
}

export interface Platform {
  shape: PlatformShape;
  eventStore: EventStore;
  readStore: ReadStore;
  bus: MessageBus;
  /** The Kafka relay, when this process runs it (only while it holds the relay's lease: see leased-relay.ts). */
  relay?: { readonly active: boolean; readonly position: number; readonly published: number; readonly holder: string };
  /** The SQLite file of the events (and of the in-process bus's progress), when a port uses SQLite. */
  sqliteFile?: string;
  /** The SQLite file of the read models, when they are kept in SQLite. */
  readModelsFile?: string;
  close(): Promise<void>;
}

export function platformShape(config: Pick<Config, 'EVENTSTORE_URL' | 'KAFKA_BROKERS' | 'MONGO_URL'>): PlatformShape {
  return {
    eventStore: config.EVENTSTORE_URL ? 'eventstoredb' : 'sqlite',
    bus: config.KAFKA_BROKERS ? 'kafka' : 'in-process',
    readStore: config.MONGO_URL ? 'mongodb' : 'sqlite',
  };
}

export async function openPlatform(
  config: Config,
  options: {
    logger: Logger;
    clock?: () => Date;
    /** Run the Kafka relay in this process (when Kafka is configured). */
    relay?: boolean;
    /** How often this process looks for events other processes appended to the SQLite file. */
    pollIntervalMs?: number;
  },
): Promise<Platform> {
  const shape = platformShape(config);
  const { logger } = options;
  const clock = options.clock ?? (() => new Date());
  const opened = closeStack();
  try {
    const { sqliteFiles } = await import('./read-store/sqlite/read-models-file');
    const files = sqliteFiles(config.DATA_DIR);
    const file = files.events;
    if (shape.eventStore === 'sqlite' || shape.readStore === 'sqlite') mkdirSync(config.DATA_DIR, { recursive: true });

    let eventStore: EventStore;
    if (config.EVENTSTORE_URL) {
      const { EventStoreDbEventStore } = await import('./event-store/eventstoredb/eventstoredb-event-store');
      eventStore = new EventStoreDbEventStore({
        connectionString: config.EVENTSTORE_URL,
        onSubscriptionDrop: (error, attempt, delayMs) =>
          logger.warn({ err: error, attempt, retryInMs: delayMs }, 'EventStoreDB subscription dropped; resubscribing from its checkpoint'),
      });
    } else {
      const { SqliteEventStore } = await import('./event-store/sqlite/sqlite-event-store');
      eventStore = new SqliteEventStore({
        file,
        synchronous: config.SQLITE_SYNCHRONOUS,
        clock,
        pollIntervalMs: options.pollIntervalMs ?? config.SQLITE_POLL_MS,
      });
    }
    opened.add(() => eventStore.close());

    let readStore: ReadStore;
    if (config.MONGO_URL) {
      const { MongoReadStore } = await import('./read-store/mongo/mongo-read-store');
      readStore = new MongoReadStore({ url: config.MONGO_URL, database: config.MONGO_DATABASE });
    } else {
      const { SqliteReadStore } = await import('./read-store/sqlite/sqlite-read-store');
      const { moveReadModels } = await import('./read-store/sqlite/read-models-file');
      // Data directories of earlier versions kept the read models in the events' file.
      const moved = moveReadModels(files);
      if (moved.copied.length > 0) logger.info({ tables: moved.copied.length, file: files.readModels }, 'read models moved to a file of their own');
      readStore = new SqliteReadStore({ file: files.readModels, synchronous: config.SQLITE_SYNCHRONOUS });
    }
    opened.add(() => readStore.close());

    // The in-process bus keeps its groups' progress with the events when they are in SQLite (the
    // read models' file is written by the projections alone), in the read store otherwise.
    let progress = readStore;
    if (shape.eventStore === 'sqlite' && shape.readStore === 'sqlite' && !config.KAFKA_BROKERS) {
      const { SqliteReadStore } = await import('./read-store/sqlite/sqlite-read-store');
      const store = new SqliteReadStore({ file, synchronous: config.SQLITE_SYNCHRONOUS });
      opened.add(() => store.close());
      progress = store;
    }

    // WAL checkpoints on a thread of their own for each SQLite file, not inside a commit.
    const sqlite = (s: unknown) => (s as { db: import('better-sqlite3').Database }).db;
    const checkpointed: Array<{ file: string; connections: Array<import('better-sqlite3').Database> }> = [];
    if (shape.eventStore === 'sqlite') checkpointed.push({ file, connections: [sqlite(eventStore), ...(progress !== readStore ? [sqlite(progress)] : [])] });
    if (shape.readStore === 'sqlite') checkpointed.push({ file: files.readModels, connections: [sqlite(readStore)] });
    if (checkpointed.length > 0) {
      const { startBackgroundCheckpointer } = await import('./event-store/sqlite/background-checkpointer');
      for (const c of checkpointed) {
        const checkpointer = startBackgroundCheckpointer({
          ...c,
          synchronous: config.SQLITE_SYNCHRONOUS,
          onError: (error) => logger.error({ err: error, file: c.file }, 'background WAL checkpoints stopped: the connections checkpoint themselves again'),
        });
        opened.add(() => checkpointer.stop());
      }
    }

    let bus: MessageBus;
    let relay: Platform['relay'];
    if (config.KAFKA_BROKERS) {
      const { Kafka, logLevel } = await import('kafkajs');
      process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';
      const kafka = new Kafka({
        clientId: config.KAFKA_CLIENT_ID,
        brokers: config.KAFKA_BROKERS,
        logLevel: logLevel.WARN,
        logCreator: () => (entry) => {
          if (entry.log.message === FINITE_RETRIES_WARNING) return;
          logger.warn({ kafkajs: entry.namespace, ...entry.log }, `kafkajs: ${entry.log.message}`);
        },
        retry: { retries: 10, initialRetryTime: 200, maxRetryTime: 10_000 },
      });
      if (options.relay) {
        // Runs in the background: it publishes once it holds the relay's lease, which a second
        // relay process waits for.
        const { runLeasedRelay } = await import('./message-bus/kafka/leased-relay');
        const running = runLeasedRelay({
          kafka,
          store: eventStore,
          checkpoints: readStore,
          topicPrefix: config.KAFKA_TOPIC_PREFIX,
          partitions: config.KAFKA_PARTITIONS,
          logger,
          leaseMs: config.RELAY_LEASE_MS,
        });
        relay = running;
        opened.add(() => running.stop());
      }
      const { createKafkaBus } = await import('./message-bus/kafka/kafka-bus');
      bus = await createKafkaBus({
        kafka,
        store: eventStore,
        topicPrefix: config.KAFKA_TOPIC_PREFIX,
        partitions: config.KAFKA_PARTITIONS,
        logger,
        sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
        clock,
      });
    } else {
      const { createInProcessBus } = await import('./message-bus/in-process/in-process-bus');
      bus = createInProcessBus(eventStore, { progress, clock });
    }
    opened.add(() => bus.close());

    logger.info({ shape }, 'platform adapters ready');
    return {
      shape,
      eventStore,
      readStore,
      bus,
      relay,
      ...(shape.eventStore === 'sqlite' ? { sqliteFile: file } : {}),
      ...(shape.readStore === 'sqlite' ? { readModelsFile: files.readModels } : {}),
      close: opened.close,
    };
  } catch (error) {
    await opened.close().catch(() => undefined);
    throw error;
  }
}
