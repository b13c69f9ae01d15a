import { monitoringMessages } from '@walletscreen/contracts';
import { Conflict, NotFound } from '../errors';
import { deciderSpec } from '../../testing/decider-spec';
import { alertDecider, type AlertCommand } from './decide';
import type { AlertEvent, AlertRaised } from './events';

const given = deciderSpec(alertDecider);

const now = '2026-11-22T10:00:00.000Z';
const later = '2026-11-23T10:00:30.000Z';
const userId = 'u-1';
const by = { userId, email: 'officer@exchange.example' };
const stranger = { userId: 'u-2', email: 'other@bank.example' };
const alert: Omit<AlertRaised, 'at'> = {
  alertId: 'a-1',
  userId,
  watchId: 'w-1',
  address: 'bc1qm0yrdeujtutk4qush39yf2kftu9m5afrjk0v5m',
  network: 'bitcoin',
  reference: 'ref-1',
  tags: ['vip'],
  reasons: ['level-changed'],
  before: { score: 10, level: 'Low Risk', status: 'Compliant', sanctionsHits: [] },
  after: { score: 60, level: 'Medium Risk', status: 'Compliant', sanctionsHits: [] },
  checkId: 'c-2',
  previousCheckId: 'c-1',
  evidence: { newHits: [], lists: { ofac: null, custom: [] }, trigger: 'schedule', listChange: null, reusedChainEvidenceOf: null },
};
const raise: AlertCommand = { type: 'RaiseAlert', data: alert, metadata: { now } };
const raised: AlertEvent = { type: 'AlertRaised', data: { ...alert, at: now } };
const acknowledge = (actor = by): AlertCommand => ({ type: 'AcknowledgeAlert', data: { by: actor }, metadata: { now: later } });
const resolve = (actor = by, note = 'False positive'): AlertCommand => ({ type: 'ResolveAlert', data: { by: actor, note }, metadata: { now: later } });
const acknowledged: AlertEvent = { type: 'AlertAcknowledged', data: { alertId: 'a-1', userId, by, at: later } };
const resolved: AlertEvent = { type: 'AlertResolved', data: { alertId: 'a-1', userId, by, note: 'False positive', at: later } };
const emailed: AlertEvent = { type: 'AlertEmailed', data: { alertId: 'a-1', userId, to: by.email, at: later } };
const recordEmailed: AlertCommand = { type: 'RecordAlertEmailed', data: { to: by.email }, metadata: { now: later } };

describe('RaiseAlert', () => {
  it('records the alert, self-contained, at the moment given', () => given([]).when(raise).then([raised]));
  it('records nothing for an alert raised already (a redelivered completion)', () =>
    given([raised])
      .when({ ...raise, metadata: { now: later } })
      .then([]));
});

describe('AcknowledgeAlert', () => {
  it('is acknowledged once, by its user', () => {
    given([raised]).when(acknowledge()).then([acknowledged]);
    given([raised, acknowledged]).when(acknowledge()).then([]);
  });
  it('records nothing once resolved', () => given([raised, resolved]).when(acknowledge()).then([]));
  it('is not found for another user, or when never raised', () => {
    given([raised]).when(acknowledge(stranger)).thenThrows(NotFound, monitoringMessages.alertNotFound);
    given([]).when(acknowledge()).thenThrows(NotFound, monitoringMessages.alertNotFound);
  });
});

describe('ResolveAlert', () => {
  it('is resolved with a note, open or acknowledged', () => {
    given([raised]).when(resolve()).then([resolved]);
    given([raised, acknowledged]).when(resolve()).then([resolved]);
  });
  it('is refused once resolved', () => given([raised, resolved]).when(resolve(by, 'Again')).thenThrows(Conflict, monitoringMessages.alreadyResolved));
  it('is not found for another user, or when never raised', () => {
    given([raised]).when(resolve(stranger)).thenThrows(NotFound, monitoringMessages.alertNotFound);
    given([]).when(resolve()).thenThrows(NotFound, monitoringMessages.alertNotFound);
  });
});

describe('RecordAlertEmailed', () => {
  it('records its e-mail once, whatever became of the alert since', () => {
    given([raised]).when(recordEmailed).then([emailed]);
    given([raised, resolved]).when(recordEmailed).then([emailed]);
    given([raised, emailed]).when(recordEmailed).then([]);
  });
  it('records nothing for an alert never raised', () => given([]).when(recordEmailed).then([]));
});
