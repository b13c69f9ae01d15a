/**
 * The event store's hash chain: every recorded event carries
 * `hash = sha256(prevHash || canonical(event))`, where `prevHash` is the hash of the event at the
 * previous global position (64 zeros before the first one) and `canonical` is a stable JSON
 * rendering of everything the store recorded: position, stream id, revision, event id, type, data,
 * metadata and the recorded time. Altering, removing or inserting a row breaks the chain at that
 * point; `verifyChain` walks a store and names the first event where it breaks.
 *
 * The chain proves integrity against edits that do not recompute it; whoever can rewrite the
 * whole file can also rewrite the chain, so the head hash `verifyChain` reports is worth
 * recording somewhere else (a ticket, a signed e-mail) and comparing later.
 */
import { createHash } from 'node:crypto';
import { configure } from 'safe-stable-stringify';
import type { EventStore, RecordedEvent } from './port';

export const GENESIS_HASH = '0'.repeat(64);

/**
 * Stable JSON: object keys sorted (by UTF-16 code units), no whitespace, and otherwise exactly
 * JSON.stringify's rules (toJSON, undefined members dropped, undefined array items as null), so a
 * value and its JSON round trip render the same. For JSON values that is RFC 8785's canonical form.
 * Rendered by safe-stable-stringify (pino's), about twice as fast as the recursive renderer this
 * store used before, with the same output (hash-chain.unit.test.ts checks both on generated values).
 * A BigInt is left out here; the append that hashes the event then refuses it (JSON.stringify).
 */
const render = configure({ deterministic: true, bigint: false, circularValue: TypeError });

export function canonicalJson(value: unknown): string {
  return render(value) ?? 'null';
}

/** The fields of a recorded event that its hash covers. */
export type ChainedFields = Pick<RecordedEvent, 'position' | 'streamId' | 'revision' | 'id' | 'type' | 'data' | 'metadata' | 'recordedAt'>;

/** The canonical text of an event: a JSON object of the chained fields, keys sorted. */
export function canonicalEvent(e: ChainedFields): string {
  return canonicalJson({
    data: e.data,
    id: e.id,
    metadata: e.metadata,
    position: e.position,
    recordedAt: e.recordedAt,
    revision: e.revision,
    streamId: e.streamId,
    type: e.type,
  });
}

export function eventHash(prevHash: string, e: ChainedFields): string {
  return createHash('sha256').update(prevHash).update(canonicalEvent(e)).digest('hex');
}

export type ChainProblemKind = 'position-gap' | 'broken-link' | 'hash-mismatch' | 'missing-hash' | 'truncated' | 'rewritten';

export interface ChainProblem {
  kind: ChainProblemKind;
  /** The event where the chain breaks (for `truncated`, the last event still there). */
  position: number;
  streamId: string | null;
  revision: number | null;
  type: string | null;
  eventId: string | null;
  /** What differs, in words. */
  message: string;
  expected?: string | number;
  actual?: string | number | null;
}

export interface ChainVerification {
  ok: boolean;
  /** Events walked (up to the problem, when there is one). */
  count: number;
  /** Position and hash of the last event whose link held. */
  headPosition: number;
  headHash: string;
  problem: ChainProblem | null;
  /** Breaks met on the way that were acknowledged (`acknowledged`), the walk going on past each one. */
  skipped: ChainProblem[];
}

/** A break an admin has looked at: the walk goes on past it (see `verifyChain`). */
export interface AcknowledgedBreak {
  position: number;
  kind: ChainProblemKind;
}

/** An event verified before: its position and the hash it had then. */
export interface VerifiedHead {
  position: number;
  hash: string;
}

/** A verified head as remembered, with when it was verified (ISO). */
export interface VerifiedHeadRecord extends VerifiedHead {
  verifiedAt: string;
}

/** Where how far the chain was verified is remembered (the SQLite adapter's: verified-head-file.ts). */
export interface VerifiedHeadStore {
  read(): Promise<VerifiedHeadRecord | null>;
  write(record: VerifiedHeadRecord): Promise<void>;
}

/** Who found a break: the server's own walks, an admin's Verify, or the operator's command. */
export type BreakFinder = 'start' | 'watch' | 'full-walk' | 'admin-verify' | 'cli';

/** A break found by a walk of the whole chain, remembered until a walk of the whole chain passes. */
export interface FoundBreakRecord {
  position: number;
  kind: ChainProblemKind;
  reason: string;
  foundBy: BreakFinder;
  /** ISO. */
  foundAt: string;
}

