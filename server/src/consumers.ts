/**
 * The consumers that act on the world, as the composition roots run them, and where each starts
 * reading: recorded on the `consumer-starts` stream (domain/src/consumer-start) before anything is
 * served or appended, so an upgrade never acts on what an earlier build decided (a consumer, or a
 * type of one, that first runs on a store holding events starts at its head), and a consumer that
 * first runs after the API has accepted work on an empty store still sees that work.
 */
import { createConsumerStarts, type ConsumerStartsService } from '@walletscreen/domain/consumer-start/starts';
import { workerGroup, type ConsumerDeclaration, type EventStore, type Logger, type MessageBus } from '@walletscreen/platform';
import { analysisConsumer } from '@walletscreen/workers/checks/analysis-worker';
import { batchRunnerConsumer } from '@walletscreen/command-api/batches/runner';
import { refundUndeliveredConsumer } from '@walletscreen/command-api/checks/refund-undelivered';
import { alertMailerConsumer, checkRecorderConsumer, listChangeRescreensConsumer } from '@walletscreen/command-api/monitoring/background';
import { webhookOutboxConsumer } from '@walletscreen/command-api/webhooks/dispatcher';
import { webhookNoticesConsumer } from '@walletscreen/command-api/webhooks/notices';

/** Every checkpointed worker background-work.ts starts. */
export const worldConsumers: readonly ConsumerDeclaration[] = [
  analysisConsumer,
  refundUndeliveredConsumer,
  batchRunnerConsumer,
  webhookOutboxConsumer,
  webhookNoticesConsumer,
  listChangeRescreensConsumer,
  checkRecorderConsumer,
  alertMailerConsumer,
];

/** Records the starts of every consumer not recorded yet, and answers each consumer's own. */
export async function openConsumerStarts(deps: { eventStore: EventStore; bus: MessageBus; clock: () => Date; logger: Logger }): Promise<ConsumerStartsService> {
  const starts = createConsumerStarts({
    events: deps.eventStore,
    headPosition: () => deps.eventStore.headPosition(),
    hasProgress: (name) => deps.bus.hasProgress(workerGroup(name)),
    clock: deps.clock,
  });
  await starts.record(worldConsumers);
  return starts;
}
