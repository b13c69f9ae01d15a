/**
 * Batch screening: a CSV of wallets (address, optional network and reference) screened as one
 * batch, on the Batch screen or through `POST /api/v1/batches`. A batch is a stream of its own
 * (`batch-<batchId>`): what was submitted, its rows, and its completion (the events are the
 * domain's: domain/src/batch). Each distinct wallet is one check, requested through the same check
 * command as any other with an Idempotency-Key of its own, so a batch resumed after a restart, or
 * the same file uploaded again, charges nothing twice.
 */
import { z } from 'zod';
import { networks } from '../addresses/parse';
import { REFERENCE_MAX } from './public-api';

export const BATCH_LIMITS = {
  maxRows: 10_000,
  /** The file, as text: 10,000 rows of a long address, a network and a 200-character reference fit. */
  maxBytes: 4 * 1024 * 1024,
  fileNameMax: 200,
  /** Errors listed back, at most (the count says how many there were). */
  errorsListed: 500,
} as const;

export const batchStreamId = (batchId: string) => `batch-${batchId}`;

// --- The API -----------------------------------------------------------------------------------

export const batchRowInputSchema = z.object({
  address: z.string({ error: 'Each row needs an address' }).max(200, { error: 'That is too long to be a wallet address' }),
  network: z
    .string()
    .max(50)
    .optional()
    .meta({ description: `One of ${networks.join(', ')} (or a common name: BTC, ETH, TRC20…); detected from the address when absent` }),
  reference: z
    .string()
    .max(REFERENCE_MAX, { error: `A reference may have at most ${REFERENCE_MAX} characters` })
    .optional(),
});

export const createBatchJsonSchema = z.object({
  rows: z
    .array(batchRowInputSchema, { error: 'Send rows: an array of { address, network?, reference? }' })
    .min(1, { error: 'Send at least one row' })
    .max(BATCH_LIMITS.maxRows, { error: `A batch has at most ${BATCH_LIMITS.maxRows.toLocaleString('en-US')} rows: split it` }),
  file_name: z.string().trim().max(BATCH_LIMITS.fileNameMax).optional(),
});
export type CreateBatchJson = z.input<typeof createBatchJsonSchema>;

export const batchLineErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export type BatchLineError = z.infer<typeof batchLineErrorSchema>;

export const batchPreviewSchema = z.object({
  dry_run: z.literal(true),
  file_name: z.string().nullable(),
  rows: z.number().int(),
  /** Distinct wallets: what the batch charges, one check each. */
  wallets: z.number().int(),
  cost: z.number().int(),
  checks_left: z.number().int(),
  /** The batch this same file (or Idempotency-Key) already made: submitting again answers with it and charges nothing. */
  existing_batch_id: z.string().nullable(),
  /** The rows that cannot be screened, as written, with why (with `invalid_rows=skip` they are left out and the others screened; otherwise the file is refused). */
  invalid_rows: z.array(z.object({ line: z.number().int(), address: z.string(), message: z.string() })),
  /** What is given back: the rule, in a sentence. */
  refunds: z.string(),
});

/** The refund rule a batch's dry run states. */
export const BATCH_REFUND_RULE = 'A wallet whose check fails, or comes back Incomplete (data unavailable), is given its check back.';
export type BatchPreview = z.infer<typeof batchPreviewSchema>;

export const batchStatuses = ['running', 'completed'] as const;

export const batchSchema = z.object({
  id: z.string(),
  status: z.enum(batchStatuses),
  file_name: z.string().nullable(),
  rows: z.number().int(),
  wallets: z.number().int(),
  /** Wallets with a result, with a failed (refunded) check, still running, not screened. */
  completed: z.number().int(),
  failed: z.number().int(),
  running: z.number().int(),
  skipped: z.number().int(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  source: z.enum(['web', 'api']),
  links: z.object({ self: z.string(), rows: z.string(), results_csv: z.string(), reports_zip: z.string() }),
});
export type Batch = z.infer<typeof batchSchema>;

export const batchListSchema = z.object({ items: z.array(batchSchema), limit: z.number().int(), offset: z.number().int() });

export const batchRowStatuses = ['pending', 'running', 'completed', 'failed', 'skipped'] as const;
export type BatchRowStatus = (typeof batchRowStatuses)[number];

export const batchRowResultSchema = z.object({
  line: z.number().int(),
  address: z.string(),
  network: z.string(),
  reference: z.string().nullable(),
  status: z.enum(batchRowStatuses),
  check_id: z.string().nullable(),
  risk_score: z.number().nullable(),
  risk_level: z.string().nullable(),
  aml_status: z.string().nullable(),
  sanctions_hits: z.array(z.string()),
  top_factors: z.array(z.string()),
  /** Why the check failed, or why the wallet was not screened. */
  error: z.string().nullable(),
  /** The earlier row of the same wallet, whose check this row shares. */
  same_as_line: z.number().int().nullable(),
});
export type BatchRowResult = z.infer<typeof batchRowResultSchema>;

export const batchRowsSchema = z.object({ items: z.array(batchRowResultSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });

/** The name a batch's download is saved under: the uploaded file's name (made safe) or the batch's, then the suffix. */
export function batchDownloadName(fileName: string | null, batchId: string, suffix: '-results.csv' | '-reports.zip'): string {
  const base =
    (fileName ?? '')
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .slice(0, 80) || `batch-${batchId.slice(0, 8)}`;
  return `${base}${suffix}`;
}

/** The socket.io message a batch's progress comes in (the browser fetches the batch again). */
export const BATCH_PROGRESS = 'batch:progress';
export interface BatchProgressMessage {
  batch_id: string;
  status: 'running' | 'completed';
  /** The store position of what moved the batch: the Consistency-Token of a read that must show it. */
  consistency_token?: string;
}
