import type { Admin, IHeaders, KafkaMessage, Message } from 'kafkajs';
import type { RecordedEvent } from '../../event-store/port';

/**
 * The topics the relay writes and the bus reads, all keyed by stream id:
 * - `<prefix>.events`: one partition, every event in global order. Consumers that fold state with
 *   a checkpoint of their own (projections) and the socket fan-out read it: a group has one active
 *   member, the others wait to take over.
 * - `<prefix>.events.by-stream`: `partitions` partitions, every event, spread by stream id. Groups
 *   whose members share the work (workers) read it; order holds per stream.
 * - `<prefix>.dead-letters`: events a group gave up on, with the error, and messages that are not
 *   events at all.
 * The event topics keep everything (`retention.ms=-1`): the store is the source of truth, and a
 * consumer may start anywhere in it.
 */
export interface KafkaTopics {
  events: string;
  byStream: string;
  deadLetters: string;
}

export function kafkaTopics(prefix: string): KafkaTopics {
  return { events: `${prefix}.events`, byStream: `${prefix}.events.by-stream`, deadLetters: `${prefix}.dead-letters` };
}

const TOPIC_EXISTS = 36;
/** Kafka's answers while a new topic's metadata is still spreading to the broker that is asked. */
const NOT_YET = new Set(['UNKNOWN_TOPIC_OR_PARTITION', 'LEADER_NOT_AVAILABLE']);
const LEADERS_WAIT_MS = 30_000;

/** A consumer group's Kafka id: prefixed like the topics, so deployments sharing a broker never share a group. */
export const kafkaGroupId = (topicPrefix: string, group: string) => `${topicPrefix}.${group}`;

/** Creates the topics that are missing and waits until each partition has a leader. */
export async function ensureTopics(admin: Admin, topics: KafkaTopics, partitions: number): Promise<void> {
  const existing = new Set(await admin.listTopics());
  const keep = [{ name: 'retention.ms', value: '-1' }];
  const wanted = [
    { topic: topics.events, numPartitions: 1, configEntries: keep },
    { topic: topics.byStream, numPartitions: partitions, configEntries: keep },
    { topic: topics.deadLetters, numPartitions: 1, configEntries: keep },
  ].filter((t) => !existing.has(t.topic));
  if (wanted.length === 0) return;
  try {
    await admin.createTopics({ topics: wanted, waitForLeaders: false });
  } catch (error) {
    // Another process created them first.
    const e = error as { type?: string; code?: number; errors?: Array<{ code?: number; type?: string }> };
    const exists = (x: { code?: number; type?: string }) => x.code === TOPIC_EXISTS || x.type === 'TOPIC_ALREADY_EXISTS';
    if (!(exists(e) || (e.errors && e.errors.length > 0 && e.errors.every(exists)))) throw error;
  }
  await waitForLeaders(
    admin,
    wanted.map((t) => t.topic),
  );
}

/**
 * Waits until every partition of the topics has a leader. kafkajs's own wait (`waitForLeaders`)
 * retries only "leader not available" and fails on "unknown topic", which a loaded broker answers
 * for a moment after creating it; both mean "not yet" here, for at most 30 s.
 */
async function waitForLeaders(admin: Admin, topics: string[]): Promise<void> {
  const until = Date.now() + LEADERS_WAIT_MS;
  for (let delay = 50; ; delay = Math.min(delay * 2, 1_000)) {
    try {
      const { topics: found } = await admin.fetchTopicMetadata({ topics });
      if (found.length === topics.length && found.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0))) return;
    } catch (error) {
      if (!NOT_YET.has((error as { type?: string }).type ?? '')) throw error;
    }
    if (Date.now() > until) throw new Error(`Kafka topics ${topics.join(', ')} have no leader after ${LEADERS_WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/** The message an event travels as: key = stream id, headers for filtering without decoding. */
export function eventMessage(event: RecordedEvent, timestamp: number): Message {
  return {
    key: event.streamId,
    value: JSON.stringify(event),
    timestamp: String(timestamp),
    headers: { type: event.type, position: String(event.position) },
  };
}

const header = (headers: IHeaders | undefined, name: string): string | undefined => {
  const v = headers?.[name];
  if (v === undefined) return undefined;
  const first = Array.isArray(v) ? v[0] : v;
  return first === undefined ? undefined : first.toString();
};

export function messageType(message: KafkaMessage): string | undefined {
  return header(message.headers, 'type');
}

export class UndecodableMessage extends Error {
  constructor(reason: string) {
    super(`not an event: ${reason}`);
    this.name = 'UndecodableMessage';
  }
}

/** The event a message carries; throws UndecodableMessage for anything else. */
export function decodeEvent(message: KafkaMessage): RecordedEvent {
  if (!message.value) throw new UndecodableMessage('empty value');
  let parsed: unknown;
  try {
    parsed = JSON.parse(message.value.toString('utf8'));
  } catch (error) {
    throw new UndecodableMessage(`value is not JSON (${(error as Error).message})`);
  }
  const e = parsed as Partial<RecordedEvent> | null;
  if (
    !e ||
    typeof e !== 'object' ||
    typeof e.id !== 'string' ||
    typeof e.type !== 'string' ||
    typeof e.streamId !== 'string' ||
    typeof e.revision !== 'number' ||
    typeof e.position !== 'number' ||
    typeof e.recordedAt !== 'string'
  ) {
    throw new UndecodableMessage('value lacks id, type, streamId, revision, position or recordedAt');
  }
  return { metadata: {}, ...e, data: e.data ?? null } as RecordedEvent;
}
