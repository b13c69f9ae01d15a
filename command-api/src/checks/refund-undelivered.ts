/**
 * A check that delivered no verdict gives its premium check back: a checkpointed consumer of the
 * checks' outcomes that refunds the charge on the user's stream when the check failed or came back
 * Incomplete (the check aggregate's `refundOwed`). The refund is idempotent per check, so a
 * redelivered outcome refunds nothing twice; a free re-screen has no charge and refunds nothing.
 */
import { refundOwed } from '@walletscreen/domain/check/decide';
import type { CheckEvent } from '@walletscreen/domain/check/events';
import {
  startWorker,
  type ConsumerDeclaration,
  type ConsumerStarts,
  type Logger,
  type MessageBus,
  type ReadStore,
  type RunningWorker,
} from '@walletscreen/platform';

/**
 * The name keeps the progress of the builds that refunded failures only; an Incomplete check
 * (`WalletCheckCompleted`) is refunded from the first build that recorded where it starts: a
 * check that came back Incomplete before is never refunded by an upgrade.
 */
export const refundUndeliveredConsumer = {
  name: 'refund-failed-checks',
  eventTypes: ['WalletCheckFailed', 'WalletCheckCompleted'],
  typesBeforeStartsWereRecorded: ['WalletCheckFailed'],
} as const satisfies ConsumerDeclaration;

export function startRefundUndelivered(deps: {
  bus: MessageBus;
  starts: ConsumerStarts;
  readStore: ReadStore;
  logger: Logger;
  refund: (userId: string, checkId: string, reason: string) => Promise<boolean>;
}): RunningWorker {
  return startWorker(deps, {
    ...refundUndeliveredConsumer,
    handle: async (event) => {
      const owed = refundOwed({ type: event.type, data: event.data } as CheckEvent);
      if (!owed) return;
      const refunded = await deps.refund(owed.userId, owed.checkId, owed.reason);
      if (refunded) deps.logger.info({ checkId: owed.checkId, userId: owed.userId, outcome: event.type }, 'undelivered check refunded');
    },
  });
}
