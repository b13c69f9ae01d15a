import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { acquireLease, type HeldLease } from '../lease';
import { startKafkaRelay, type KafkaRelay, type KafkaRelayOptions } from './relay';

/**
 * The relay as a process runs it: only while it holds the relay's lease in the read store (where
 * the relay keeps its checkpoint, which every relay of a deployment shares). A second relay process
 * waits, saying who holds the lease, and takes over once the lease expires (the active relay died)
 * or is released (it stopped cleanly); it resumes from the shared checkpoint. A relay that loses its
 * lease (it could not renew it in time, say the read store was out of reach, or found another
 * holder) stops sending at once (`fence`), stops, and waits for the lease again.
 */
export interface LeasedRelay {
  /** True while this process holds the lease and publishes. */
  readonly active: boolean;
  /** Position of the last event Kafka acknowledged from this process. */
  readonly position: number;
  /** Events this process published since it started. */
  readonly published: number;
  /** The one holding (or waiting for) the lease: host/pid/random. */
  readonly holder: string;
  stop(): Promise<void>;
}

export interface LeasedRelayOptions extends Omit<KafkaRelayOptions, 'fence'> {
  /** How long the lease lasts unrenewed: a standby takes over this long after the active relay died. */
  leaseMs: number;
  now?: () => number;
}

const RETRY_MS = 2_000;

export function runLeasedRelay(options: LeasedRelayOptions): LeasedRelay {
  const name = options.name ?? 'relay-kafka';
  const holder = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const { logger } = options;
  let stopping = false;
  let signalStop!: () => void;
  const stopSignal = new Promise<void>((resolve) => (signalStop = resolve));
  let current: KafkaRelay | undefined;
  let lease: HeldLease | null = null;
  let position = 0;
  let published = 0;

  const loop = async () => {
    while (!stopping) {
      lease = await acquireLease({
        store: options.checkpoints,
        name,
        holder,
        ttlMs: options.leaseMs,
        logger,
        role: 'relay',
        now: options.now,
        cancelled: stopSignal,
      });
      if (!lease) return;
      const held = lease;
      let relay: KafkaRelay;
      try {
        relay = await startKafkaRelay({ ...options, name, fence: () => held.valid() });
      } catch (error) {
        logger.error({ err: error, retryInMs: RETRY_MS }, 'the kafka relay could not start; giving its lease up and trying again');
        await held.release();
        await Promise.race([stopSignal, new Promise((resolve) => setTimeout(resolve, RETRY_MS))]);
        continue;
      }
      current = relay;
      await Promise.race([held.lost, stopSignal]);
      current = undefined;
      await relay.stop().catch((error: unknown) => logger.warn({ err: error }, 'the kafka relay did not stop cleanly'));
      position = Math.max(position, relay.position);
      published += relay.published;
      // On a clean stop the next relay need not wait for the lease to expire.
      if (stopping) await held.release();
    }
  };
  const running = loop().catch((error: unknown) => logger.error({ err: error }, 'the kafka relay loop failed'));

  return {
    get active() {
      return current !== undefined && lease !== null && lease.valid();
    },
    get position() {
      return Math.max(position, current?.position ?? 0);
    },
    get published() {
      return published + (current?.published ?? 0);
    },
    holder,
    async stop() {
      stopping = true;
      signalStop();
      await running;
    },
  };
}
