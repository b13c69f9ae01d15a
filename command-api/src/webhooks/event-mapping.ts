/**
 * Which domain events become which webhook messages: one entry per domain event type, naming the
 * webhook event type, the user whose endpoints hear of it, and the message's `data`. The
 * delivery worker consumes exactly the types listed here.
 *
 * A failed screening (`WalletCheckFailed`) is delivered as `screening.completed` too, with
 * `status: "failed"` (and `refunded: true`): the caller's pipeline learns the screening is over
 * either way.
 */
import { checkStreamId, evolveCheck, progressOf, type CheckEvent, type CheckState, type WebhookEventType } from '@walletscreen/contracts';
import type { EventStore, ReadStore, RecordedEvent } from '@walletscreen/platform';
import { screeningOf } from '../shared/screening';

export interface MappingDeps {
  eventStore: EventStore;
  readStore: ReadStore;
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

export const webhookMappings: Readonly<Record<string, WebhookMapping>> = {
  WalletCheckCompleted: screeningCompleted,
  WalletCheckFailed: screeningCompleted,
};
