import fc from 'fast-check';
import { monitoringMessages } from '@walletscreen/contracts';
import { NotFound } from '../errors';
import { deciderSpec } from '../../testing/decider-spec';
import { alertFor, decideWatch, isDue, watchDecider, type WatchCommand } from './decide';
import type { CheckSummary, WatchEvent } from './events';
import { evolveWatch, initialWatchState, type WatchState } from './state';

const given = deciderSpec(watchDecider);

const now = '2026-11-22T10:00:00.000Z';
const watchId = 'w-1';
const userId = 'u-1';
const address = 'bc1qm0yrdeujtutk4qush39yf2kftu9m5afrjk0v5m';
const summary = (over: Partial<CheckSummary> = {}): CheckSummary => ({
  checkId: 'c-1',
  requestedAt: '2026-11-22T09:00:00.000Z',
  completedAt: '2026-11-22T09:00:05.000Z',
  score: 10,
  level: 'Low Risk',
  status: 'Compliant',
  sanctionsHits: [],
  lists: { ofac: { sha256: 'a'.repeat(64), publishedAt: '2026-11-01' }, custom: [] },
  reusedChainEvidenceOf: null,
  ...over,
});
const watchData = {
  watchId,
  userId,
  address,
  chain: 'bitcoin' as const,
  network: 'bitcoin' as const,
  reference: 'ref-1',
  tags: ['vip'],
  intervalHours: 24,
  baseline: summary(),
  via: { kind: 'web' as const },
};
const watch: WatchCommand = { type: 'WatchWallet', data: watchData, metadata: { now } };
const watched: WatchEvent = { type: 'WalletWatched', data: { ...watchData, nextDueAt: '2026-11-23T10:00:00.000Z', at: now } };
const unwatched: WatchEvent = { type: 'WalletUnwatched', data: { watchId, userId, at: now } };
const slot = '2026-11-23T10:00:00.000Z';
const later = '2026-11-23T10:00:30.000Z';
const state = (events: WatchEvent[]) => events.reduce(evolveWatch, initialWatchState);

describe('WatchWallet', () => {
  it('records the watch, due one interval later', () => given([]).when(watch).then([watched]));
  it('records where it was added: the web app or an API key', () =>
    given([])
      .when({ ...watch, data: { ...watchData, via: { kind: 'api', apiKeyId: 'k-1' } } })
      .then([{ type: 'WalletWatched', data: { ...watchData, via: { kind: 'api', apiKeyId: 'k-1' }, nextDueAt: '2026-11-23T10:00:00.000Z', at: now } }]));
  it('changes nothing for a wallet watched already (a batch or a retry adds it once)', () => given([watched]).when(watch).then([]));
  it('watches an unwatched wallet again, keeping its last verdict when none is given', () =>
    given([watched, unwatched])
      .when({ ...watch, data: { ...watchData, baseline: null } })
      .then([{ type: 'WalletWatched', data: { ...watchData, baseline: summary(), nextDueAt: '2026-11-23T10:00:00.000Z', at: now } }]));
  it('has no baseline for a new watch without one', () =>
    given([])
      .when({ ...watch, data: { ...watchData, baseline: null } })
      .then([{ type: 'WalletWatched', data: { ...watchData, baseline: null, nextDueAt: '2026-11-23T10:00:00.000Z', at: now } }]));
});

describe('UpdateWatch', () => {
  it('counts a new interval from now', () =>
    given([watched])
      .when({ type: 'UpdateWatch', data: { userId, intervalHours: 1 }, metadata: { now: later } })
      .then([
        {
          type: 'WatchUpdated',
          data: { watchId, userId, reference: 'ref-1', tags: ['vip'], intervalHours: 1, nextDueAt: '2026-11-23T11:00:30.000Z', at: later },
        },
      ]));
  it('keeps the next re-screen when only the tags change', () =>
    given([watched])
      .when({ type: 'UpdateWatch', data: { userId, tags: ['a'] }, metadata: { now: later } })
      .then([{ type: 'WatchUpdated', data: { watchId, userId, reference: 'ref-1', tags: ['a'], intervalHours: 24, nextDueAt: slot, at: later } }]));
  it('clears the reference with null', () =>
    given([watched])
      .when({ type: 'UpdateWatch', data: { userId, reference: null }, metadata: { now: later } })
      .then([{ type: 'WatchUpdated', data: { watchId, userId, reference: null, tags: ['vip'], intervalHours: 24, nextDueAt: slot, at: later } }]));
  it('records nothing when nothing changes', () =>
    given([watched])
      .when({ type: 'UpdateWatch', data: { userId, reference: 'ref-1', tags: ['vip'], intervalHours: 24 }, metadata: { now: later } })
      .then([]));
  it("is not found for another user's watch, an unknown one or an unwatched one", () => {
    given([watched])
      .when({ type: 'UpdateWatch', data: { userId: 'u-2', tags: [] }, metadata: { now } })
      .thenThrows(NotFound, monitoringMessages.notFound);
    given([])
      .when({ type: 'UpdateWatch', data: { userId, tags: [] }, metadata: { now } })
      .thenThrows(NotFound, monitoringMessages.notFound);
    given([watched, unwatched])
      .when({ type: 'UpdateWatch', data: { userId, tags: [] }, metadata: { now } })
      .thenThrows(NotFound, monitoringMessages.notFound);
  });
});

