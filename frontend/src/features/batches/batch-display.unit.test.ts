import fc from 'fast-check';
import type { BatchPreview } from '@walletscreen/contracts';
import { batchOutcome, batchProgress, batchStatusBadge, previewView } from './batch-display';

const preview = (over: Partial<BatchPreview>): BatchPreview => ({
  dry_run: true,
  file_name: 'f.csv',
  rows: 4,
  wallets: 3,
  cost: 3,
  checks_left: 20,
  existing_batch_id: null,
  invalid_rows: [],
  refunds: 'A wallet whose check fails, or comes back Incomplete (data unavailable), is given its check back.',
  ...over,
});

describe('the dry run as shown', () => {
  it('states rows, distinct wallets, the cost and the checks left', () => {
    const view = previewView(preview({}));
    expect(view.summary).toBe('4 rows, 3 distinct wallets. You have 20 checks left.');
    expect(view.cost).toBe('Screening costs 3 checks, one per distinct wallet. A check that fails or comes back Incomplete (data unavailable) is refunded.');
    expect(view.confirmLabel).toBe('Screen 3 wallets (3 checks)');
    expect(view).toMatchObject({ affordable: true, shortfall: null, alreadyScreened: false });
  });
  it('refuses a file larger than the checks left, saying how many are missing', () => {
    const view = previewView(preview({ rows: 1, wallets: 1, cost: 1, checks_left: 0 }));
    expect(view.affordable).toBe(false);
    expect(view.shortfall).toBe('This file needs 1 check and you have 0 checks left. Buy more checks or split the file.');
  });
  it('offers the earlier batch of a file already screened, and screening it again at full price', () => {
    const view = previewView(preview({ cost: 0, existing_batch_id: 'b1' }));
    expect(view.alreadyScreened).toBe(true);
    expect(view.cost).toBe('You already screened this file. Opening that batch costs nothing; screening it again costs 3 checks.');
    expect(view.confirmLabel).toBe('Screen again 3 wallets (3 checks)');
  });
});

describe('a batch as shown', () => {
  it('never reaches 100% before it completes, and always shows 100% once it has', () => {
    const counts = fc.integer({ min: 1, max: 10_000 }).chain((wallets) =>
      fc.tuple(fc.constant(wallets), fc.integer({ min: 0, max: wallets })).chain(([w, completed]) =>
        fc.tuple(fc.constant(w), fc.constant(completed), fc.integer({ min: 0, max: w - completed })).chain(([w2, c, failed]) =>
          fc.record({
            wallets: fc.constant(w2),
            completed: fc.constant(c),
            failed: fc.constant(failed),
            skipped: fc.integer({ min: 0, max: w2 - c - failed }),
          }),
        ),
      ),
    );
    fc.assert(
      fc.property(counts, fc.boolean(), (c, done) => {
        const { percent, settled } = batchProgress({ ...c, status: done ? 'completed' : 'running' });
        expect(settled).toBe(c.completed + c.failed + c.skipped);
        expect(percent).toBeGreaterThanOrEqual(0);
        if (done) expect(percent).toBe(100);
        else expect(percent).toBeLessThan(100);
      }),
    );
  });
  it('says when a finished batch left wallets out', () => {
    expect(batchStatusBadge({ status: 'completed', failed: 0, skipped: 0 }).label).toBe('Completed');
    expect(batchStatusBadge({ status: 'completed', failed: 1, skipped: 0 }).label).toBe('Completed with gaps');
    expect(batchOutcome({ completed: 3, failed: 1, skipped: 2, running: 0 })).toBe('3 screened · 1 failed (refunded) · 2 not screened');
    expect(batchProgress({ wallets: 1, completed: 1, failed: 0, skipped: 0, status: 'completed' }).text).toBe('1 of 1 wallet screened');
  });
});
