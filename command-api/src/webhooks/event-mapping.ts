/**
 * Which domain events become which webhook messages: one entry per domain event type, naming the
 * webhook event type, the user whose endpoints hear of it, and the message's `data`. The
 * delivery worker consumes exactly the types listed here.
 *
 * A failed screening (`WalletCheckFailed`) is delivered as `screening.completed` too, with
 * `status: "failed"` (and `refunded: true`): the caller's pipeline learns the screening is over
 * either way. A finished batch (`BatchCompleted`) is `batch.completed`, the batch as the public API
 * answers GET /api/v1/batches/{id}, with links to its rows and results there. A new alert
 * (`AlertRaised`, self-contained) is `alert.created`, the alert as GET /api/v1/alerts answers it
 * when it is raised (open).
 */
import { checkStreamId, type Batch, type WebhookEventType } from '@walletscreen/contracts';
import { evolveCheck, type CheckState } from '@walletscreen/domain/check/state';
import { progressOf } from '@walletscreen/domain/check/progress';
import type { CheckEvent } from '@walletscreen/domain/check/events';
import type { EventStore, RecordedEvent } from '@walletscreen/platform';
import type { AlertRaised } from '@walletscreen/domain/alert/events';
import { raisedAlert } from '@walletscreen/domain/alert/summary';
import { batchStreamId, type BatchCompleted, type BatchSubmitted } from '@walletscreen/domain/batch/events';
import { screeningOf } from '../shared/screening';

/** A message's data is read from the event's own streams (an answer comes from the write side). */
export interface MappingDeps {
  eventStore: EventStore;
}

export interface WebhookMapping {
  type: WebhookEventType;
  /** The user whose endpoints receive it. */
  userId(event: RecordedEvent): string;
  /** The message's `data`; null when there is nothing to send after all. */
  data(event: RecordedEvent, deps: MappingDeps): Promise<unknown>;
}

/** The screening as the public API answers GET /api/v1/screenings/{id}. */
const screeningCompleted: WebhookMapping = {
  type: 'screening.completed',
  userId: (event) => (event.data as { userId: string }).userId,
  async data(event, deps) {
    let state: CheckState = { status: 'none' };
    for (const e of await deps.eventStore.readStream(checkStreamId((event.data as { checkId: string }).checkId))) {
      state = evolveCheck(state, { type: e.type, data: e.data } as CheckEvent);
      if (e.id === event.id) break;
    }
    if (state.status === 'none') return null;
    return screeningOf(progressOf(state), state.request);
  },
};

/** The batch as GET /api/v1/batches/{id} answers it once it has completed. */
const batchCompleted: WebhookMapping = {
  type: 'batch.completed',
  userId: (event) => (event.data as BatchCompleted).userId,
  async data(event, deps) {
    const completed = event.data as BatchCompleted;
    const submitted = (await deps.eventStore.readStream(batchStreamId(completed.batchId))).find((e) => e.type === 'BatchSubmitted')?.data as
      BatchSubmitted | undefined;
    if (!submitted) return null;
    const base = `/api/v1/batches/${completed.batchId}`;
    return {
      id: completed.batchId,
      status: 'completed',
      file_name: submitted.fileName,
      rows: submitted.rowCount,
      wallets: submitted.walletCount,
      completed: completed.completed,
      failed: completed.failed,
      running: 0,
      skipped: completed.skipped.length,
      created_at: submitted.at,
      completed_at: completed.at,
      source: submitted.source,
      links: { self: base, rows: `${base}/rows`, results_csv: `${base}/results.csv`, reports_zip: `${base}/reports.zip` },
    } satisfies Batch;
  },
};

/** The alert as the alerts API answers it at the moment it is raised: open, with before, after and the evidence. */
const alertCreated: WebhookMapping = {
  type: 'alert.created',
  userId: (event) => (event.data as AlertRaised).userId,
  data: (event) => Promise.resolve(raisedAlert(event.data as AlertRaised)),
};

export const webhookMappings: Readonly<Record<string, WebhookMapping>> = {
  WalletCheckCompleted: screeningCompleted,
  WalletCheckFailed: screeningCompleted,
  BatchCompleted: batchCompleted,
  AlertRaised: alertCreated,
};
