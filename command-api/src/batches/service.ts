/**
 * Batches: previewing a parsed file (its cost against the checks left), submitting it as a batch
 * (once per file or Idempotency-Key), and reading a batch back: its summary, its rows with their
 * results, and everything a download needs. The runner (runner.ts) screens the rows.
 */
import { BATCH_REFUND_RULE, type Batch, type BatchPreview, type BatchRowResult, type BatchRowStatus } from '@walletscreen/contracts';
import type { EventStore, ReadStore } from '@walletscreen/platform';
import { findBatch, findUserBatches, type BatchDoc } from '@walletscreen/projections/batches/queries';
import { countBatchChecks, findChecks, type CheckDoc } from '@walletscreen/projections/checks/queries';
import { CommandHandler } from '@walletscreen/domain/command-handler';
import { batchIdFor, batchSubmittedEventId } from '@walletscreen/domain/ids';
import { Invalid, InvalidLines, NotFound } from '@walletscreen/domain/errors';
import { batchDecider, batchMessages, rowCheckId } from '@walletscreen/domain/batch/decide';
import { batchStreamId, type BatchRefusedRow, type BatchRow } from '@walletscreen/domain/batch/events';
import { walletRows, type SubmittedBatch } from '@walletscreen/domain/batch/state';
import type { ParsedBatch } from './parse';

/** Check documents read at once. */
const CHUNK = 500;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,200}$/;
/** Batches whose folded state (their rows) is kept in memory between calls. */
export const BATCHES_CACHED = 100;

export interface SubmitOptions {
  fileName: string | null;
  idempotencyKey?: string;
  source: 'web' | 'api';
  apiKeyId?: string;
  /** `skip`: the rows that cannot be screened are left out (listed with the batch) and the others screened; `refuse` (the default): any invalid row refuses the file. */
  invalidRows?: 'refuse' | 'skip';
}

/** Where a batch's links point: the web app's routes or the public API's. */
export type BatchLinks = (batchId: string) => Batch['links'];
export const batchLinks =
  (base: string): BatchLinks =>
  (id) => ({ self: `${base}/${id}`, rows: `${base}/${id}/rows`, results_csv: `${base}/${id}/results.csv`, reports_zip: `${base}/${id}/reports.zip` });

/** A row with its check's document (null while the check is not in the read model, or never started). */
export interface RowWithCheck {
  row: BatchRow;
  checkId: string;
  check: CheckDoc | null;
}

export function rowResult({ row, checkId, check }: RowWithCheck, skipped: ReadonlyMap<number, string>): BatchRowResult {
  const skipReason = skipped.get(row.sameAs ?? row.line);
  const status: BatchRowStatus = check ? check.status : skipReason !== undefined ? 'skipped' : 'pending';
  return {
    line: row.line,
    address: row.address,
    network: row.network,
    reference: row.reference ?? null,
    status,
    check_id: check ? checkId : null,
    risk_score: check?.status === 'completed' ? check.risk_score : null,
    risk_level: check?.status === 'completed' ? check.risk_level : null,
    aml_status: check?.status === 'completed' ? check.aml_status : null,
    sanctions_hits: check?.sanctions_hits ?? [],
    top_factors: (check?.risk_factors ?? []).slice(0, 3),
    error: check?.status === 'failed' ? (check.error ?? 'The check failed') : (skipReason ?? null),
    same_as_line: row.sameAs ?? null,
  };
}

/** A row left out as invalid: not screened, as written, with why. */
export function refusedResult(r: BatchRefusedRow): BatchRowResult {
  return {
    line: r.line,
    address: r.input,
    network: r.network ?? '',
    reference: r.reference ?? null,
    status: 'skipped',
    check_id: null,
    risk_score: null,
    risk_level: null,
    aml_status: null,
    sanctions_hits: [],
    top_factors: [],
    error: `Not screened, the row is invalid: ${r.reason}`,
    same_as_line: null,
  };
}

const byLine = (a: BatchRowResult, b: BatchRowResult) => a.line - b.line;

