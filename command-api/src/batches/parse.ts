/**
 * A batch's rows, parsed and checked before anything is charged: a CSV file (read by the
 * contracts' CSV reader) or the API's JSON rows. Every row is an address, optionally a network and
 * the caller's reference. Each error names its line; a wallet on several rows is screened once.
 */
import { createHash } from 'node:crypto';
import {
  ADDRESS_HEADERS,
  BATCH_LIMITS,
  NETWORK_HEADERS,
  networkFromLabel,
  parseAddress,
  REFERENCE_MAX,
  type BatchLineError,
  type Network,
} from '@walletscreen/contracts';
import { readCsv } from '@walletscreen/contracts/common/csv';
import type { BatchRefusedRow, BatchRow } from '@walletscreen/domain/batch/events';

export const REFERENCE_HEADERS: ReadonlySet<string> = new Set([
  'reference',
  'ref',
  'external_id',
  'external id',
  'customer',
  'customer_id',
  'customer id',
  'id',
  'note',
  'label',
]);

export interface ParsedBatch {
  rows: BatchRow[];
  /** The first errors (at most BATCH_LIMITS.errorsListed), with their lines. */
  errors: BatchLineError[];
  errorCount: number;
  /** Every row that cannot be screened, as written, with why: left out when the batch is submitted with its invalid rows skipped. */
  refused: BatchRefusedRow[];
  /** The file as a whole cannot be read (not CSV, no rows, too many): no row can be screened, whatever is asked. */
  fileError: boolean;
  /** Distinct wallets: one check each. */
  walletCount: number;
  /** The rows' content hash: the same file gives the same batch. */
  contentHash: string;
}

export interface RawRow {
  line: number;
  address: string;
  network?: string;
  reference?: string;
}

const headerName = (cell: string) => cell.trim().toLowerCase();
const tooMany = `The file has more than ${BATCH_LIMITS.maxRows.toLocaleString('en-US')} rows: split it into several batches`;

/**
 * The rows of a CSV file. With a header naming an address column (address, wallet,
 * wallet_address), the network (network, chain) and reference (reference, ref, customer_id, …)
 * columns are found by name; without one, the columns are address, network, reference.
 */
export function csvRows(content: string): { rows: RawRow[]; error?: BatchLineError } {
  const read = readCsv(content, { comments: true, trim: true });
  if (read.error) return { rows: [], error: { line: read.error.line, message: `The file is not valid CSV: ${read.error.message}` } };
  const records = read.records.filter((r) => r.cells.some((c) => c !== ''));
  if (records.length === 0) return { rows: [] };
  const names = records[0]!.cells.map(headerName);
  const hasHeader = names.some((n) => ADDRESS_HEADERS.has(n));
  const at = hasHeader
    ? {
        address: names.findIndex((n) => ADDRESS_HEADERS.has(n)),
        network: names.findIndex((n) => NETWORK_HEADERS.has(n)),
        reference: names.findIndex((n) => REFERENCE_HEADERS.has(n)),
      }
    : { address: 0, network: 1, reference: 2 };
  const cell = (record: string[], i: number) => (i >= 0 ? (record[i] ?? '') : '');
  const rows = (hasHeader ? records.slice(1) : records).map(({ cells, line }) => ({
    line,
    address: cell(cells, at.address),
    network: cell(cells, at.network) || undefined,
    reference: cell(cells, at.reference) || undefined,
  }));
  return { rows };
}

const walletKey = (a: { chain: string; network: Network; normalized: string; tag?: number | null }) =>
  `${a.network}|${a.chain === 'evm' ? a.normalized.toLowerCase() : a.normalized}|${a.tag ?? ''}`;

/** Whether a text is on the sanctions list in force as written: such a row is screened as `other` (listed text that is no address). */
export type IsListedText = (text: string) => boolean;

