/**
 * The OFAC sync log's state, folded from `sanctions-sync`: what the sanctions status answers about
 * the last attempts.
 */
import type { SanctionsSyncTrigger } from '@walletscreen/contracts';
import type { SanctionsSyncEvent, SanctionsSyncSucceeded } from './events';

export interface SanctionsSyncLogState {
  lastAttempt: { at: string; result: SanctionsSyncSucceeded['status'] | 'failed'; code: string | null } | null;
  lastSuccessAt: string | null;
  /** The last attempt that imported a list: when, from where, and which file. */
  lastImport: { at: string; origin: string; trigger: SanctionsSyncTrigger | null; sha256: string } | null;
  /** The last failed attempt, when none succeeded after it. */
  failureSinceSuccess: { at: string; origin: string; trigger: SanctionsSyncTrigger | null; code: string; reason: string } | null;
  attempts: number;
}

export const initialSanctionsSyncLogState: SanctionsSyncLogState = {
  lastAttempt: null,
  lastSuccessAt: null,
  lastImport: null,
  failureSinceSuccess: null,
  attempts: 0,
};

export function evolveSanctionsSyncLog(state: SanctionsSyncLogState, event: SanctionsSyncEvent): SanctionsSyncLogState {
  switch (event.type) {
    case 'SanctionsSyncSucceeded': {
      const d = event.data;
      return {
        lastAttempt: { at: d.at, result: d.status, code: null },
        lastSuccessAt: d.at,
        lastImport: d.status === 'imported' ? { at: d.at, origin: d.origin, trigger: d.trigger ?? null, sha256: d.sha256 } : state.lastImport,
        failureSinceSuccess: null,
        attempts: state.attempts + 1,
      };
    }
    case 'SanctionsSyncFailed': {
      const d = event.data;
      return {
        ...state,
        lastAttempt: { at: d.at, result: 'failed', code: d.code },
        failureSinceSuccess: { at: d.at, origin: d.origin, trigger: d.trigger ?? null, code: d.code, reason: d.reason },
        attempts: state.attempts + 1,
      };
    }
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