export function createBatches(deps: { eventStore: EventStore; readStore: ReadStore; clock: () => Date; checksLeft: (userId: string) => Promise<number> }) {
  const { readStore } = deps;
  // A batch's state holds its rows (up to 10,000): few are kept folded in memory.
  const batches = new CommandHandler(deps.eventStore, batchDecider, BATCHES_CACHED);

  const load = async (batchId: string) => (await batches.load(batchStreamId(batchId))).state;

  /** The user's own batch; another user's is not found. */
  async function own(userId: string, batchId: string): Promise<SubmittedBatch> {
    const state = await load(batchId);
    if (!state || state.submitted.userId !== userId) throw new NotFound(batchMessages.notFound);
    return state;
  }

  function refuseErrors(parsed: ParsedBatch, invalidRows: SubmitOptions['invalidRows'] = 'refuse') {
    if (parsed.errorCount === 0) return;
    // Invalid rows left out: only a file that cannot be read at all, or has no row to screen, is refused.
    if (invalidRows === 'skip' && !parsed.fileError && parsed.rows.length > 0) return;
    const first = parsed.errors[0]!;
    const message =
      parsed.errorCount === 1
        ? first.line > 0
          ? `Line ${first.line}: ${first.message}. Nothing was charged: fix the line and upload the file again.`
          : `${first.message}. Nothing was charged.`
        : `${parsed.errorCount.toLocaleString('en-US')} lines have errors (the first on line ${first.line}). Nothing was charged: fix them and upload the file again.`;
    throw new InvalidLines(message, parsed.errors, parsed.errorCount);
  }

  function keyOf(parsed: ParsedBatch, idempotencyKey: string | undefined): string {
    if (idempotencyKey === undefined) return `file:${parsed.contentHash}`;
    if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new Invalid('The Idempotency-Key header must be 8 to 200 visible ASCII characters', { 'Idempotency-Key': 'Invalid Idempotency-Key' });
    }
    return `key:${idempotencyKey}`;
  }

  async function summary(doc: BatchDoc, links: BatchLinks): Promise<Batch> {
    let { completed, failed } = doc;
    let running = 0;
    if (doc.status === 'running') {
      const count = (status: CheckDoc['status']) => countBatchChecks(readStore, doc.id, status);
      [completed, failed, running] = await Promise.all([count('completed'), count('failed'), count('running')]);
    }
    return {
      id: doc.id,
      status: doc.status,
      file_name: doc.file_name,
      rows: doc.rows,
      wallets: doc.wallets,
      completed: completed ?? 0,
      failed: failed ?? 0,
      running,
      skipped: doc.skipped,
      created_at: doc.created_at,
      completed_at: doc.completed_at,
      source: doc.source,
      links: links(doc.id),
    };
  }

  /** The batch's rows joined with their checks, `CHUNK` checks at a time. */
  async function* rowsWithChecks(userId: string, state: SubmittedBatch, rows: readonly BatchRow[] = state.rows): AsyncGenerator<RowWithCheck[]> {
    const { batchId } = state.submitted;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK).map((row) => ({ row, checkId: rowCheckId(userId, batchId, row) }));
      const docs = await findChecks(readStore, [...new Set(chunk.map((r) => r.checkId))]);
      yield chunk.map((r) => ({ ...r, check: docs.get(r.checkId) ?? null }));
    }
  }

  const skippedOf = (state: SubmittedBatch) => new Map((state.completed?.skipped ?? []).map((s) => [s.line, s.reason]));

  return {
    load,

    /** What submitting the file would do: its rows, the wallets charged, and the checks left. Errors are refused with their lines. */
    async preview(userId: string, parsed: ParsedBatch, options: Pick<SubmitOptions, 'fileName' | 'idempotencyKey' | 'invalidRows'>): Promise<BatchPreview> {
      refuseErrors(parsed, options.invalidRows);
      const batchId = batchIdFor(userId, keyOf(parsed, options.idempotencyKey));
      const [existing, checksLeft] = await Promise.all([load(batchId), deps.checksLeft(userId)]);
      return {
        dry_run: true,
        file_name: options.fileName,
        rows: parsed.rows.length,
        wallets: parsed.walletCount,
        cost: existing ? 0 : parsed.walletCount,
        checks_left: checksLeft,
        existing_batch_id: existing ? batchId : null,
        invalid_rows: parsed.refused.map((r) => ({ line: r.line, address: r.input, message: r.reason })),
        refunds: BATCH_REFUND_RULE,
      };
    },

    /**
     * Records the batch, or answers with the batch the same file (or Idempotency-Key) made before.
     * Refused, with nothing recorded, when a line is invalid or the user has fewer checks left
     * than the batch's wallets.
     */
    async submit(userId: string, parsed: ParsedBatch, options: SubmitOptions): Promise<{ batchId: string; created: boolean }> {
      refuseErrors(parsed, options.invalidRows);
      const key = keyOf(parsed, options.idempotencyKey);
      const batchId = batchIdFor(userId, key);
      const checksLeft = await deps.checksLeft(userId);
      // The events of a submission have had ids of their own from the first batch (batchSubmittedEventId): the same file sent twice at once records it once.
      const { events } = await batches.execute(
        batchStreamId(batchId),
        {
          type: 'SubmitBatch',
          data: {
            batchId,
            userId,
            fileName: options.fileName,
            key,
            contentHash: parsed.contentHash,
            source: options.source,
            ...(options.apiKeyId ? { apiKeyId: options.apiKeyId } : {}),
            rows: parsed.rows,
            ...(parsed.refused.length > 0 ? { refused: parsed.refused } : {}),
            checksLeft,
          },
          metadata: { now: deps.clock().toISOString() },
        },
        { commandId: 'submit', eventId: (_e, i) => batchSubmittedEventId(batchId, i), metadata: { command: 'SubmitBatch' } },
      );
      return { batchId, created: events.length > 0 };
    },

    /** The batch's summary; while it runs, its counts come from its checks. */
    async get(userId: string, batchId: string, links: BatchLinks): Promise<Batch> {
      const doc = await findBatch(readStore, batchId);
      if (doc && doc.user_id === userId) return summary(doc, links);
      // Just submitted, not yet in the read model.
      const state = await own(userId, batchId);
      const s = state.submitted;
      return summary(
        {
          id: batchId,
          user_id: userId,
          file_name: s.fileName,
          rows: s.rowCount,
          wallets: s.walletCount,
          status: 'running',
          source: s.source,
          api_key_id: s.apiKeyId ?? null,
          created_at: s.at,
          completed_at: null,
          completed: null,
          failed: null,
          skipped: s.refusedCount ?? 0,
        },
        links,
      );
    },

    async list(userId: string, page: { limit: number; offset: number }, links: BatchLinks): Promise<Batch[]> {
      const docs = await findUserBatches(readStore, userId, page);
      return Promise.all(docs.map((d) => summary(d, links)));
    },

    /** A page of the batch's rows with their results; with `status`, only rows of that status (found among all rows). */
    async rows(
      userId: string,
      batchId: string,
      query: { limit: number; offset: number; status?: BatchRowStatus },
    ): Promise<{ items: BatchRowResult[]; total: number }> {
      const state = await own(userId, batchId);
      const skipped = skippedOf(state);
      if (!query.status) {
        // The rows screened and the rows left out as invalid, in file order.
        const listed = [...state.rows.map((row) => ({ line: row.line, row })), ...state.refused.map((refused) => ({ line: refused.line, refused }))].sort(
          (a, b) => a.line - b.line,
        );
        const page = listed.slice(query.offset, query.offset + query.limit);
        const screened = new Map<number, BatchRowResult>();
        const pageRows = page.flatMap((p) => ('row' in p ? [p.row] : []));
        for await (const chunk of rowsWithChecks(userId, state, pageRows)) for (const r of chunk) screened.set(r.row.line, rowResult(r, skipped));
        const items = page.map((p) => ('row' in p ? screened.get(p.line)! : refusedResult(p.refused)));
        return { items, total: listed.length };
      }
      const matching: BatchRowResult[] = state.refused.map(refusedResult).filter((r) => r.status === query.status);
      for await (const chunk of rowsWithChecks(userId, state)) {
        for (const r of chunk) {
          const result = rowResult(r, skipped);
          if (result.status === query.status) matching.push(result);
        }
      }
      matching.sort(byLine);
      return { items: matching.slice(query.offset, query.offset + query.limit), total: matching.length };
    },

    /** Every row with its result, a chunk at a time (the results CSV). */
    async *results(userId: string, batchId: string): AsyncGenerator<BatchRowResult[]> {
      const state = await own(userId, batchId);
      const skipped = skippedOf(state);
      if (state.refused.length === 0) {
        for await (const chunk of rowsWithChecks(userId, state)) yield chunk.map((r) => rowResult(r, skipped));
        return;
      }
      // With rows left out as invalid, every row in file order (at most BATCH_LIMITS.maxRows).
      const all: BatchRowResult[] = state.refused.map(refusedResult);
      for await (const chunk of rowsWithChecks(userId, state)) all.push(...chunk.map((r) => rowResult(r, skipped)));
      all.sort(byLine);
      for (let i = 0; i < all.length; i += CHUNK) yield all.slice(i, i + CHUNK);
    },

    /** The batch's distinct wallets whose check completed, with its row (the reports ZIP). */
    async *completedChecks(userId: string, batchId: string): AsyncGenerator<RowWithCheck> {
      const state = await own(userId, batchId);
      for await (const chunk of rowsWithChecks(userId, state, walletRows(state.rows))) {
        for (const r of chunk) if (r.check?.status === 'completed') yield r;
      }
    },

    own,
  };
}
export type Batches = ReturnType<typeof createBatches>;