/**
 * Where a break found in a walk of the whole chain is remembered beside the store (the SQLite
 * adapter's: verified-head-file.ts), so that a server started again, or one running beside the
 * command that found it, walks the whole chain before it trusts how far it verified before.
 */
export interface FoundBreakStore {
  read(): Promise<FoundBreakRecord | null>;
  write(record: FoundBreakRecord): Promise<void>;
  clear(): Promise<void>;
}

export interface VerifyChainOptions {
  pageSize?: number;
  /**
   * Walks on from this event, verified before, trusting everything up to it: only the events after
   * it are read. Check first that it still holds (`verifiedHeadProblem`).
   */
  from?: VerifiedHead;
  /** Breaks acknowledged: each is passed over, and the chain followed on from the event where it broke. */
  acknowledged?: readonly AcknowledgedBreak[];
  /**
   * Called after each page with the milliseconds it took, before the next page is read: a walk in
   * the background waits here so that it takes a small share of the CPU (see `chainWalkPace`).
   */
  pace?: (pageMs: number) => Promise<void>;
}

/**
 * A pace for `verifyChain` that keeps a walk to about `share` of one core: after a page that took
 * `t` ms it waits `t × (1 − share) / share` ms (at most `maxWaitMs`), so the event loop and the
 * appends it serves take the rest.
 */
export const chainWalkPace =
  (share: number, maxWaitMs = 1_000) =>
  (pageMs: number): Promise<void> =>
    new Promise((resolve) => setTimeout(resolve, Math.min(maxWaitMs, (pageMs * (1 - share)) / share)));

/** Where `verifyChain` reads from: the store (its events in global order), and optionally how far positions were handed out. */
export interface ChainSource {
  readAll: EventStore['readAll'];
  /**
   * The highest position the store ever handed out (SQLite: AUTOINCREMENT's sequence), when known:
   * a value above the last event's position means events were removed from the end.
   */
  lastAssignedPosition?: () => Promise<number | null>;
}

/**
 * Walks the store from position 1 (or on from `options.from`) and reports the first event where the
 * chain breaks:
 * - `position-gap`: positions are not consecutive (events removed, or one inserted out of order);
 * - `broken-link`: the event's recorded previous hash is not the hash of the event before it;
 * - `hash-mismatch`: the event's content does not hash to its recorded hash (it was altered);
 * - `missing-hash`: the event has no hash (inserted behind the store's back);
 * - `truncated`: positions were handed out beyond the last event (events removed from the end).
 *
 * An acknowledged break is passed over, the chain then followed from what the store recorded at it:
 * after a gap or a broken link, from the event's own recorded previous hash; after an altered event,
 * from its recorded hash (the one the next append chained from); after an event without a hash,
 * from the genesis hash (what the store's next append chained from). Positions given out after an
 * acknowledged truncation (the gap the next append leaves) are passed over with it.
 */
