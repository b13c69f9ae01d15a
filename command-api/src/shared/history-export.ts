/**
 * History as CSV: every completed check that matches the filters, the user's own or (for admins)
 * everyone's with their e-mail. Pages are read newest first by their time, each page starting at
 * the last time of the one before, so checks completing during a long download neither repeat a
 * row nor push one out.
 */
import { once } from 'node:events';
import { pipeline } from 'node:stream';
import type { Response } from 'express';
import { stringify } from 'csv-stringify';
import { shownRiskScore } from '@walletscreen/contracts';
import type { Logger, ReadStore } from '@walletscreen/platform';
import type { HistoryFilter } from './check-history';
import { findHistory, type CheckDoc } from '@walletscreen/projections/checks/queries';
import { customerIdsByEmail, emailsOfUsers } from '@walletscreen/projections/customers/queries';

const PAGE = 500;
/** Up to this many matching customers the e-mail filter is part of the query; a broader one is applied to each page. */
const IN_LIMIT = 500;

/** Every matching check, newest first, a page at a time. */
export async function* historyPages(
  readStore: ReadStore,
  filter: HistoryFilter,
  userId?: string | { in: readonly string[] },
  pageSize = PAGE,
): AsyncGenerator<CheckDoc[]> {
  let atMost: string | undefined;
  let seen = new Set<string>();
  let size = pageSize;
  for (;;) {
    const page = await findHistory(readStore, { ...filter, limit: size, offset: 0 }, userId, atMost === undefined ? {} : { createdAtMost: atMost });
    const fresh = page.filter((d) => !seen.has(d.id));
    if (fresh.length > 0) yield fresh;
    if (page.length < size) return;
    const last = page[page.length - 1]!.created_at;
    if (fresh.length === 0) {
      // A whole page at one moment, all sent: read more of that moment at once.
      size *= 2;
      continue;
    }
    seen = new Set([...(last === atMost ? seen : []), ...page.filter((d) => d.created_at === last).map((d) => d.id)]);
    atMost = last;
    size = pageSize;
  }
}

/** A CSV cell a spreadsheet would run as a formula gets a leading apostrophe. */
export const safeCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export const historyColumns = [
  'created_at',
  'check_id',
  'wallet_address',
  'network',
  'risk_score',
  'risk_level',
  'aml_status',
  'sanctions_hits',
  'top_factors',
  'reference',
  'batch_id',
] as const;
const record = (d: CheckDoc) => [
  d.created_at,
  d.id,
  d.wallet_address,
  d.network,
  shownRiskScore(d.risk_level, d.risk_score) ?? '',
  d.risk_level ?? '',
  d.aml_status ?? '',
  (d.sanctions_hits ?? []).join('; '),
  (d.risk_factors ?? []).slice(0, 3).join('; '),
  safeCell(d.reference ?? ''),
  d.batch_id ?? '',
];

/** Streams rows to the response as CSV, waiting for the client when it reads slower. */
export async function sendCsv(res: Response, fileName: string, columns: readonly string[], pages: AsyncIterable<unknown[][]>, logger: Logger): Promise<void> {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  const csv = stringify({ header: true, columns: [...columns] });
  const done = new Promise<void>((resolve, reject) => pipeline(csv, res, (error) => (error ? reject(error) : resolve())));
  try {
    for await (const rows of pages) {
      for (const row of rows) if (!csv.write(row)) await once(csv, 'drain');
    }
    csv.end();
  } catch (error) {
    csv.destroy(error as Error);
  }
  await done.catch((error: unknown) => logger.warn({ err: error, fileName }, 'CSV download ended early'));
}

export async function* mapPages<T>(pages: AsyncIterable<T[]>, map: (page: T[]) => Promise<unknown[][]> | unknown[][]): AsyncGenerator<unknown[][]> {
  for await (const page of pages) yield await map(page);
}

const exportName = (who: string, at: Date) => `walletscreen-${who}-${at.toISOString().slice(0, 10)}.csv`;

/** The user's own History as CSV. */
export function sendUserHistoryCsv(res: Response, deps: { readStore: ReadStore; logger: Logger; now: Date }, userId: string, filter: HistoryFilter) {
  return sendCsv(
    res,
    exportName('history', deps.now),
    historyColumns,
    mapPages(historyPages(deps.readStore, filter, userId), (docs) => docs.map(record)),
    deps.logger,
  );
}

/** Every user's History as CSV, each row with the user's e-mail; `email` filters by a substring of it. */
export async function sendAdminHistoryCsv(
  res: Response,
  deps: { readStore: ReadStore; logger: Logger; now: Date },
  filter: HistoryFilter & { email?: string },
) {
  const { email, ...rest } = filter;
  const needle = email?.toLowerCase();
  let owners: { in: string[] } | undefined;
  if (needle) {
    const found = await customerIdsByEmail(deps.readStore, needle, IN_LIMIT + 1);
    if (found.length <= IN_LIMIT) owners = { in: found };
  }
  const pages = owners?.in.length === 0 ? (async function* () {})() : historyPages(deps.readStore, rest, owners);
  const rows = mapPages(pages, async (docs) => {
    const emails = await emailsOfUsers(
      deps.readStore,
      docs.map((d) => d.user_id),
    );
    return docs
      .map((d) => ({ d, email: emails.get(d.user_id) ?? '' }))
      .filter(({ email: e }) => !needle || e.toLowerCase().includes(needle))
      .map(({ d, email: e }) => [e, ...record(d)]);
  });
  return sendCsv(res, exportName('all-checks', deps.now), ['user_email', ...historyColumns], rows, deps.logger);
}
