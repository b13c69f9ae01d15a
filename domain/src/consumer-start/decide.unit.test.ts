import { deciderSpec } from '../../testing/decider-spec';
import { consumerStartsDecider, type ConsumerStartsCommand, type ConsumerToStart } from './decide';
import type { ConsumerStart, ConsumerStartEvent } from './events';

const given = deciderSpec(consumerStartsDecider);
const now = '2026-11-29T09:00:00.000Z';
const record = (head: number, ...consumers: ConsumerToStart[]): ConsumerStartsCommand => ({
  type: 'RecordConsumerStarts',
  data: { consumers, head },
  metadata: { now },
});
const recorded = (head: number, ...starts: ConsumerStart[]): ConsumerStartEvent => ({ type: 'ConsumerStartsRecorded', data: { starts, head, at: now } });

const refunds = (hasProgress: boolean): ConsumerToStart => ({
  name: 'refund-failed-checks',
  eventTypes: ['WalletCheckFailed', 'WalletCheckCompleted'],
  typesBeforeStartsWereRecorded: ['WalletCheckFailed'],
  hasProgress,
});
const webhooks = (hasProgress: boolean): ConsumerToStart => ({ name: 'webhooks', eventTypes: ['WalletCheckCompleted', 'AlertRaised'], hasProgress });

describe('RecordConsumerStarts', () => {
  it('starts every type from the start on a store that holds no event yet', () =>
    given([])
      .when(record(0, webhooks(false)))
      .then([
        recorded(
          0,
          { consumer: 'webhooks', eventType: 'WalletCheckCompleted', after: 0, reason: 'empty-store' },
          { consumer: 'webhooks', eventType: 'AlertRaised', after: 0, reason: 'empty-store' },
        ),
      ]));

  it('starts a consumer that never ran on a store holding events at its head: an upgrade acts on no history', () =>
    given([])
      .when(record(597, webhooks(false)))
      .then([
        recorded(
          597,
          { consumer: 'webhooks', eventType: 'WalletCheckCompleted', after: 597, reason: 'store-head' },
          { consumer: 'webhooks', eventType: 'AlertRaised', after: 597, reason: 'store-head' },
        ),
      ]));

  it('lets a consumer that ran before go on from its progress for the types it handled then, and start the types added since at the head', () =>
    given([])
      .when(record(597, refunds(true)))
      .then([
        recorded(
          597,
          { consumer: 'refund-failed-checks', eventType: 'WalletCheckFailed', after: 0, reason: 'continues' },
          { consumer: 'refund-failed-checks', eventType: 'WalletCheckCompleted', after: 597, reason: 'store-head' },
        ),
      ]));

  it('takes every type as handled before when the consumer does not say otherwise', () =>
    given([])
      .when(record(40, webhooks(true)))
      .then([
        recorded(
          40,
          { consumer: 'webhooks', eventType: 'WalletCheckCompleted', after: 0, reason: 'continues' },
          { consumer: 'webhooks', eventType: 'AlertRaised', after: 0, reason: 'continues' },
        ),
      ]));

  it('records nothing again; a type a later build adds to a recorded consumer starts at the head, whatever its progress', () => {
    const first = recorded(0, { consumer: 'webhooks', eventType: 'WalletCheckCompleted', after: 0, reason: 'empty-store' });
    given([first])
      .when(record(900, { name: 'webhooks', eventTypes: ['WalletCheckCompleted'], hasProgress: true }))
      .then([]);
    given([first])
      .when(record(900, webhooks(true)))
      .then([recorded(900, { consumer: 'webhooks', eventType: 'AlertRaised', after: 900, reason: 'store-head' })]);
  });

  it('records a consumer named twice in one command once', () =>
    given([])
      .when(record(0, { name: 'a', eventTypes: ['X', 'X'], hasProgress: false }, { name: 'a', eventTypes: ['X'], hasProgress: false }))
      .then([recorded(0, { consumer: 'a', eventType: 'X', after: 0, reason: 'empty-store' })]));
});