/** Checks every row; a wallet already on an earlier row is marked `sameAs` that row. */
export function checkRows(raw: readonly RawRow[], initialError?: BatchLineError, isListed?: IsListedText): ParsedBatch {
  const errors: BatchLineError[] = [];
  const refused: BatchRefusedRow[] = [];
  let errorCount = 0;
  const fail = (line: number, message: string) => {
    errorCount++;
    if (errors.length < BATCH_LIMITS.errorsListed) errors.push({ line, message });
  };
  // A row that cannot be screened: an error, and kept as written (a batch may leave it out and screen the others).
  const refuse = (r: RawRow, reason: string) => {
    fail(r.line, reason);
    const network = r.network?.trim();
    const reference = r.reference?.trim();
    refused.push({
      line: r.line,
      input: r.address.trim().slice(0, 200),
      ...(network ? { network: network.slice(0, 50) } : {}),
      ...(reference ? { reference: reference.slice(0, REFERENCE_MAX) } : {}),
      reason,
    });
  };
  const fileError = initialError !== undefined || raw.length > BATCH_LIMITS.maxRows || raw.length === 0;
  if (initialError) fail(initialError.line, initialError.message);
  if (raw.length > BATCH_LIMITS.maxRows) fail(raw[BATCH_LIMITS.maxRows]!.line, tooMany);
  else if (raw.length === 0 && !initialError)
    fail(0, 'The file has no rows: put one wallet address on each line (an address column, and optionally network and reference)');

  const rows: BatchRow[] = [];
  const firstLine = new Map<string, number>();
  for (const r of raw.slice(0, BATCH_LIMITS.maxRows)) {
    const input = r.address.trim();
    if (input === '') {
      refuse(r, 'No address in this row');
      continue;
    }
    let network: Network | undefined;
    if (r.network !== undefined && r.network.trim() !== '') {
      const n = networkFromLabel(r.network);
      if (n === null) {
        refuse(r, `Unknown network "${r.network.trim().slice(0, 50)}"`);
        continue;
      }
      network = n;
    }
    // eslint-disable-next-line no-control-regex
    const reference = r.reference?.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() || undefined;
    if (reference !== undefined && reference.length > REFERENCE_MAX) {
      refuse(r, `The reference has more than ${REFERENCE_MAX} characters`);
      continue;
    }
    let parsed = parseAddress(input, network);
    if (!parsed.ok && network === undefined && isListed?.(input)) parsed = parseAddress(input, 'other');
    if (!parsed.ok) {
      refuse(r, parsed.reason);
      continue;
    }
    const key = walletKey(parsed.address);
    const earlier = firstLine.get(key);
    if (earlier === undefined) firstLine.set(key, r.line);
    rows.push({
      line: r.line,
      input,
      address: parsed.address.normalized,
      network: parsed.address.network,
      ...(reference !== undefined ? { reference } : {}),
      ...(earlier !== undefined ? { sameAs: earlier } : {}),
    });
  }
  const hash = createHash('sha256');
  for (const row of rows) hash.update(`${row.input}\t${row.network}\t${row.reference ?? ''}\n`);
  // The rows left out are part of the file (none in a file without errors: its hash is as before).
  for (const row of refused) hash.update(`!${row.line}\t${row.input}\t${row.network ?? ''}\t${row.reference ?? ''}\n`);
  return { rows, errors, errorCount, refused, fileError, walletCount: firstLine.size, contentHash: hash.digest('hex') };
}

/** A CSV file's batch. */
export const parseBatchCsv = (content: string, isListed?: IsListedText): ParsedBatch => {
  const { rows, error } = csvRows(content);
  return checkRows(rows, error, isListed);
};

/** The API's JSON rows: each row's "line" is its position, from 1. */
export const parseBatchJson = (rows: ReadonlyArray<{ address: string; network?: string; reference?: string }>, isListed?: IsListedText): ParsedBatch =>
  checkRows(
    rows.map((r, i) => ({
      line: i + 1,
      address: r.address,
      ...(r.network !== undefined ? { network: r.network } : {}),
      ...(r.reference !== undefined ? { reference: r.reference } : {}),
    })),
    undefined,
    isListed,
  );
