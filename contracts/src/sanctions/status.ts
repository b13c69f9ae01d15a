import { z } from 'zod';

/**
 * GET /api/sanctions/status: whether an OFAC list is loaded (the Wallet Checker warns when none
 * is, because checks then cannot screen against sanctions) and how the last automatic sync went.
 */
export const sanctionsStatusSchema = z.object({
  loaded: z.boolean(),
  /** "OFAC SDN" when loaded. */
  source: z.string().nullable(),
  /** The list's publication date (YYYY-MM-DD) as the file states it. */
  publication_date: z.string().nullable(),
  /** Listed digital-currency addresses. */
  address_count: z.number().int(),
  /** SHA-256 of the list file: the version every check records. */
  list_hash: z.string().nullable(),
  imported_at: z.string().nullable(),
  last_sync_at: z.string().nullable(),
  last_sync_result: z.enum(['imported', 'unchanged', 'failed']).nullable(),
  /** Why the last sync failed, in a word (download-failed, malformed, …); null otherwise. */
  last_sync_error: z.string().nullable(),
  /** Custom block and allow lists in force. */
  custom_lists: z.number().int(),
});
export type SanctionsStatus = z.infer<typeof sanctionsStatusSchema>;

export const noSanctionsListMessage = 'No OFAC sanctions list is loaded: checks cannot screen against sanctions until an administrator syncs it.';

/** POST /api/admin/sanctions/sync: how the sync an admin asked for went, and the status after it. */
export interface SanctionsSyncResponse {
  result: 'imported' | 'unchanged' | 'failed';
  /** Why it failed, in words; null otherwise. */
  error: string | null;
  status: SanctionsStatus;
}
