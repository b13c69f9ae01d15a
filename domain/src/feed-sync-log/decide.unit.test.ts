import { deciderSpec } from '../../testing/decider-spec';
import { feedSyncLogDecider, type FeedSyncLogCommand } from './decide';
import type { FeedSyncEvent } from './events';
import { evolveFeedSyncLog, initialFeedSyncLogState } from './state';

const given = deciderSpec(feedSyncLogDecider);
const now = '2026-11-25T06:00:00.000Z';
const later = '2026-11-26T06:00:00.000Z';
const origin = 'uploaded by admin@bank.example: labels.json';
const skipped = { count: 1, reasons: { 'unknown category "weird"': 1 }, examples: ['entry 2: unknown category "weird"'] };

const success = (at = now): FeedSyncLogCommand => ({
  type: 'RecordFeedSyncSuccess',
  data: { feedId: 'custom-labels', origin, trigger: 'upload', status: 'imported', version: 1, sha256: 'aa11', entryCount: 2, skipped },
  metadata: { now: at },
});
const succeeded = (at = now): FeedSyncEvent => ({
  type: 'FeedSyncSucceeded',
  data: { feedId: 'custom-labels', origin, trigger: 'upload', status: 'imported', version: 1, sha256: 'aa11', entryCount: 2, skipped, at },
});
const failure = (at = later): FeedSyncLogCommand => ({
  type: 'RecordFeedSyncFailure',
  data: {
    feedId: 'ethereum-darklist',
    origin: 'https://example.org/darklist.json',
    trigger: 'refresh',
    code: 'download-failed',
    reason: 'the server answered 503',
  },
  metadata: { now: at },
});
const failed = (at = later): FeedSyncEvent => ({
  type: 'FeedSyncFailed',
  data: {
    feedId: 'ethereum-darklist',
    origin: 'https://example.org/darklist.json',
    trigger: 'refresh',
    code: 'download-failed',
    reason: 'the server answered 503',
    at,
  },
});

describe('RecordFeedSyncSuccess', () => {
  it('records the feed, what triggered the attempt, where the file came from, the version in force and what it left out', () =>
    given([]).when(success()).then([succeeded()]));
  it('records every attempt, after any others', () =>
    given([succeeded(), failed()])
      .when(success(later))
      .then([succeeded(later)]));
});

describe('RecordFeedSyncFailure', () => {
  it('records the code and the reason', () => given([succeeded()]).when(failure()).then([failed()]));
  it('is recorded on an empty log too', () =>
    given([])
      .when(failure(now))
      .then([failed(now)]));
});

describe('the log’s state', () => {
  const fold = (events: FeedSyncEvent[]) => events.reduce(evolveFeedSyncLog, initialFeedSyncLogState);
  it('keeps each feed’s last attempt and when it last succeeded', () => {
    const darklistOk: FeedSyncEvent = {
      type: 'FeedSyncSucceeded',
      data: {
        feedId: 'ethereum-darklist',
        origin: 'https://example.org/darklist.json',
        trigger: 'refresh',
        status: 'unchanged',
        version: 3,
        sha256: 'dd44',
        entryCount: 9,
        skipped: { count: 0, reasons: {}, examples: [] },
        at: now,
      },
    };
    expect(fold([succeeded(), darklistOk, failed()])).toEqual({
      'custom-labels': { at: now, trigger: 'upload', result: 'imported', code: null, reason: null, lastSuccessAt: now },
      'ethereum-darklist': { at: later, trigger: 'refresh', result: 'failed', code: 'download-failed', reason: 'the server answered 503', lastSuccessAt: now },
    });
    expect(fold([failed()])['ethereum-darklist']).toMatchObject({ result: 'failed', lastSuccessAt: null });
  });
});
