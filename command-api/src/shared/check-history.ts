/**
 * History as the API takes and shows it: the query (filters, pages) parsed into the checks read
 * model's filter, the row and the detail. Shared by the user's History (checks) and the admin's
 * view of every user's checks (admin); the queries are the read model's (projections/src/checks).
 */
import { z } from 'zod';
import { formatHistoryTimestamp, ISO_DAY_PATTERN, parseHistoryTimestamp, riskLevelFilter, riskLevelLabels } from '@walletscreen/contracts';
import type { CheckDoc } from '@walletscreen/projections/checks/queries';

/** A day as YYYY-MM-DD or dd.MM.yyyy (empty: no filter); the filter is inclusive of the whole day (UTC). */
const day = z
  .string()
  .regex(new RegExp(`^(${ISO_DAY_PATTERN}|(0[1-9]|[12]\\d|3[01])\\.(0[1-9]|1[0-2])\\.\\d{4})?$`), { error: 'Use a date as YYYY-MM-DD or dd.MM.yyyy' })
  .transform((v, ctx) => {
    if (v === '') return undefined;
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
  risk_level: riskLevelFilter().meta({ description: `${riskLevelLabels.join(', ')} or all (any case)` }),
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
