import type { Balance, BalanceAsOf, BalanceHistory, BalanceHistoryEntry } from '@walletscreen/contracts';
import type { RecordedEvent } from '@walletscreen/platform';

/**
 * The user aggregate as the audit needs it: its stream, the event types it folds, its evolve and
 * the balance of a state (user-ledger.ts builds it from the domain's user decider).
 */
export interface UserLedger<S = unknown> {
  streamId(userId: string): string;
  types: ReadonlySet<string>;
  initialState: S;
  evolve(state: S, event: { type: string; data: unknown }): S;
  /** The balance of a registered user; null before registration. */
  balance(state: S): Balance | null;
  email(state: S): string | null;
}

const EMPTY: Balance = { bonus_checks: 0, purchased_checks: 0, remaining_checks: 0 };

/** The balance after folding the user's events recorded up to `at` (inclusive). */
export function balanceAsOf<S>(ledger: UserLedger<S>, userId: string, events: readonly RecordedEvent[], at: string): BalanceAsOf {
  const until = Date.parse(at);
  let state = ledger.initialState;
  let position = 0;
  for (const e of events) {
    if (Date.parse(e.recordedAt) > until) break;
    if (!ledger.types.has(e.type)) continue;
    state = ledger.evolve(state, { type: e.type, data: e.data });
    position = e.position;
  }
  const balance = ledger.balance(state);
  return { user_id: userId, at, position, registered: balance !== null, ...(balance ?? EMPTY) };
}

/** Every event that changed the balance (and the registration that opened it), with the balance after it. */
export function balanceHistory<S>(ledger: UserLedger<S>, userId: string, events: readonly RecordedEvent[]): BalanceHistory {
  let state = ledger.initialState;
  let before = ledger.balance(state);
  const entries: BalanceHistoryEntry[] = [];
  for (const e of events) {
    if (!ledger.types.has(e.type)) continue;
    state = ledger.evolve(state, { type: e.type, data: e.data });
    const after = ledger.balance(state);
    if (after === null) continue;
    const changed = before === null || after.bonus_checks !== before.bonus_checks || after.purchased_checks !== before.purchased_checks;
    if (changed)
      entries.push({ position: e.position, at: e.recordedAt, type: e.type, delta: after.remaining_checks - (before?.remaining_checks ?? 0), ...after });
    before = after;
  }
  return { user_id: userId, email: ledger.email(state), entries };
}
