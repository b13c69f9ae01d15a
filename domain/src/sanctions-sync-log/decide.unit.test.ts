import { deciderSpec } from '../../testing/decider-spec';
import { sanctionsSyncLogDecider, type SanctionsSyncLogCommand } from './decide';
import { sanctionsSyncEvents, type SanctionsSyncEvent } from './events';
import { evolveSanctionsSyncLog, initialSanctionsSyncLogState } from './state';

const given = deciderSpec(sanctionsSyncLogDecider);
const now = '2026-11-22T06:00:00.000Z';
const later = '2026-11-23T06:00:00.000Z';
const url = 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN_ADVANCED.XML';

const success = (status: 'imported' | 'unchanged' = 'imported', at = now): SanctionsSyncLogCommand => ({
  type: 'RecordSanctionsSyncSuccess',
  data: { origin: url, trigger: 'refresh', status, sha256: 'aa11', publishedAt: '2026-11-20', addressCount: 3 },
  metadata: { now: at },
});
const succeeded = (status: 'imported' | 'unchanged' = 'imported', at = now): SanctionsSyncEvent => ({
  type: 'SanctionsSyncSucceeded',
  data: { origin: url, trigger: 'refresh', status, sha256: 'aa11', publishedAt: '2026-11-20', addressCount: 3, at },
});
const failure = (at = later): SanctionsSyncLogCommand => ({
  type: 'RecordSanctionsSyncFailure',
  data: {
    origin: 'uploaded by admin@bank.example: SDN.XML',
    trigger: 'upload',
    code: 'older-list',
    reason: 'This SDN.XML was published before the list in force',
  },
  metadata: { now: at },
});
const failed = (at = later): SanctionsSyncEvent => ({
  type: 'SanctionsSyncFailed',
  data: {
    origin: 'uploaded by admin@bank.example: SDN.XML',
    trigger: 'upload',
    code: 'older-list',
    reason: 'This SDN.XML was published before the list in force',
    at,
  },
});

describe('RecordSanctionsSyncSuccess', () => {
  it('records the attempt, what triggered it, where the list came from and which file, at the time on the command', () =>
    given([]).when(success()).then([succeeded()]));
  it('records an unchanged list as an attempt too, after any others', () =>
    given([succeeded(), failed()])
      .when(success('unchanged', later))
      .then([succeeded('unchanged', later)]));
});

describe('RecordSanctionsSyncFailure', () => {
  it('records the code and the reason', () => given([succeeded()]).when(failure()).then([failed()]));
  it('is recorded on an empty log too', () =>
    given([])
      .when(failure(now))
      .then([failed(now)]));
});

describe('the log’s state', () => {
  const fold = (events: SanctionsSyncEvent[]) => events.reduce(evolveSanctionsSyncLog, initialSanctionsSyncLogState);
  it('keeps the last attempt, the last import and a failure since the last success', () => {
    expect(fold([succeeded(), failed()])).toEqual({
      lastAttempt: { at: later, result: 'failed', code: 'older-list' },
      lastSuccessAt: now,
      lastImport: { at: now, origin: url, trigger: 'refresh', sha256: 'aa11' },
      failureSinceSuccess: {
        at: later,
        origin: 'uploaded by admin@bank.example: SDN.XML',
        trigger: 'upload',
        code: 'older-list',
        reason: 'This SDN.XML was published before the list in force',
      },
      attempts: 2,
    });
    expect(fold([succeeded(), failed(), succeeded('unchanged', later)])).toMatchObject({
      lastImport: { at: now },
      failureSinceSuccess: null,
      lastAttempt: { result: 'unchanged' },
      attempts: 3,
    });
  });
  it('reads attempts recorded before triggers were', () => {
    const { trigger: _t, ...old } = (succeeded() as Extract<SanctionsSyncEvent, { type: 'SanctionsSyncSucceeded' }>).data;
    const recorded = { type: 'SanctionsSyncSucceeded' as const, data: old };
    expect(sanctionsSyncEvents.schema.safeParse(recorded).success).toBe(true);
    expect(fold([recorded]).lastImport).toEqual({ at: now, origin: url, trigger: null, sha256: 'aa11' });
  });
});
