/**
 * A wallet check's events, on its own stream `check-<checkId>`: the request (after the charge, or
 * free for a list-change re-screen), one event per stage with the evidence the stage found, and
 * the outcome (completed with the analysis, or failed with the reason, which refunds the charge).
 * The evidence's shape is each stage's own (workers/src/checks/stages.ts), recorded as found.
 */
import { z } from 'zod';
import { chains, listChangeSchema, networks, stageKeys, walletAnalysisSchema } from '@walletscreen/contracts';
import { eventSchema, eventUnion } from '../decider';

export { checkStreamId } from '@walletscreen/contracts';

export const walletCheckRequestedSchema = z.object({
  checkId: z.string(),
  userId: z.string(),
  /** What the user typed, and the parsed canonical address. */
  input: z.string(),
  address: z.string(),
  chain: z.enum(chains),
  network: z.enum(networks),
  /** `free`: a watched wallet's re-screen after a list change (no check is charged; see rescreenPricing). */
  chargeSource: z.enum(['bonus', 'purchased', 'free']),
  /** The Idempotency-Key the browser sent (absent on checks requested without one, and on older events). */
  idempotencyKey: z.string().optional(),
  /**
   * The XRP destination tag of an X-address input (`address` is then its classic form); absent
   * for every other input, for an X-address without a tag, and on older events.
   */
  destinationTag: z.number().optional(),
  /** The caller's own reference (public API; absent otherwise and on older events). */
  reference: z.string().optional(),
  /** The API key the check was requested with (absent for the web app's checks). */
  apiKeyId: z.string().optional(),
  /** The batch the check is a row of (absent otherwise). */
  batchId: z.string().optional(),
  /** A watched wallet's re-screen (absent on every other check). */
  rescreen: z
    .object({
      watchId: z.string(),
      trigger: z.enum(['schedule', 'list-change']),
      slot: z.string().nullable(),
      /**
       * The check whose recorded blockchain data this check reuses instead of calling a provider
       * (list-change re-screens): the blockchain stage copies that evidence and says so.
       */
      reuseChainEvidenceOf: z.string().nullable(),
      listChange: listChangeSchema.nullable(),
    })
    .optional(),
  at: z.string(),
});
export type WalletCheckRequested = z.infer<typeof walletCheckRequestedSchema>;

export const walletCheckStageCompletedSchema = z.object({
  checkId: z.string(),
  /** 1 to 7, in the order of the overlay. */
  stage: z.number().int().min(1).max(stageKeys.length),
  key: z.enum(stageKeys),
  evidence: z.unknown(),
  at: z.string(),
});
export type WalletCheckStageCompleted<E = unknown> = Omit<z.infer<typeof walletCheckStageCompletedSchema>, 'evidence'> & { evidence: E };

export const walletCheckCompletedSchema = z.object({ checkId: z.string(), userId: z.string(), result: walletAnalysisSchema, at: z.string() });
export type WalletCheckCompleted = z.infer<typeof walletCheckCompletedSchema>;

export const walletCheckFailedSchema = z.object({ checkId: z.string(), userId: z.string(), reason: z.string(), at: z.string() });
export type WalletCheckFailed = z.infer<typeof walletCheckFailedSchema>;

export const checkEvents = eventUnion([
  eventSchema('WalletCheckRequested', walletCheckRequestedSchema),
  eventSchema('WalletCheckStageCompleted', walletCheckStageCompletedSchema),
  eventSchema('WalletCheckCompleted', walletCheckCompletedSchema),
  eventSchema('WalletCheckFailed', walletCheckFailedSchema),
]);
export type CheckEvent = z.infer<typeof checkEvents.schema>;
export const checkEventTypes = checkEvents.types;
