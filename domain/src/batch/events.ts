/**
 * A batch's events, on its own stream `batch-<batchId>`: what was submitted, its rows (a few
 * hundred per event, so every event stays well under a message bus's 1 MB), and its completion.
 */
import { z } from 'zod';
import { networks } from '@walletscreen/contracts';
import { eventSchema, eventUnion } from '../decider';

export { batchStreamId } from '@walletscreen/contracts';

/** One row of the file, parsed: the wallet as written and as canonical, and the caller's reference. */
export const batchRowSchema = z.object({
  /** The row's line in the file (1 is the first line, a header included). */
  line: z.number(),
  input: z.string(),
  address: z.string(),
  network: z.enum(networks),
  reference: z.string().optional(),
  /** The earlier row of the same wallet: this row shares its check (each wallet is screened, and charged, once). */
  sameAs: z.number().optional(),
});
export type BatchRow = z.infer<typeof batchRowSchema>;

export const batchSubmittedSchema = z.object({
  batchId: z.string(),
  userId: z.string(),
  fileName: z.string().nullable(),
  /** Rows in the file, and the distinct wallets among them (each one check). */
  rowCount: z.number(),
  walletCount: z.number(),
  /** The key the batch was submitted with: the caller's Idempotency-Key, or the file's content hash. */
  key: z.string(),
  /** The sha-256 of the rows as parsed (wallet, network, reference): the same file has the same hash. */
  contentHash: z.string(),
  source: z.enum(['web', 'api']),
  /** The API key it was submitted with (public API). */
  apiKeyId: z.string().optional(),
  /** Rows left out because they cannot be screened (submitted with invalid rows skipped; absent otherwise and on older events): counted in `rowCount`. */
  refusedCount: z.number().optional(),
  at: z.string(),
});
export type BatchSubmitted = z.infer<typeof batchSubmittedSchema>;

export const batchRowsAddedSchema = z.object({ batchId: z.string(), rows: z.array(batchRowSchema) });
export type BatchRowsAdded = z.infer<typeof batchRowsAddedSchema>;

/** A row left out of a batch submitted with its invalid rows skipped: the row as written, and why it cannot be screened. */
export const batchRefusedRowSchema = z.object({
  line: z.number(),
  input: z.string(),
  network: z.string().optional(),
  reference: z.string().optional(),
  reason: z.string(),
});
export type BatchRefusedRow = z.infer<typeof batchRefusedRowSchema>;
export const batchRowsRefusedSchema = z.object({ batchId: z.string(), rows: z.array(batchRefusedRowSchema) });
export type BatchRowsRefused = z.infer<typeof batchRowsRefusedSchema>;

/** A wallet of the batch that was not screened, and why (no checks left, account blocked). */
export const batchSkippedRowSchema = z.object({ line: z.number(), reason: z.string() });
export type BatchSkippedRow = z.infer<typeof batchSkippedRowSchema>;

export const batchCompletedSchema = z.object({
  batchId: z.string(),
  userId: z.string(),
  /** Wallets screened to a result, wallets whose check failed (refunded), wallets not screened. */
  completed: z.number(),
  failed: z.number(),
  skipped: z.array(batchSkippedRowSchema),
  at: z.string(),
});
export type BatchCompleted = z.infer<typeof batchCompletedSchema>;

export const batchEvents = eventUnion([
  eventSchema('BatchSubmitted', batchSubmittedSchema),
  eventSchema('BatchRowsAdded', batchRowsAddedSchema),
  eventSchema('BatchRowsRefused', batchRowsRefusedSchema),
  eventSchema('BatchCompleted', batchCompletedSchema),
]);
export type BatchEvent = z.infer<typeof batchEvents.schema>;
export const batchEventTypes = batchEvents.types;
