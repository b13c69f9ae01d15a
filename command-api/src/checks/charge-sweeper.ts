/**
 * The charge sweeper: a check is charged on the user's stream and then requested on its own
 * stream; should the process stop in between, the charge would be paid for nothing. At start and
 * then every `intervalMs`, every charge older than `graceMs` whose check never started is
 * completed the way the API would have: the check is requested from what the charge recorded (the
 * user asked and paid; the analysis runs and appears in History). A charge that recorded no
 * request is refunded instead. Both are idempotent, so two sweepers, or a sweeper racing the API,
 * change nothing twice.
 */
import { CommandHandler } from '@walletscreen/domain/command-handler';
import { checkDecider, sweepCharge } from '@walletscreen/domain/check/decide';
import { checkStreamId } from '@walletscreen/domain/check/events';
import { checkRequestedEventId } from '@walletscreen/domain/ids';
import type { EventStore, Logger, ReadStore } from '@walletscreen/platform';
import { findStaleCharges } from '@walletscreen/projections/checks/queries';

export interface ChargeSweeper {
  /** One pass; resolves with how many charges it started or refunded. */
  sweep(): Promise<{ started: number; refunded: number }>;
  stop(): Promise<void>;
}

export function startChargeSweeper(deps: {
  eventStore: EventStore;
  readStore: ReadStore;
  logger: Logger;
  clock: () => Date;
  refund: (userId: string, checkId: string, reason: string) => Promise<boolean>;
  graceMs?: number;
  intervalMs?: number;
}): ChargeSweeper {
  const graceMs = deps.graceMs ?? 60_000;
  const handler = new CommandHandler(deps.eventStore, checkDecider, 500);
  let current: Promise<{ started: number; refunded: number }> | undefined;

  async function pass() {
    const before = new Date(deps.clock().getTime() - graceMs).toISOString();
    const pending = await findStaleCharges(deps.readStore, before, 500);
    let started = 0;
    let refunded = 0;
    for (const charge of pending) {
      const decision = sweepCharge({ checkId: charge.id, userId: charge.user_id, source: charge.source, chargedAt: charge.charged_at, check: charge.check });
      if (decision.kind === 'refund') {
        if (await deps.refund(charge.user_id, charge.id, decision.reason)) refunded++;
        continue;
      }
      // The same event id as the API's: whichever lands first is the one, and the other records nothing.
      const { events } = await handler.execute(checkStreamId(charge.id), decision.command, {
        commandId: 'requested',
        eventId: () => checkRequestedEventId(charge.id),
        metadata: { command: 'CheckWallet', startedBy: 'charge-sweeper' },
      });
      if (events.length > 0) {
        started++;
        deps.logger.warn({ checkId: charge.id, userId: charge.user_id }, 'a charged check had not started: started it from its charge');
      }
    }
    return { started, refunded };
  }

  const sweep = () => {
    current ??= pass().finally(() => (current = undefined));
    return current;
  };
  const run = () =>
    sweep().catch((error: unknown) => {
      deps.logger.error({ err: error }, 'charge sweep failed; it runs again at the next interval');
      return { started: 0, refunded: 0 };
    });
  void run();
  const timer = setInterval(() => void run(), deps.intervalMs ?? 60_000);
  timer.unref();

  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await current?.catch(() => undefined);
    },
  };
}
