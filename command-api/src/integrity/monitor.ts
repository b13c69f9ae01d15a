/**
 * The event store's integrity, kept watch on: the hash chain is verified on from the position
 * verified before (remembered beside the store: `VerifiedHeadStore`), whose event must still hold
 * (there, same hash, content unchanged); with no such record, or one that no longer holds, the
 * whole chain is walked. A break halts writes (see `haltedWrites`) until an admin acknowledges it:
 * `IntegrityBreakAcknowledged` on the `store-integrity` stream, appended through the command
 * handler; the verification then passes over that break and goes on.
 *
 * The composition root verifies before it serves (`verify`) and then every minute (`watch`): each
 * time reads only the events appended since.
 */
import { integrityFix, integrityNotKept, type AdminStoreIntegrity, type StoreIntegrity, type StoreIntegrityBreak } from '@walletscreen/contracts';
import {
  verifiedHeadProblem,
  verifyChain,
  type ChainProblem,
  type ChainSource,
  type ChainVerification,
  type EventStore,
  type Logger,
  type VerifiedHeadStore,
} from '@walletscreen/platform';
import { CommandHandler } from '@walletscreen/domain/command-handler';
import { storeIntegrityDecider } from '@walletscreen/domain/store-integrity/decide';
import { storeIntegrityStreamId } from '@walletscreen/domain/store-integrity/events';
import type { Actor } from '@walletscreen/domain/user/events';

export interface IntegrityMonitor {
  /** Verifies on from the position verified before (the whole chain when there is no such record, or it no longer holds). */
  verify(): Promise<StoreIntegrity>;
  /** The last verification's report. */
  report(): StoreIntegrity;
  /** The report with the break's event and what to do (admins). */
  adminReport(): AdminStoreIntegrity;
  /** The break writes are halted on (null while they are not). */
  halted(): StoreIntegrityBreak | null;
  /** Records an admin's acknowledgement of the current break (its position as the admin saw it), then verifies on. */
  acknowledge(by: Actor, position: number, note: string): Promise<{ position: number | null; integrity: AdminStoreIntegrity }>;
  /** Verifies again every `intervalMs` (only what was appended since); returns the way to stop. */
  watch(intervalMs: number): () => void;
}

const breakOf = (p: ChainProblem): StoreIntegrityBreak => ({ position: p.position, kind: p.kind, reason: p.message });

export function createIntegrityMonitor(deps: {
  /** The store's hash chain; absent where the store keeps none (EventStoreDB): nothing is verified, nothing halted. */
  chain?: ChainSource;
  verifiedHead?: VerifiedHeadStore;
  eventStore: EventStore;
  clock: () => Date;
  logger: Logger;
}): IntegrityMonitor {
  const { chain, clock, logger } = deps;
  const handler = new CommandHandler(deps.eventStore, storeIntegrityDecider);
  let current: StoreIntegrity = integrityNotKept;
  let problem: ChainProblem | null = null;
  let running: Promise<StoreIntegrity> = Promise.resolve(integrityNotKept);

  const walk = async (): Promise<StoreIntegrity> => {
    if (!chain) return integrityNotKept;
    const started = performance.now();
    const { state } = await handler.load(storeIntegrityStreamId);
    const acknowledged = state.acknowledged.map((a) => ({ position: a.position, kind: a.kind }));
    const isAcknowledged = (p: ChainProblem) => acknowledged.some((a) => a.position === p.position && a.kind === p.kind);
    const record = (await deps.verifiedHead?.read()) ?? null;
    const headProblem = record ? await verifiedHeadProblem(chain, record) : null;
    const trusted = record !== null && (headProblem === null || (isAcknowledged(headProblem) && headProblem.kind !== 'rewritten'));
    let result: ChainVerification;
    if (trusted) {
      result = await verifyChain(chain, { from: record, acknowledged });
    } else {
      result = await verifyChain(chain, { acknowledged });
      // A chain that holds from the start, but whose event verified before changed its hash: it was recomputed.
      if (result.ok && headProblem && !isAcknowledged(headProblem)) result = { ...result, ok: false, problem: headProblem };
    }
    // The record moves on to the last event that held; a rewritten chain keeps the record it was caught with.
    const moved = !record || record.position !== result.headPosition || record.hash !== result.headHash;
    if (deps.verifiedHead && result.problem?.kind !== 'rewritten' && moved) {
      await deps.verifiedHead.write({ position: result.headPosition, hash: result.headHash, verifiedAt: clock().toISOString() });
    }
    problem = result.problem;
    const report: StoreIntegrity = {
      state: result.ok ? 'verified' : 'broken',
      writes: result.ok ? 'open' : 'halted',
      verified_up_to: result.headPosition,
      checked_at: clock().toISOString(),
      mode: trusted ? 'incremental' : 'full',
      checked_events: result.count,
      break: result.problem && breakOf(result.problem),
      acknowledged_breaks: state.acknowledged.length,
    };
    const ms = Math.round(performance.now() - started);
    const was = current;
    current = report;
    if (report.break && (was.break?.position !== report.break.position || was.break.kind !== report.break.kind)) {
      logger.error(
        { integrity: report, ms },
        `the event store's hash chain breaks at position ${report.break.position} (${report.break.kind}): writes are halted until an admin acknowledges it (the banner on every admin page)`,
      );
    } else if (!report.break && was.state !== 'verified') {
      logger.info(
        { integrity: report, ms },
        `event store verified up to position ${report.verified_up_to} (${report.mode}: ${report.checked_events} events read)`,
      );
    }
    return report;
  };

  const verify = () => {
    // One verification at a time; a call during one waits for it, then verifies again.
    const next = running.catch(() => undefined).then(walk);
    running = next;
    return next;
  };

  const adminReport = (): AdminStoreIntegrity => ({
    ...current,
    break_event: current.break && problem ? { stream: problem.streamId, type: problem.type, revision: problem.revision, event_id: problem.eventId } : null,
    fix: current.break ? integrityFix(current.break) : null,
  });

  return {
    verify,
    report: () => current,
    adminReport,
    halted: () => (current.writes === 'halted' ? current.break : null),
    async acknowledge(by, position, note) {
      const handled = await handler.execute(
        storeIntegrityStreamId,
        { type: 'AcknowledgeIntegrityBreak', data: { by, current: current.break, position, note }, metadata: { now: clock().toISOString() } },
        {
          commandId: current.break ? `acknowledge-${current.break.kind}-${current.break.position}` : 'acknowledge-none',
          metadata: { command: 'AcknowledgeIntegrityBreak', actor: by },
        },
      );
      await verify();
      return { position: handled.position, integrity: adminReport() };
    },
    watch(intervalMs) {
      const timer = setInterval(() => {
        verify().catch((error: unknown) => logger.warn({ err: error }, 'could not verify the event store; the next check tries again'));
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
