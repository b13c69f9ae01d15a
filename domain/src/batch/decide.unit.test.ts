import { Conflict, Invalid, NotFound, PaymentRequired } from '../errors';
import { deciderSpec } from '../../testing/decider-spec';
import { BATCH_ROWS_PER_EVENT, batchDecider, batchMessages, rowCheckId, type BatchCommand } from './decide';
import type { BatchEvent, BatchRow } from './events';
import { evolveBatch, initialBatchState, walletRows } from './state';
import { checkIdFor } from '../ids';

const given = deciderSpec(batchDecider);

const now = '2026-11-24T10:00:00.000Z';
const later = '2026-11-24T10:05:00.000Z';
const batchId = 'b1';
const userId = 'u1';
const row = (line: number, over: Partial<BatchRow> = {}): BatchRow => ({ line, input: `bc1q${line}`, address: `bc1q${line}`, network: 'bitcoin', ...over });
// Lines 2 and 3 are wallets; line 4 is line 2's wallet again, with a reference.
const rows = [row(2), row(3, { reference: 'r-3' }), row(4, { input: 'bc1q2', address: 'bc1q2', reference: 'again', sameAs: 2 })];
const submission = { batchId, userId, fileName: 'wallets.csv', key: 'file:abc', contentHash: 'abc', source: 'web' as const };
const submit = (over: Partial<Extract<BatchCommand, { type: 'SubmitBatch' }>['data']> = {}): BatchCommand => ({
  type: 'SubmitBatch',
  data: { ...submission, rows, checksLeft: 10, ...over },
  metadata: { now },
});
const submitted: BatchEvent = { type: 'BatchSubmitted', data: { ...submission, rowCount: 3, walletCount: 2, at: now } };
const rowsAdded: BatchEvent = { type: 'BatchRowsAdded', data: { batchId, rows } };
const complete = (over: Partial<Extract<BatchCommand, { type: 'CompleteBatch' }>['data']> = {}): BatchCommand => ({
  type: 'CompleteBatch',
  data: { completed: 1, failed: 0, skipped: [{ line: 3, reason: 'Not screened: no checks were left when its turn came' }], ...over },
  metadata: { now: later },
});
const completed: BatchEvent = {
  type: 'BatchCompleted',
  data: { batchId, userId, completed: 1, failed: 0, skipped: [{ line: 3, reason: 'Not screened: no checks were left when its turn came' }], at: later },
};

describe('SubmitBatch', () => {
  it('records the submission, its rows and distinct wallets, then the rows', () => given([]).when(submit()).then([submitted, rowsAdded]));
  it('records the API key a batch was submitted with', () =>
    given([])
      .when(submit({ source: 'api', apiKeyId: 'k1' }))
      .then([{ type: 'BatchSubmitted', data: { ...submission, rowCount: 3, walletCount: 2, source: 'api', apiKeyId: 'k1', at: now } }, rowsAdded]));
  it(`records ${BATCH_ROWS_PER_EVENT} rows per event`, () => {
    const many = Array.from({ length: 2 * BATCH_ROWS_PER_EVENT + 1 }, (_, i) => row(i + 2));
    const events = batchDecider.decide(submit({ rows: many, checksLeft: many.length }), initialBatchState);
    expect(events.map((e) => (e.type === 'BatchRowsAdded' ? e.data.rows.length : e.type))).toEqual([
      'BatchSubmitted',
      BATCH_ROWS_PER_EVENT,
      BATCH_ROWS_PER_EVENT,
      1,
    ]);
    const state = events.reduce(evolveBatch, initialBatchState);
    expect(state?.rows).toEqual(many);
  });
  it('records the rows left out as invalid after the rows screened, counting them among the rows, never as wallets', () => {
    const refused = [{ line: 5, input: 'not-an-address', reason: 'Not a recognized wallet address' }];
    given([])
      .when(submit({ refused }))
      .then([
        { type: 'BatchSubmitted', data: { ...submission, rowCount: 4, walletCount: 2, refusedCount: 1, at: now } },
        rowsAdded,
        { type: 'BatchRowsRefused', data: { batchId, rows: refused } },
      ]);
    const state = batchDecider.decide(submit({ refused }), initialBatchState).reduce(evolveBatch, initialBatchState);
    expect(state?.refused).toEqual(refused);
    expect(state?.rows).toEqual(rows);
  });
  it('refuses a batch with no row to screen', () =>
    given([])
      .when(submit({ rows: [] }))
      .thenThrows(Invalid, batchMessages.nothingToScreen));
  it('records nothing for the same file submitted again', () =>
    given([submitted, rowsAdded])
      .when(submit({ checksLeft: 0 }))
      .then([]));
  it('refuses an Idempotency-Key used for another file', () =>
    given([submitted, rowsAdded])
      .when(submit({ contentHash: 'other' }))
      .thenThrows(Conflict, batchMessages.keyUsedForAnotherFile));
  it('refuses a batch of more wallets than checks left, counting a repeated wallet once', () => {
    given([])
      .when(submit({ checksLeft: 2 }))
      .then([submitted, rowsAdded]);
    given([])
      .when(submit({ checksLeft: 1 }))
      .thenThrows(PaymentRequired, 'This batch screens 2 wallets (one check each) and you have 1 check left. Buy more checks or split the file.');
  });
});

describe('CompleteBatch', () => {
  it('records how the batch ended', () => given([submitted, rowsAdded]).when(complete()).then([completed]));
  it('completes once (two runners record it once)', () =>
    given([submitted, rowsAdded, completed])
      .when(complete({ completed: 2, skipped: [] }))
      .then([]));
  it('is refused for a batch never submitted', () => given([]).when(complete()).thenThrows(NotFound, batchMessages.notFound));
});

describe('a batch’s wallets', () => {
  it('are its rows without a repeated wallet, each screened by the check of its first row', () => {
    expect(walletRows(rows).map((r) => r.line)).toEqual([2, 3]);
    expect(rowCheckId(userId, batchId, rows[2]!)).toBe(rowCheckId(userId, batchId, rows[0]!));
    expect(rowCheckId(userId, batchId, rows[0]!)).toBe(checkIdFor(userId, 'batch:b1:2'));
  });
});
