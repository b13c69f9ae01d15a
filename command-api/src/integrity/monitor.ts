/**
 * The event store's integrity, kept watch on: the hash chain is verified on from the position
 * verified before (remembered beside the store: `VerifiedHeadStore`), whose event must still hold
 * (there, same hash, content unchanged); with no such record, or one that no longer holds, the
 * whole chain is walked. A break halts writes (see `haltedWrites`) until an admin acknowledges it:
 * `IntegrityBreakAcknowledged` on the `store-integrity` stream, appended through the command
 * handler; the verification then passes over that break and goes on.
 *
 * An edit of an event before the position verified before, a removal or a swap of two, leaves the
 * walk on from that position whole: so the whole chain is also walked again and again in the
 * background (`watch`, throttled to a small share of one core so checks never wait for it), and
 * whenever an admin's Verify or `npm run audit:verify` finds a break. A break found by a walk of
 * the whole chain halts writes exactly as one found at start does, and is remembered beside the
 * store (`FoundBreakStore`): a server started again, or one running beside the command that found
 * it, walks the whole chain before it trusts the position verified before. A walk of the whole chain
 * that passes (the break acknowledged, or the store restored) forgets it.
 *
 * The composition root verifies before it serves (`verify`) and then watches: every minute on from
 * the position verified before, and the whole chain every `fullEveryMs`.
 */
import { integrityFix, integrityNotKept, type AdminStoreIntegrity, type StoreIntegrity, type StoreIntegrityBreak } from '@walletscreen/contracts';
import {
  chainWalkPace,
  verifiedHeadProblem,
  verifyChain,
  type BreakFinder,
  type ChainProblem,
  type ChainSource,
  type ChainVerification,
  type EventStore,
  type FoundBreakStore,
  type Logger,
  type VerifiedHeadStore,
} from '@walletscreen/platform';
import { CommandHandler } from '@walletscreen/domain/command-handler';
import { storeIntegrityDecider } from '@walletscreen/domain/store-integrity/decide';
import { storeIntegrityStreamId } from '@walletscreen/domain/store-integrity/events';
import type { Actor } from '@walletscreen/domain/user/events';

export interface IntegrityMonitor {
  /** Verifies on from the position verified before (the whole chain when there is no such record, it no longer holds, or a break was found beside the store). */
  verify(): Promise<StoreIntegrity>;
  /**
   * Walks the whole chain now (an admin's Verify, or the background walk with `paced`): a break
   * found halts writes as one found at start does, and is remembered beside the store.
   */
  verifyWhole(foundBy: BreakFinder, options?: { paced?: boolean }): Promise<StoreIntegrity>;
  /** The last verification's report. */
  report(): StoreIntegrity;
  /** The report with the break's event and what to do (admins). */
  adminReport(): AdminStoreIntegrity;
  /** The break writes are halted on (null while they are not). */
  halted(): StoreIntegrityBreak | null;
  /** Records an admin's acknowledgement of the current break (its position as the admin saw it), then verifies on. */
  acknowledge(by: Actor, position: number, note: string): Promise<{ position: number | null; integrity: AdminStoreIntegrity }>;
  /**
   * Verifies again every `intervalMs` (only what was appended since), and walks the whole chain in
   * the background every `fullEveryMs` (the first walk at once); returns the way to stop.
   */
  watch(intervalMs: number, fullEveryMs: number): () => void;
}

/** The share of one core a walk of the whole chain in the background takes at most. */
const BACKGROUND_WALK_SHARE = 0.1;

const breakOf = (p: ChainProblem): StoreIntegrityBreak => ({ position: p.position, kind: p.kind, reason: p.message });
const sameBreak = (a: { position: number; kind: string }, b: { position: number; kind: string }) => a.position === b.position && a.kind === b.kind;

