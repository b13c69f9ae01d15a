/**
 * The check command as a part of a composition root runs it: the progress hub it waits on, and
 * charging through the accounts. The API runs it for the web app and the public API; the workers
 * run it for batches.
 */
import { randomUUID } from 'node:crypto';
import type { EventStore, Logger, MessageBus } from '@walletscreen/platform';
import type { Accounts } from '@walletscreen/command-api/accounts/service';
import { startProgressHub, type ProgressHub } from '@walletscreen/command-api/checks/progress-hub';
import { createChecks, type Checks } from '@walletscreen/command-api/checks/service';
import { cachedSanctionsIndex } from '@walletscreen/workers/sanctions/sanctions-store';

export async function startCheckCommand(deps: {
  eventStore: EventStore;
  bus: MessageBus;
  accounts: Pick<Accounts, 'chargeCheck'>;
  logger: Logger;
  clock: () => Date;
  waitMs: number;
}): Promise<{ checks: Checks; hub: ProgressHub }> {
  const { eventStore, accounts } = deps;
  // Every process follows the check events in a group of its own: each one hears of every check.
  const hub = await startProgressHub({ bus: deps.bus, eventStore, logger: deps.logger, group: `progress-hub-${randomUUID()}` });
  const sanctions = cachedSanctionsIndex(eventStore);
  const checks = createChecks({
    eventStore,
    hub,
    listedText: async (text) => ((await sanctions())?.lookup('other', text).length ?? 0) > 0,
    clock: deps.clock,
    waitMs: deps.waitMs,
    billing: {
      async chargeCheck(userId, checkId, check) {
        const { charged, state } = await accounts.chargeCheck(userId, checkId, check);
        return { charged, source: state.charges[checkId]!.source };
      },
    },
  });
  return { checks, hub };
}
