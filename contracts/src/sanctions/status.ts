import { z } from 'zod';
import { formatDate } from '../common/format';
import { uploadFileName } from '../common/upload';

/** What started a sync of the OFAC list: the server's refresh, an admin's "Sync now", an admin's upload, `npm run sanctions:sync`. */
export const sanctionsSyncTriggers = ['refresh', 'admin-sync', 'upload', 'command-line'] as const;
export type SanctionsSyncTrigger = (typeof sanctionsSyncTriggers)[number];

/**
 * GET /api/sanctions/status: whether an OFAC list is loaded (the Wallet Checker warns when none
 * is, because checks then cannot screen against sanctions), which list is in force and where it
 * came from, what its addresses cover, and how the last sync went. The fields up to
 * `custom_lists` are the original shape, kept as they were.
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
  /** Why the last sync failed, as a code (download-failed, malformed, …); null otherwise. Show `last_failure` in words instead. */
  last_sync_error: z.string().nullable(),
  /** Custom block and allow lists in force. */
  custom_lists: z.number().int(),
  /** The list file's format as OFAC names it: SDN_ADVANCED.XML, SDN.XML or sdn.csv; null when none is loaded. */
  format: z.string().nullable(),
  /** Whole days from the publication date to today (UTC); null when none is loaded or the file states no date. */
  publication_age_days: z.number().int().nullable(),
  /** The import of the list in force: when, what started it, and where it came from. */
  last_import: z
    .object({
      at: z.string(),
      /** Null when it was imported before triggers were recorded, or by `runSanctionsSync` directly. */
      trigger: z.enum(sanctionsSyncTriggers).nullable(),
      /** The OFAC URL, the file path given to the command line, or "uploaded by <e-mail>: <file name>"; null for non-admins. */
      origin: z.string().nullable(),
    })
    .nullable(),
  /** What the list's addresses cover (zeros when none is loaded). */
  addresses: z.object({
    listed: z.number().int(),
    /** Listed addresses checks can match. */
    screened: z.number().int(),
    /** Of those, the ones matched under another chain than their ticker's (USDT on the Omni Layer, BSV, ETC, mis-tagged addresses). */
    cross_chain: z.number().int(),
    /** Listed addresses that cannot be screened: valid on no chain WalletScreen screens (XMR, ZEC, …). */
    unscreenable: z.number().int(),
    unscreenable_tickers: z.array(z.object({ ticker: z.string(), count: z.number().int() })),
    /** Listings of earlier lists that have ended. */
    delisted: z.number().int(),
  }),
  /** The last attempt, if it failed after the last successful one; null otherwise. */
  last_failure: z
    .object({
      at: z.string(),
      trigger: z.enum(sanctionsSyncTriggers).nullable(),
      /** The kind of failure (download-failed, malformed, older-list, …); `sanctionsFailureWords` says it in words. */
      code: z.string(),
      /** The full reason, for admins; null for others. */
      reason: z.string().nullable(),
    })
    .nullable(),
});
export type SanctionsStatus = z.infer<typeof sanctionsStatusSchema>;

/** Shown to customers (the Wallet Checker) while no list is loaded: no configuration names, no commands. */
export const noSanctionsListMessage =
  'No OFAC sanctions list is loaded, so checks cannot be screened against sanctions. Ask your administrator to load the sanctions list.';

/** A failure's kind in words, for the status card (never the raw code). */
export function sanctionsFailureWords(code: string): string {
  switch (code) {
    case 'download-failed':
      return "OFAC's server could not be reached or did not deliver the list";
    case 'file-missing':
      return 'the file was not found';
    case 'unknown-format':
      return 'the file is not an OFAC SDN list';
    case 'malformed':
      return 'the file is incomplete or damaged';
    case 'empty-list':
      return 'the file lists no digital currency addresses';
    case 'older-list':
      return 'the list is older than the list in force';
    case 'undated-list':
      return 'the file states no publication date, so it cannot replace a dated list';
    case 'too-large':
      return 'the file is too large';
    default:
      return 'an unexpected error occurred (the server log has the details)';
  }
}

const triggerPhrase: Record<SanctionsSyncTrigger, string> = {
  refresh: 'The last automatic refresh',
  'admin-sync': 'The last sync asked by an administrator',
  upload: 'The last upload of an OFAC file',
  'command-line': 'The last import from the command line',
};

/** "The last automatic refresh on 24.11.2026 failed: OFAC's server could not be reached or did not deliver the list". */
export function sanctionsFailureNote(failure: NonNullable<SanctionsStatus['last_failure']>): string {
  const who = failure.trigger ? triggerPhrase[failure.trigger] : 'The last sync';
  return `${who} on ${formatDate(failure.at)} failed: ${sanctionsFailureWords(failure.code)}`;
}

/** POST /api/admin/sanctions/sync and /upload: how the sync went, and the status after it. */
export const sanctionsSyncResponseSchema = z.object({
  result: z.enum(['imported', 'unchanged', 'failed']),
  /** Why it failed, in words; null otherwise. */
  error: z.string().nullable(),
  /** What the file could not tell (sdn.csv: no publication date, remarks cut short); absent from a failed sync. */
  warnings: z.array(z.string()).optional(),
  status: sanctionsStatusSchema,
});
export type SanctionsSyncResponse = z.infer<typeof sanctionsSyncResponseSchema>;

/** The largest OFAC file an admin may upload (the real SDN_ADVANCED.XML is over 100 MB). */
export const SANCTIONS_UPLOAD_MAX_BYTES = 300 * 1024 * 1024;

/** POST /api/admin/sanctions/upload's query; the body is the file itself. */
export const sanctionsUploadQuerySchema = z.object({
  /** The file's original name, for the sync log and messages ("uploaded by …: SDN.XML"). */
  file_name: uploadFileName(),
  /** Replace the list in force even with an older list, or an undated one over a dated one. */
  allow_older: z
    .enum(['true', 'false', '1', '0'], { error: 'allow_older must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1')
    .meta({ description: 'Replace the list in force even though this file is older (or undated)' }),
});
export type SanctionsUploadQuery = z.infer<typeof sanctionsUploadQuerySchema>;