describe('UnwatchWallet', () => {
  it('unwatches once', () => {
    given([watched]).when({ type: 'UnwatchWallet', data: { userId }, metadata: { now } }).then([unwatched]);
    given([watched, unwatched]).when({ type: 'UnwatchWallet', data: { userId }, metadata: { now } }).then([]);
  });
  it("is not found for another user's watch or an unknown one", () => {
    given([watched])
      .when({ type: 'UnwatchWallet', data: { userId: 'u-2' }, metadata: { now } })
      .thenThrows(NotFound, monitoringMessages.notFound);
    given([]).when({ type: 'UnwatchWallet', data: { userId }, metadata: { now } }).thenThrows(NotFound, monitoringMessages.notFound);
  });
});

describe('RequestRescreen and SkipRescreen', () => {
  const scheduled = (checkId: string, at = later): WatchCommand => ({
    type: 'RequestRescreen',
    data: { checkId, trigger: 'schedule', slot, charged: true, reusedChainEvidenceOf: null, listChange: null },
    metadata: { now: at },
  });
  const requested: WatchEvent = {
    type: 'WatchRescreenRequested',
    data: {
      watchId,
      userId,
      checkId: 'c-2',
      trigger: 'schedule',
      slot,
      charged: true,
      reusedChainEvidenceOf: null,
      listChange: null,
      nextDueAt: '2026-11-24T10:00:00.000Z',
      at: later,
    },
  };
  const skip: WatchCommand = { type: 'SkipRescreen', data: { slot, reason: 'No checks' }, metadata: { now: later } };
  const skipped: WatchEvent = {
    type: 'WatchRescreenSkipped',
    data: { watchId, userId, slot, reason: 'No checks', nextDueAt: '2026-11-24T10:00:00.000Z', at: later },
  };

  it('is due once the next slot has come, for an active watch only', () => {
    expect(isDue(state([watched]), slot)).toBe(true);
    expect(isDue(state([watched]), now)).toBe(false);
    expect(isDue(state([watched, unwatched]), later)).toBe(false);
  });
  it('records the slot and moves to the next one', () => given([watched]).when(scheduled('c-2')).then([requested]));
  it('records a slot once, whichever scheduler comes second', () => {
    given([watched, requested]).when(scheduled('c-2')).then([]);
    given([watched, requested]).when(scheduled('c-3')).then([]);
  });
  it('skips missed slots after a long stop instead of re-screening once per slot', () =>
    given([watched])
      .when(scheduled('c-2', '2026-11-26T12:00:00.000Z'))
      .then([{ type: 'WatchRescreenRequested', data: { ...requested.data, nextDueAt: '2026-11-27T10:00:00.000Z', at: '2026-11-26T12:00:00.000Z' } }]));
  it('records nothing for an unwatched or unknown wallet', () => {
    given([watched, unwatched]).when(scheduled('c-2')).then([]);
    given([]).when(scheduled('c-2')).then([]);
    given([watched, unwatched]).when(skip).then([]);
  });
  it('records a skipped slot with its reason, once', () => {
    given([watched]).when(skip).then([skipped]);
    given([watched, skipped]).when(skip).then([]);
  });
  it('clears a skipped slot with the next scheduled re-screen, not with a list-change one', () => {
    const afterSkip = state([watched, skipped]);
    const retried = { ...requested, data: { ...requested.data, slot: '2026-11-24T10:00:00.000Z', nextDueAt: '2026-11-25T10:00:00.000Z' } } as WatchEvent;
    expect(afterSkip.status !== 'none' && afterSkip.skipped).toEqual({ slot, reason: 'No checks', at: later });
    const afterRetry = evolveWatch(afterSkip, retried);
    expect(afterRetry.status !== 'none' && afterRetry.skipped).toBeNull();
  });
  it('leaves the schedule alone for a list-change re-screen', () => {
    const change = { kind: 'ofac-import' as const, eventId: 'e-1', list: 'OFAC SDN', version: 'f00', at: later };
    given([watched])
      .when({
        type: 'RequestRescreen',
        data: { checkId: 'c-9', trigger: 'list-change', slot: null, charged: false, reusedChainEvidenceOf: 'c-1', listChange: change },
        metadata: { now: later },
      })
      .then([
        {
          type: 'WatchRescreenRequested',
          data: {
            watchId,
            userId,
            checkId: 'c-9',
            trigger: 'list-change',
            slot: null,
            charged: false,
            reusedChainEvidenceOf: 'c-1',
            listChange: change,
            nextDueAt: slot,
            at: later,
          },
        },
      ]);
  });
});

