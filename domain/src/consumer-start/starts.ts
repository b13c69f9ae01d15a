/**
 * The consumer starts, read and recorded through the command handler: the composition roots record
 * every consumer they run before anything is served or appended (`record`), and each consumer asks
 * for its own when it starts (`of`, which records what is missing, so a consumer not declared to the
 * root still never acts on history). Platform's `ConsumerStarts` port is this `of`.
 */
import { CommandHandler, type EventStreams } from '../command-handler';
import { commandEventId } from '../ids';
import { consumerStartsDecider } from './decide';
import { consumerStartsStreamId } from './events';
import type { ConsumerToStart } from './decide';

export type ConsumerDeclared = Omit<ConsumerToStart, 'hasProgress'>;

export interface ConsumerStartsService {
  /** Records the starts of these consumers' types that are not recorded yet (one event, or none). */
  record(consumers: readonly ConsumerDeclared[]): Promise<void>;
  /** For each of the consumer's types, the position after which it handles that type's events. */
  of(consumer: ConsumerDeclared): Promise<ReadonlyMap<string, number>>;
}

export function createConsumerStarts(deps: {
  events: EventStreams;
  headPosition: () => Promise<number>;
  /** Whether the bus holds progress of the consumer's group. */
  hasProgress: (consumer: string) => Promise<boolean>;
  clock: () => Date;
}): ConsumerStartsService {
  const handler = new CommandHandler(deps.events, consumerStartsDecider);

  const record = async (consumers: readonly ConsumerDeclared[]) => {
    const { state } = await handler.load(consumerStartsStreamId);
    const missing = consumers.filter((c) => c.eventTypes.some((t) => !state.starts.get(c.name)?.has(t)));
    if (missing.length === 0) return;
    const withProgress = await Promise.all(missing.map(async (c) => ({ ...c, hasProgress: await deps.hasProgress(c.name) })));
    await handler.execute(
      consumerStartsStreamId,
      { type: 'RecordConsumerStarts', data: { consumers: withProgress, head: await deps.headPosition() }, metadata: { now: deps.clock().toISOString() } },
      {
        commandId: 'record-consumer-starts',
        // One recording per revision of the stream: two processes recording at once append one of them.
        eventId: (_event, index, revision) => commandEventId(consumerStartsStreamId, `record-consumer-starts@${revision}`, index),
        metadata: { command: 'RecordConsumerStarts' },
      },
    );
  };

  return {
    record,
    async of(consumer) {
      await record([consumer]);
      const { state } = await handler.load(consumerStartsStreamId);
      const types = state.starts.get(consumer.name);
      return new Map(consumer.eventTypes.map((t) => [t, types?.get(t)?.after ?? 0]));
    },
  };
}