export function createIntegrityMonitor(deps: {
  /** The store's hash chain; absent where the store keeps none (EventStoreDB): nothing is verified, nothing halted. */
  chain?: ChainSource;
  verifiedHead?: VerifiedHeadStore;
  /** Where a break found by a walk of the whole chain is remembered beside the store. */
  foundBreak?: FoundBreakStore;
  /**
   * The events held to the audit log's signed tree heads, after a walk of the whole chain passed:
   * a change the chain no longer shows (recomputed, its verified position rewritten too) as a break.
   */
  signedHeads?: () => Promise<ChainProblem | null>;
  eventStore: EventStore;
  clock: () => Date;
  logger: Logger;
}): IntegrityMonitor {
  const { chain, clock, logger } = deps;
  const handler = new CommandHandler(deps.eventStore, storeIntegrityDecider);
  let current: StoreIntegrity = integrityNotKept;
  /** The break the report names (the walk's, or the one the last walk of the whole chain found). */
  let problem: ChainProblem | null = null;
  /** The break the last walk of the whole chain found, until acknowledged or a later whole walk passes. */
  let known: ChainProblem | null = null;
  /** When the last walk of the whole chain started (ISO; null before the first). */
  let lastWholeWalkAt: string | null = null;
  let running: Promise<StoreIntegrity> = Promise.resolve(integrityNotKept);

  const acknowledgedBreaks = async () => {
    const { state } = await handler.load(storeIntegrityStreamId);
    return { count: state.acknowledged.length, breaks: state.acknowledged.map((a) => ({ position: a.position, kind: a.kind })) };
  };

  /** What a walk of the whole chain found: remembered in memory and beside the store, or forgotten when it passed. */
  const settleWhole = async (result: ChainVerification, foundBy: BreakFinder, startedAt: string) => {
    lastWholeWalkAt = startedAt;
    known = result.problem;
    const marker = (await deps.foundBreak?.read()) ?? null;
    if (result.problem) {
      if (!marker || !sameBreak(marker, result.problem)) await deps.foundBreak?.write({ ...breakOf(result.problem), foundBy, foundAt: startedAt });
    } else if (marker && marker.foundAt <= startedAt) {
      await deps.foundBreak?.clear();
    }
  };

  /** The report of a walk, and what the log says when it changes. */
  const publish = (report: StoreIntegrity, ms: number) => {
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

  /** One walk; a paced walk of the whole chain in the background that passes leaves the report to the checks (it changes nothing they said). */
  const walk = async (whole: BreakFinder | null, paced: boolean): Promise<StoreIntegrity> => {
    if (!chain) return integrityNotKept;
    const started = performance.now();
    const startedAt = clock().toISOString();
    const acknowledged = await acknowledgedBreaks();
    const isAcknowledged = (p: { position: number; kind: string }) => acknowledged.breaks.some((a) => sameBreak(a, p));
    const record = (await deps.verifiedHead?.read()) ?? null;
    const headProblem = record ? await verifiedHeadProblem(chain, record) : null;
    // A break found beside the store since the last walk of the whole chain (the command, another process): walk it whole.
    const marker = (await deps.foundBreak?.read()) ?? null;
    const foundElsewhere = marker !== null && (lastWholeWalkAt === null || marker.foundAt > lastWholeWalkAt);
    const trusted =
      whole === null && !foundElsewhere && record !== null && (headProblem === null || (isAcknowledged(headProblem) && headProblem.kind !== 'rewritten'));
    let result: ChainVerification;
    if (trusted) {
      result = await verifyChain(chain, { from: record, acknowledged: acknowledged.breaks });
    } else {
      result = await verifyChain(chain, { acknowledged: acknowledged.breaks, ...(paced ? { pace: chainWalkPace(BACKGROUND_WALK_SHARE) } : {}) });
      // A chain that holds from the start, but whose event verified before changed its hash: it was recomputed.
      if (result.ok && headProblem && !isAcknowledged(headProblem)) result = { ...result, ok: false, problem: headProblem };
      // A chain that holds, but whose events no longer match a tree head signed over them.
      const signed = result.ok ? ((await deps.signedHeads?.()) ?? null) : null;
      if (signed && !isAcknowledged(signed)) result = { ...result, ok: false, problem: signed };
      // Acknowledged while this walk went on: it stopped at a break that no longer halts; the next walk goes past it.
      const now = await acknowledgedBreaks();
      if (!(result.problem && now.breaks.some((a) => sameBreak(a, result.problem!))))
        await settleWhole(result, whole ?? (current.checked_at === null ? 'start' : 'watch'), startedAt);
    }
    if (known && isAcknowledged(known)) known = null;
    // The record moves on to the last event that held; a rewritten chain keeps the record it was caught with, and so
    // does a break found before it (a chain recomputed from the break on would otherwise agree with a record moved back).
    const moved = !record || record.position !== result.headPosition || record.hash !== result.headHash;
    const back = record !== null && result.headPosition < record.position && !result.ok;
    if (deps.verifiedHead && result.problem?.kind !== 'rewritten' && moved && !back) {
      await deps.verifiedHead.write({ position: result.headPosition, hash: result.headHash, verifiedAt: clock().toISOString() });
    }
    if (paced && !result.problem && !known) return current;
    problem = result.problem ?? known;
    const verifiedUpTo = problem ? Math.min(result.headPosition, problem.position - 1) : result.headPosition;
    return publish(
      {
        state: problem ? 'broken' : 'verified',
        writes: problem ? 'halted' : 'open',
        verified_up_to: Math.max(0, verifiedUpTo),
        checked_at: clock().toISOString(),
        mode: trusted ? 'incremental' : 'full',
        checked_events: result.count,
        break: problem && breakOf(problem),
        acknowledged_breaks: acknowledged.count,
      },
      Math.round(performance.now() - started),
    );
  };

  const verify = () => {
    // One verification at a time; a call during one waits for it, then verifies again.
    const next = running.catch(() => undefined).then(() => walk(null, false));
    running = next;
    return next;
  };

  /**
   * A walk of the whole chain in the background runs beside the others (paced, it may take minutes
   * on a large store, and an admin's acknowledgement must not wait for it); what it found is taken
   * up by the report at once.
   */
  const verifyWhole = async (foundBy: BreakFinder, options: { paced?: boolean } = {}): Promise<StoreIntegrity> => {
    if (!options.paced) {
      const next = running.catch(() => undefined).then(() => walk(foundBy, false));
      running = next;
      return next;
    }
    return walk(foundBy, true);
  };

  const adminReport = (): AdminStoreIntegrity => ({
    ...current,
    break_event: current.break && problem ? { stream: problem.streamId, type: problem.type, revision: problem.revision, event_id: problem.eventId } : null,
    fix: current.break ? integrityFix(current.break) : null,
  });

  return {
    verify,
    verifyWhole,
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
    watch(intervalMs, fullEveryMs) {
      let stopped = false;
      const timer = setInterval(() => {
        verify().catch((error: unknown) => logger.warn({ err: error }, 'could not verify the event store; the next check tries again'));
      }, intervalMs);
      timer.unref();
      let next: NodeJS.Timeout | undefined;
      const walkWhole = () => {
        verifyWhole('full-walk', { paced: true })
          .catch((error: unknown) => logger.warn({ err: error }, 'could not walk the whole event store; the next walk tries again'))
          .finally(() => {
            if (stopped) return;
            next = setTimeout(walkWhole, fullEveryMs);
            next.unref();
          });
      };
      if (chain) {
        next = setTimeout(walkWhole, 0);
        next.unref();
      }
      return () => {
        stopped = true;
        clearInterval(timer);
        clearTimeout(next);
      };
    },
  };
}