export async function verifyChain(source: ChainSource, options: VerifyChainOptions = {}): Promise<ChainVerification> {
  const pageSize = options.pageSize ?? 1000;
  const acknowledged = options.acknowledged ?? [];
  const isAcknowledged = (p: { position: number; kind: ChainProblemKind }) => acknowledged.some((a) => a.position === p.position && a.kind === p.kind);
  let prevHash = options.from?.hash ?? GENESIS_HASH;
  let prevPosition = options.from?.position ?? 0;
  let count = 0;
  const skipped: ChainProblem[] = [];
  const fail = (problem: ChainProblem): ChainVerification => ({ ok: false, count, headPosition: prevPosition, headHash: prevHash, problem, skipped });
  const at = (e: RecordedEvent) => ({ position: e.position, streamId: e.streamId, revision: e.revision, type: e.type, eventId: e.id });
  /** The first problem of `e` following the event at `prevPosition` whose hash is `prevHash`. */
  const problemOf = (e: RecordedEvent): ChainProblem | null => {
    if (e.position !== prevPosition + 1) {
      const removed = e.position > prevPosition + 1;
      return {
        kind: 'position-gap',
        ...at(e),
        message: removed
          ? `position ${prevPosition + 1}${e.position - 1 > prevPosition + 1 ? ` to ${e.position - 1}` : ''} missing before this event: events were removed`
          : `position ${e.position} follows ${prevPosition}`,
        expected: prevPosition + 1,
        actual: e.position,
      };
    }
    if (!e.hash) return { kind: 'missing-hash', ...at(e), message: "the event has no hash: it was written behind the store's back", actual: null };
    if (e.prevHash !== undefined && e.prevHash !== prevHash) {
      return {
        kind: 'broken-link',
        ...at(e),
        message: 'the previous hash recorded with this event is not the hash of the event before it',
        expected: prevHash,
        actual: e.prevHash ?? null,
      };
    }
    const computed = eventHash(prevHash, e);
    if (computed !== e.hash) {
      return {
        kind: 'hash-mismatch',
        ...at(e),
        message: 'the event does not hash to its recorded hash: its content was altered',
        expected: e.hash,
        actual: computed,
      };
    }
    return null;
  };
  /**
   * After the last event read: positions handed out beyond it mean events removed from the end,
   * unless they were appended meanwhile (the store is live): then `more`, and the walk goes on.
   */
  const truncatedAfter = async (last: number): Promise<ChainProblem | 'more' | null> => {
    const assigned = (await source.lastAssignedPosition?.()) ?? null;
    if (assigned === null || assigned <= last) return null;
    if ((await source.readAll({ after: last, maxCount: 1 })).length > 0) return 'more';
    return {
      kind: 'truncated',
      position: last,
      streamId: null,
      revision: null,
      type: null,
      eventId: null,
      message: `positions up to ${assigned} were handed out but the last event is at ${last}: events were removed from the end`,
      expected: assigned,
      actual: last,
    };
  };
  /** Positions handed out beyond the last event, when an acknowledged truncation ended the chain at `prevPosition`. */
  const truncationAcknowledgedAt = (position: number) => isAcknowledged({ position, kind: 'truncated' });
  for (let pageStarted = performance.now(); ; pageStarted = performance.now()) {
    const page = await source.readAll({ after: prevPosition, maxCount: pageSize });
    if (page.length === 0) {
      const truncation = await truncatedAfter(prevPosition);
      if (truncation === 'more') continue;
      if (truncation) {
        if (!isAcknowledged(truncation)) return fail(truncation);
        skipped.push(truncation);
      }
      break;
    }
    for (const e of page) {
      for (let problem = problemOf(e); problem;) {
        const passed = isAcknowledged(problem) || (problem.kind === 'position-gap' && e.position > prevPosition && truncationAcknowledgedAt(prevPosition));
        if (!passed) return fail(problem);
        skipped.push(problem);
        if (problem.kind === 'missing-hash' || problem.kind === 'hash-mismatch') break;
        // A gap or a broken link: follow on from the link the event recorded, then check the event itself.
        prevPosition = e.position - 1;
        prevHash = e.prevHash ?? prevHash;
        problem = problemOf(e);
      }
      // The next event chained from this one's recorded hash (the genesis hash when it has none).
      prevHash = e.hash ?? GENESIS_HASH;
      prevPosition = e.position;
      count += 1;
    }
    await options.pace?.(performance.now() - pageStarted);
  }
  return { ok: true, count, headPosition: prevPosition, headHash: prevHash, problem: null, skipped };
}

/**
 * Whether an event verified before still holds: it is still there, still carries the hash it had,
 * and its content still hashes to it. A chain rewritten up to it (recomputed, or cut back) changes
 * its hash; an edit of the event itself, its content. Events before it are trusted (a full walk
 * checks them).
 */
export async function verifiedHeadProblem(source: ChainSource, head: VerifiedHead): Promise<ChainProblem | null> {
  if (head.position === 0) return null;
  const [e] = await source.readAll({ after: head.position - 1, maxCount: 1 });
  const nowhere = { position: head.position, streamId: null, revision: null, type: null, eventId: null };
  if (!e || e.position !== head.position) {
    return {
      kind: 'rewritten',
      ...nowhere,
      message: `the event at position ${head.position}, verified before, is gone: events were removed`,
      expected: head.hash,
      actual: null,
    };
  }
  const at = { position: e.position, streamId: e.streamId, revision: e.revision, type: e.type, eventId: e.id };
  if (e.hash !== head.hash) {
    return {
      kind: 'rewritten',
      ...at,
      message: `the event at position ${head.position} no longer carries the hash it was verified with: the chain up to it was rewritten`,
      expected: head.hash,
      actual: e.hash ?? null,
    };
  }
  if (e.prevHash !== undefined && eventHash(e.prevHash, e) !== e.hash) {
    return {
      kind: 'hash-mismatch',
      ...at,
      message: 'the event does not hash to its recorded hash: its content was altered',
      expected: e.hash,
      actual: eventHash(e.prevHash, e),
    };
  }
  return null;
}
