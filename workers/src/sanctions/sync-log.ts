/**
 * The record of every attempt to sync the OFAC list, by the server's daily refresh, an admin's
 * "Sync now" or file upload, or `npm run sanctions:sync`: one stream, `sanctions-sync`, with
 * `SanctionsSyncSucceeded` (the list was imported, or was unchanged) or `SanctionsSyncFailed`
 * (with the reason) per attempt, each saying what triggered it and where the list came from. The
 * list itself stays in `sanctions-ofac`; this stream answers "when did we last try, from where,
 * and did it work?".
 */
import type { SanctionsSyncTrigger } from '@walletscreen/contracts';
import type { EventStore } from '@walletscreen/platform';
import { appendToLog, cachedLogFold } from '../shared/event-log';
import { SanctionsListError } from './errors';
import { OFAC_SDN_ADVANCED_URL, runSanctionsSync, type SanctionsSyncOptions, type SanctionsSyncResult } from './sync';

export const sanctionsSyncStreamId = 'sanctions-sync';

export interface SanctionsSyncSucceeded {
  /** The URL or file path the list came from, or "uploaded by <admin e-mail>: <file name>". */
  origin: string;
  /** Absent in attempts recorded before triggers were. */
  trigger?: SanctionsSyncTrigger;
  status: SanctionsSyncResult['status'];
  sha256: string;
  publishedAt: string | null;
  addressCount: number;
  at: string;
}

export interface SanctionsSyncFailed {
  origin: string;
  trigger?: SanctionsSyncTrigger;
  /** The SanctionsListError code, or `error` for anything else. */
  code: string;
  reason: string;
  at: string;
}

export type SanctionsSyncEvent = { type: 'SanctionsSyncSucceeded'; data: SanctionsSyncSucceeded } | { type: 'SanctionsSyncFailed'; data: SanctionsSyncFailed };
const syncEventTypes: ReadonlySet<string> = new Set<SanctionsSyncEvent['type']>(['SanctionsSyncSucceeded', 'SanctionsSyncFailed']);

export interface SanctionsSyncLogState {
  lastAttempt: { at: string; result: SanctionsSyncResult['status'] | 'failed'; code: string | null } | null;
  lastSuccessAt: string | null;
  /** The last attempt that imported a list: when, from where, and which file. */
  lastImport: { at: string; origin: string; trigger: SanctionsSyncTrigger | null; sha256: string } | null;
  /** The last failed attempt, when none succeeded after it. */
  failureSinceSuccess: { at: string; origin: string; trigger: SanctionsSyncTrigger | null; code: string; reason: string } | null;
  attempts: number;
}

export const initialSanctionsSyncLogState: SanctionsSyncLogState = { lastAttempt: null, lastSuccessAt: null, lastImport: null, failureSinceSuccess: null, attempts: 0 };

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
      return state;
    }
  }
}

/** The sync log's state, cached; each call reads only the attempts recorded since the last one. */
export function cachedSanctionsSyncLog(eventStore: EventStore): () => Promise<SanctionsSyncLogState> {
  return cachedLogFold<SanctionsSyncLogState, SanctionsSyncEvent>(eventStore, sanctionsSyncStreamId, initialSanctionsSyncLogState, syncEventTypes, evolveSanctionsSyncLog);
}

/** Appends one attempt at the end of the log (retrying when another writer got there first). */
export async function recordSanctionsSync(eventStore: EventStore, event: SanctionsSyncEvent): Promise<void> {
  await appendToLog(eventStore, sanctionsSyncStreamId, event);
}

/**
 * `runSanctionsSync`, with the attempt recorded in the sync log: its result, or why it failed
 * (the error is then rethrown). A failure to record is logged, and does not hide the sync's own
 * outcome.
 */
export async function runRecordedSanctionsSync(options: SanctionsSyncOptions & { trigger: SanctionsSyncTrigger }): Promise<SanctionsSyncResult> {
  const origin = options.origin ?? options.file ?? options.url ?? OFAC_SDN_ADVANCED_URL;
  const trigger = options.trigger;
  const record = async (event: SanctionsSyncEvent) => {
    try {
      await recordSanctionsSync(options.eventStore, event);
    } catch (error) {
      options.logger.error({ err: error }, 'could not record the sanctions sync attempt');
    }
  };
  let result: SanctionsSyncResult;
  try {
    result = await runSanctionsSync(options);
  } catch (error) {
    const code = error instanceof SanctionsListError ? error.code : 'error';
    const reason = error instanceof Error ? error.message : String(error);
    await record({ type: 'SanctionsSyncFailed', data: { origin, trigger, code, reason, at: options.clock().toISOString() } });
    throw error;
  }
  await record({
    type: 'SanctionsSyncSucceeded',
    data: { origin: result.origin, trigger, status: result.status, sha256: result.sha256, publishedAt: result.publishedAt, addressCount: result.addressCount, at: options.clock().toISOString() },
  });
  return result;
}
