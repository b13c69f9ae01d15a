/**
 * The checks read model as History shows it: the query (filters, pages), the row and the detail.
 * Shared by the user's History (checks) and the admin's view of every user's checks (admin).
 */
import { z } from 'zod';
import { formatHistoryTimestamp, parseHistoryTimestamp, riskLevelLabels, type WalletAnalysis } from '@walletscreen/contracts';
import type { ReadStore, Where } from '@walletscreen/platform';

/** Collection the checks projection writes (projections/src/checks). */
const CHECKS = 'checks';

export interface CheckDoc {
  id: string;
  user_id: string;
  wallet_address: string;
  network: string;
  status: string;
  created_at: string;
  risk_score: number | null;
  risk_level: string | null;
  aml_status: string | null;
  result: WalletAnalysis | null;
  completed_at?: string | null;
  error?: string | null;
  reference?: string | null;
  batch_id?: string | null;
  sanctions_hits?: string[];
  risk_factors?: string[];
}

/** A day as YYYY-MM-DD or dd.MM.yyyy; the filter is inclusive of the whole day (UTC). */
const day = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const iso = /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00.000Z`) : parseHistoryTimestamp(v);
    if (!iso || Number.isNaN(iso.getTime()) || (/^\d{4}-/.test(v) && iso.toISOString().slice(0, 10) !== v)) {
      ctx.addIssue({ code: 'custom', message: 'Use a date as YYYY-MM-DD or dd.MM.yyyy' });
      return z.NEVER;
    }
    return iso.toISOString().slice(0, 10);
  });

/** History's filters, for a page (History) and for the whole of it (the CSV export). */
const historyFilters = {
  address: z.string().trim().max(200).optional().meta({ description: 'Case-insensitive substring of the wallet address' }),
  risk_level: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || v === '' || v.toLowerCase() === 'all' || riskLevelLabels.some((l) => l.toLowerCase() === v.toLowerCase()), {
      error: `risk_level must be one of: ${riskLevelLabels.join(', ')}`,
    })
    .meta({ description: `${riskLevelLabels.join(', ')} or all (any case)` }),
  date_from: day.optional().meta({ description: 'YYYY-MM-DD or dd.MM.yyyy, inclusive' }),
  date_to: day.optional().meta({ description: 'YYYY-MM-DD or dd.MM.yyyy, inclusive of the whole day' }),
};
const datesInOrder = (q: { date_from?: string; date_to?: string }) => !q.date_from || !q.date_to || q.date_from <= q.date_to;

export const historyQuerySchema = z
  .object({
    limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(10),
    offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).default(0),
    ...historyFilters,
  })
  .refine(datesInOrder, { error: 'date_from must not be after date_to', path: ['date_to'] });
/** The filters of a whole-History export. */
export const historyFilterSchema = z.object(historyFilters).refine(datesInOrder, { error: 'date_from must not be after date_to', path: ['date_to'] });
export type HistoryFilter = z.output<typeof historyFilterSchema>;
export type HistoryQuery = z.output<typeof historyQuerySchema>;

export function historyItem(doc: CheckDoc) {
  return {
    id: doc.id,
    wallet_address: doc.wallet_address,
    network: doc.network,
    risk_level: doc.risk_level ?? '',
    risk_score: doc.risk_score ?? 0,
    aml_status: doc.aml_status ?? '',
    created_at: formatHistoryTimestamp(doc.created_at),
    created_at_iso: doc.created_at,
    access: doc.result?.access_level ?? '',
    status: doc.status,
  };
}

export function historyDetail(doc: CheckDoc) {
  const r = doc.result;
  return {
    ...historyItem(doc),
    jurisdiction: r?.jurisdiction ?? '',
    sanctions: r?.sanctions ?? '',
    source_of_funds: r?.source_of_funds ?? '',
    recommendation: r?.recommendation ?? '',
    wallet_age: r?.wallet_age ?? '',
    linked_wallets: r?.linked_wallets_addresses ?? [],
    aml_report: r?.aml_report ?? '',
    external_links: r?.external_links ?? {},
    chainabuse_report: r?.chainabuse_report ?? '',
    /** What the check could not gather (empty for complete checks and for checks recorded before it was kept). */
    missing_evidence: r?.missing_evidence ?? [],
    /** Each linked wallet with what marks it (empty for checks recorded before it was kept). */
    linked_wallets_details: r?.linked_wallets_details ?? [],
    /** The fund-flow graph (null without blockchain data and for checks recorded before it was kept). */
    fund_flow: r?.fund_flow ?? null,
  };
}

/** The created_at condition of the date filters, and of an export's page boundary. */
function createdAt(query: Pick<HistoryQuery, 'date_from' | 'date_to'>, atMost: string | undefined) {
  const to = query.date_to ? `${query.date_to}T23:59:59.999Z` : undefined;
  const lte = atMost !== undefined && (to === undefined || atMost < to) ? atMost : to;
  if (!query.date_from && lte === undefined) return undefined;
  return { ...(query.date_from ? { gte: `${query.date_from}T00:00:00.000Z` } : {}), ...(lte !== undefined ? { lte } : {}) };
}

/**
 * Completed checks, newest first, filtered by the server so matches beyond the loaded page are found;
 * of one user, of some users (`{ in: ids }`), or of everyone (admins).
 */
export function findHistory(
  readStore: ReadStore,
  query: HistoryQuery,
  userId?: string | { in: readonly string[] },
  /** The public API can list checks of another status (or of every status) and look for a reference. */
  options: { status?: 'running' | 'completed' | 'failed' | 'all'; reference?: string; createdAtMost?: string } = {},
): Promise<CheckDoc[]> {
  const level = query.risk_level && query.risk_level.toLowerCase() !== 'all' ? riskLevelLabels.find((l) => l.toLowerCase() === query.risk_level!.toLowerCase()) : undefined;
  const where: Where = {
    status: options.status === 'all' ? undefined : (options.status ?? 'completed'),
    user_id: userId,
    reference: options.reference,
    wallet_address: query.address ? { contains: query.address } : undefined,
    risk_level: level,
    created_at: createdAt(query, options.createdAtMost),
  };
  return readStore.find<CheckDoc>(CHECKS, { where, sort: [{ field: 'created_at', direction: 'desc' }], limit: query.limit, offset: query.offset });
}

export async function findCheck(readStore: ReadStore, id: string): Promise<CheckDoc | null> {
  return readStore.get<CheckDoc>(CHECKS, id);
}

/** A user's checks still running that were started from a session (not a batch's, not an API key's), newest first. */
export function findRunningChecks(readStore: ReadStore, userId: string, limit: number): Promise<CheckDoc[]> {
  return readStore.find<CheckDoc>(CHECKS, { where: { user_id: userId, status: 'running', batch_id: null, api_key_id: null }, sort: [{ field: 'created_at', direction: 'desc' }], limit });
}

/** Checks still running, for the analysis worker to resume at start. */
export async function runningCheckIds(readStore: ReadStore): Promise<string[]> {
  return (await readStore.find<CheckDoc>(CHECKS, { where: { status: 'running' } })).map((d) => d.id);
}
