/**
 * The charge sweeper: a check is charged on the user's stream and then requested on its own
 * stream; should the process stop in between, the charge would be paid for nothing. At start and
 * then every `intervalMs`, every charge older than `graceMs` whose check never started is
 * completed the way the API would have: the check is requested from what the charge recorded (the
 * user asked and paid; the analysis runs and appears in History). A charge that recorded no
 * request is refunded instead. Both are idempotent, so two sweepers, or a sweeper racing the API,
 * change nothing twice.
 */
import { checkStreamId, parseAddress, type Chain, type Network, type WalletCheckRequested } from '@walletscreen/contracts';
import { WrongExpectedRevision, type EventStore, type Logger, type ReadStore } from '@walletscreen/platform';
import { checkRequestedEventId } from '@walletscreen/domain/ids';

/** Collection the pending-charges projection writes (projections/src/checks). */
const PENDING_CHARGES = 'pending_charges';
interface PendingChargeDoc {
  id: string;
  user_id: string;
  source: 'bonus' | 'purchased';
  charged_at: string;
  check: { input: string; address: string; chain: string; network: string; idempotencyKey?: string } | null;
}

/** The destination tag of an X-address input, as the API records it (the charge keeps the input, not the tag). */
function destinationTagOf(input: string, network: Network): { destinationTag?: number } {
  const parsed = parseAddress(input, network);
  return parsed.ok && typeof parsed.address.tag === 'number' ? { destinationTag: parsed.address.tag } : {};
}

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
  let current: Promise<{ started: number; refunded: number }> | undefined;

  async function pass() {
    const before = new Date(deps.clock().getTime() - graceMs).toISOString();
    const pending = await deps.readStore.find<PendingChargeDoc>(PENDING_CHARGES, { where: { charged_at: { lt: before } }, sort: [{ field: 'charged_at', direction: 'asc' }], limit: 500 });
    let started = 0;
    let refunded = 0;
    for (const charge of pending) {
      if (!charge.check) {
        if (await deps.refund(charge.user_id, charge.id, 'The check could not be started')) refunded++;
        continue;
      }
      const request: WalletCheckRequested = {
        checkId: charge.id,
        userId: charge.user_id,
        input: charge.check.input,
        address: charge.check.address,
        chain: charge.check.chain as Chain,
        network: charge.check.network as Network,
        chargeSource: charge.source,
        ...(charge.check.idempotencyKey ? { idempotencyKey: charge.check.idempotencyKey } : {}),
        ...destinationTagOf(charge.check.input, charge.check.network as Network),
        at: charge.charged_at,
      };
      try {
        // The same event id as the API's append: whichever lands first is the one.
        const result = await deps.eventStore.append(
          checkStreamId(charge.id),
          [{ id: checkRequestedEventId(charge.id), type: 'WalletCheckRequested', data: request, metadata: { command: 'CheckWallet', startedBy: 'charge-sweeper' } }],
          { expectedRevision: 'no-stream' },
        );
        if (!result.duplicate) {
          started++;
          deps.logger.warn({ checkId: charge.id, userId: charge.user_id }, 'a charged check had not started: started it from its charge');
        }
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision)) throw error;
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