describe('RecordCheck and the alert it raises', () => {
  const record = (s: CheckSummary): WatchCommand => ({ type: 'RecordCheck', data: { summary: s, alertId: null }, metadata: { now: later } });
  const context = { alertId: 'a-1', trigger: 'schedule' as const, listChange: null };
  const hit = { relation: 'wallet' as const, address, list: 'OFAC SDN', source: 'ofac' as const, entity: 'HERON', programs: ['CYBER2'] };

  it('records a newer check once and ignores an older one', () => {
    const newer = summary({ checkId: 'c-2', requestedAt: '2026-11-23T10:00:00.000Z' });
    const recorded: WatchEvent = { type: 'WatchCheckRecorded', data: { watchId, userId, summary: newer, alertId: null, at: later } };
    given([watched]).when(record(newer)).then([recorded]);
    given([watched, recorded]).when(record(newer)).then([]);
    given([watched, recorded])
      .when(record(summary({ checkId: 'c-0', requestedAt: '2026-11-20T00:00:00.000Z' })))
      .then([]);
  });
  it('records the alert the check raised', () => {
    const newer = summary({ checkId: 'c-2', requestedAt: '2026-11-23T10:00:00.000Z', level: 'High Risk' });
    given([watched])
      .when({ type: 'RecordCheck', data: { summary: newer, alertId: 'a-1' }, metadata: { now: later } })
      .then([{ type: 'WatchCheckRecorded', data: { watchId, userId, summary: newer, alertId: 'a-1', at: later } }]);
  });
  it('records nothing for an unwatched or unknown wallet', () => {
    given([watched, unwatched])
      .when(record(summary({ checkId: 'c-2', requestedAt: later })))
      .then([]);
    given([])
      .when(record(summary({ checkId: 'c-2', requestedAt: later })))
      .then([]);
  });
  it('raises nothing when the verdict is the same', () =>
    expect(alertFor(state([watched]), summary({ checkId: 'c-2', requestedAt: later, score: 12 }), context)).toBeNull());
  it('raises an alert with before, after and the new hit when a sanctions hit appears', () => {
    const after = summary({ checkId: 'c-2', requestedAt: later, score: 100, level: 'High Risk', status: 'Non-compliant', sanctionsHits: [hit] });
    expect(alertFor(state([watched]), after, context)).toEqual({
      alertId: 'a-1',
      userId,
      watchId,
      address,
      network: 'bitcoin',
      reference: 'ref-1',
      tags: ['vip'],
      reasons: ['level-changed', 'status-changed', 'new-sanctions-hit'],
      before: { score: 10, level: 'Low Risk', status: 'Compliant', sanctionsHits: [] },
      after: { score: 100, level: 'High Risk', status: 'Non-compliant', sanctionsHits: [hit] },
      checkId: 'c-2',
      previousCheckId: 'c-1',
      evidence: { newHits: [hit], lists: after.lists, trigger: 'schedule', listChange: null, reusedChainEvidenceOf: null },
    });
  });
  it('raises nothing for the check it compares with, one recorded already, or an older one', () => {
    const newer = summary({ checkId: 'c-2', requestedAt: later, level: 'High Risk' });
    expect(alertFor(state([watched]), summary({ level: 'High Risk' }), context)).toBeNull();
    expect(
      alertFor(state([watched, { type: 'WatchCheckRecorded', data: { watchId, userId, summary: newer, alertId: null, at: later } }]), newer, context),
    ).toBeNull();
    expect(alertFor(state([watched]), summary({ checkId: 'c-0', requestedAt: '2026-11-20T00:00:00.000Z', level: 'High Risk' }), context)).toBeNull();
  });
  it('raises nothing without a verdict to compare with, or for an unwatched wallet', () => {
    const noBaseline: WatchEvent = { type: 'WalletWatched', data: { ...watched.data, baseline: null } };
    expect(alertFor(state([noBaseline]), summary({ checkId: 'c-2', requestedAt: later, level: 'High Risk' }), context)).toBeNull();
    expect(alertFor(state([watched, unwatched]), summary({ checkId: 'c-2', requestedAt: later, level: 'High Risk' }), context)).toBeNull();
  });
  it('raises at most one alert per check, whatever order the same checks arrive in (property)', () => {
    const levels = ['Low Risk', 'Medium Risk', 'High Risk'];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.constantFrom(...levels)), { minLength: 1, maxLength: 12 }), (checks) => {
        let s: WatchState = state([watched]);
        const alerted = new Set<string>();
        for (const [hour, level] of [...checks, ...checks]) {
          const check = summary({ checkId: `c-${hour}`, requestedAt: new Date(Date.parse(later) + hour * 3_600_000).toISOString(), level });
          const alert = alertFor(s, check, { ...context, alertId: `a-${hour}` });
          if (alert) {
            expect(alerted.has(alert.checkId)).toBe(false);
            alerted.add(alert.checkId);
          }
          for (const e of decideWatch({ type: 'RecordCheck', data: { summary: check, alertId: alert?.alertId ?? null }, metadata: { now: later } }, s))
            s = evolveWatch(s, e);
        }
      }),
    );
  });
});
