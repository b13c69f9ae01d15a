/**
 * Custom block and allow lists an administrator uploads, screened by the sanctions stage next to
 * the OFAC list. One stream per list, `custom-list-<listId>` (its events: domain/src/custom-list).
 * Here what the API, the workers and the browser share: the kinds and formats, the limits, the
 * parser of an uploaded file, and the API bodies.
 *
 * The file formats:
 * - text: one address per line; blank lines and lines starting with `#` are skipped; anything
 *   after a `#` on an address line is kept as the entry's note;
 * - CSV: a header row naming an `address` (or `wallet`, `wallet_address`) column, optionally a
 *   `network` (or `chain`) column and a `note` (or `reason`, `comment`) column; comma, semicolon
 *   or tab separated, RFC 4180 quotes.
 * Every address is parsed and normalized with `parseAddress`; a line that does not parse is
 * rejected with its line number and the reason, and the rest of the file is kept.
 */
import { z } from 'zod';
import { networks, parseAddress, type Chain, type Network } from '../addresses/parse';
import { csvDelimiterOf, firstSignificantLine, readCsv } from '../common/csv';
import { NOT_BLANK } from '../common/text';

export const customListKinds = ['block', 'allow'] as const;
export type CustomListKind = (typeof customListKinds)[number];
export const customListFormats = ['text', 'csv'] as const;
export type CustomListFormat = (typeof customListFormats)[number];

export const customListStreamPrefix = 'custom-list-';
export const customListStreamId = (listId: string) => `${customListStreamPrefix}${listId}`;

export const CUSTOM_LIST_LIMITS = {
  /** Largest file accepted, in bytes of UTF-8 text. */
  maxBytes: 5 * 1024 * 1024,
  maxEntries: 100_000,
  nameMax: 100,
  noteMax: 500,
  /** Rejected lines kept in the event and returned, with the total count beside them. */
  rejectedKept: 1_000,
} as const;

/** One listed address. Matching is per chain: an EVM address is listed on every EVM network. */
export interface CustomListEntry {
  /** `parseAddress(...).normalized`: EIP-55 for EVM, lower-case bech32, CashAddr, base58 as is. */
  address: string;
  chain: Chain;
  /** The network the file named, or the one the address was recognised as. */
  network: Network;
  note?: string;
}

export interface RejectedLine {
  /** 1-based line number in the uploaded file. */
  line: number;
  /** The line as uploaded (shortened). */
  text: string;
  reason: string;
}

// ---------------------------------------------------------------------------------------------
// Parsing

export interface ParsedCustomList {
  format: CustomListFormat;
  entries: CustomListEntry[];
  /** Every rejected line (the caller keeps the first ones). */
  rejected: RejectedLine[];
  duplicates: number;
  /** Why the file as a whole cannot be used (no address column, too many addresses). */
  error?: string;
}

export const ADDRESS_HEADERS: ReadonlySet<string> = new Set(['address', 'wallet', 'wallet_address', 'wallet address', 'walletaddress', 'wallet-address']);
export const NETWORK_HEADERS: ReadonlySet<string> = new Set(['network', 'chain', 'blockchain']);
const NOTE_HEADERS = new Set(['note', 'notes', 'reason', 'comment', 'comments', 'description']);

/** What people write in a network column, to the network it names (lower case, spaces for `_`). */
const NETWORK_ALIASES: Record<string, Network> = {
  btc: 'bitcoin',
  xbt: 'bitcoin',
  eth: 'ethereum',
  evm: 'ethereum',
  erc20: 'ethereum',
  'erc-20': 'ethereum',
  bnb: 'bsc',
  'bnb chain': 'bsc',
  'bnb smart chain': 'bsc',
  'binance smart chain': 'bsc',
  bep20: 'bsc',
  'bep-20': 'bsc',
  matic: 'polygon',
  pol: 'polygon',
  arb: 'arbitrum',
  'arbitrum one': 'arbitrum',
  op: 'optimism',
  trx: 'tron',
  trc20: 'tron',
  'trc-20': 'tron',
  sol: 'solana',
  ltc: 'litecoin',
  doge: 'dogecoin',
  bch: 'bitcoin-cash',
  'bitcoin cash': 'bitcoin-cash',
  bitcoincash: 'bitcoin-cash',
  ripple: 'xrp',
  xrpl: 'xrp',
  'xrp ledger': 'xrp',
  xmr: 'monero',
  zec: 'zcash',
  btg: 'bitcoin-gold',
  'bitcoin gold': 'bitcoin-gold',
  xvg: 'verge',
  etc: 'ethereum-classic',
  'ethereum classic': 'ethereum-classic',
  bsv: 'bitcoin-sv',
  'bitcoin sv': 'bitcoin-sv',
};

/** The network a network/chain cell names, or null when it names none we screen. */
export function networkFromLabel(label: string): Network | null {
  const key = label
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');
  if ((networks as readonly string[]).includes(key)) return key as Network;
  return NETWORK_ALIASES[key] ?? NETWORK_ALIASES[key.replace(/-/g, ' ')] ?? null;
}

const shorten = (text: string) => (text.length > 200 ? `${text.slice(0, 197)}...` : text);
/** A note on one line: line breaks and other control characters become spaces. */
const cleanNote = (note: string | undefined) => {
  // eslint-disable-next-line no-control-regex
  const t = note?.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return t ? t.slice(0, CUSTOM_LIST_LIMITS.noteMax) : undefined;
};

/** Splits into lines (any line ending), without a leading byte-order mark. */
function linesOf(content: string): string[] {
  return content.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
}

const headerName = (cell: string) => cell.trim().replace(/^"|"$/g, '').trim().toLowerCase();

/** CSV when the first significant line is a header naming an address column; text otherwise. */
export function detectCustomListFormat(content: string): CustomListFormat {
  const first = firstSignificantLine(content);
  if (first === undefined) return 'text';
  return first.split(csvDelimiterOf(first)).some((c) => ADDRESS_HEADERS.has(headerName(c))) ? 'csv' : 'text';
}

/** Adds an entry unless the address is already listed; false when the list is full. */
function collector() {
  const entries: CustomListEntry[] = [];
  const rejected: RejectedLine[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  return {
    entries,
    rejected,
    get duplicates() {
      return duplicates;
    },
    add(line: number, raw: string, address: string, network: Network | undefined, note: string | undefined): boolean {
      const parsed = parseAddress(address, network);
      if (!parsed.ok) {
        rejected.push({ line, text: shorten(raw.trim()), reason: parsed.reason });
        return true;
      }
      const a = parsed.address;
      const key = `${a.chain}|${a.chain === 'evm' ? a.normalized.toLowerCase() : a.normalized}`;
      if (seen.has(key)) {
        duplicates++;
        return true;
      }
      if (entries.length >= CUSTOM_LIST_LIMITS.maxEntries) return false;
      seen.add(key);
      const n = cleanNote(note);
      entries.push({ address: a.normalized, chain: a.chain, network: a.network, ...(n ? { note: n } : {}) });
      return true;
    },
  };
}

const tooMany = `The list has more than ${CUSTOM_LIST_LIMITS.maxEntries.toLocaleString('en-US')} addresses: split it into several lists`;

/** Lines parsed between two pauses of `parseCustomListSteps`. */
const STEP = 2_000;

function* parseText(content: string): Generator<void, ParsedCustomList> {
  const c = collector();
  const lines = linesOf(content);
  for (let i = 0; i < lines.length; i++) {
    if (i % STEP === STEP - 1) yield;
    const raw = lines[i]!;
    const text = raw.trim();
    if (text === '' || text.startsWith('#')) continue;
    const hash = text.indexOf('#');
    const address = (hash >= 0 ? text.slice(0, hash) : text).trim();
    const note = hash >= 0 ? text.slice(hash + 1) : undefined;
    if (!c.add(i + 1, raw, address, undefined, note))
      return { format: 'text', entries: c.entries, rejected: c.rejected, duplicates: c.duplicates, error: tooMany };
  }
  return { format: 'text', entries: c.entries, rejected: c.rejected, duplicates: c.duplicates };
}

function* parseCsv(content: string): Generator<void, ParsedCustomList> {
  const first = firstSignificantLine(content);
  const empty: ParsedCustomList = { format: 'csv', entries: [], rejected: [], duplicates: 0 };
  if (first === undefined) return { ...empty, error: 'The file is empty' };
  const read = readCsv(content, { delimiter: csvDelimiterOf(first), comments: true, trim: true });
  const [header, ...rows] = read.records.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const names = header?.cells.map(headerName) ?? [];
  const addressAt = names.findIndex((n) => ADDRESS_HEADERS.has(n));
  if (addressAt < 0) {
    if (!header && read.error) return { ...empty, error: `The file is not valid CSV: ${read.error.message} (line ${read.error.line})` };
    return { ...empty, error: 'The CSV file has no address column: name one column address, wallet or wallet_address' };
  }
  const networkAt = names.findIndex((n) => NETWORK_HEADERS.has(n));
  const noteAt = names.findIndex((n) => NOTE_HEADERS.has(n));
  const c = collector();
  for (const [i, row] of rows.entries()) {
    if (i % STEP === STEP - 1) yield;
    const address = (row.cells[addressAt] ?? '').trim();
    if (address === '') {
      c.rejected.push({ line: row.line, text: shorten(row.text.trim()), reason: 'No address in this row' });
      continue;
    }
    const label = networkAt >= 0 ? (row.cells[networkAt] ?? '').trim() : '';
    const network = label === '' ? undefined : networkFromLabel(label);
    if (network === null) {
      c.rejected.push({ line: row.line, text: shorten(row.text.trim()), reason: `Unknown network "${shorten(label)}"` });
      continue;
    }
    if (!c.add(row.line, row.text, address, network, noteAt >= 0 ? row.cells[noteAt] : undefined)) {
      return { format: 'csv', entries: c.entries, rejected: c.rejected, duplicates: c.duplicates, error: tooMany };
    }
  }
  // The reader stops at a record it cannot read (a quote never closed): that line is rejected, and nothing after it was read.
  if (read.error)
    c.rejected.push({
      line: read.error.line,
      text: shorten(read.error.text.trim()),
      reason: `The file is not valid CSV: ${read.error.message}; nothing from this line on was read`,
    });
  return { format: 'csv', entries: c.entries, rejected: c.rejected, duplicates: c.duplicates };
}

/**
 * Parses an uploaded list: `format` as given, or detected (CSV when the first line is a header
 * naming an address column). Pure; never throws.
 */
export function parseCustomList(content: string, format?: CustomListFormat): ParsedCustomList {
  const steps = parseCustomListSteps(content, format);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same parse in steps: it pauses every few thousand lines, so a server can let other work run
 * while it checks a list of 100,000 addresses (each one a checksum to verify).
 */
export function parseCustomListSteps(content: string, format?: CustomListFormat): Generator<void, ParsedCustomList> {
  const chosen = format ?? detectCustomListFormat(content);
  return chosen === 'csv' ? parseCsv(content) : parseText(content);
}

// ---------------------------------------------------------------------------------------------
// API bodies

export const customListMessages = {
  nameRequired: 'Give the list a name',
  nameTooLong: `The name may have at most ${CUSTOM_LIST_LIMITS.nameMax} characters`,
  nameControl: 'The name may not contain line breaks or other control characters',
  kindInvalid: 'The kind must be block or allow',
  contentRequired: 'The file is empty',
  contentTooLarge: `The file may have at most ${CUSTOM_LIST_LIMITS.maxBytes / (1024 * 1024)} MB`,
  noValidAddress: 'The file holds no valid address: nothing was recorded',
  notFound: 'No such list',
} as const;

/** Bytes of `text` in UTF-8. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export const customListNameSchema = z
  .string({ error: customListMessages.nameRequired })
  .regex(NOT_BLANK, { error: customListMessages.nameRequired })
  .trim()
  .min(1, { error: customListMessages.nameRequired })
  .max(CUSTOM_LIST_LIMITS.nameMax, { error: customListMessages.nameTooLong })
  // eslint-disable-next-line no-control-regex
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: customListMessages.nameControl });

export const customListUploadRequestSchema = z.object({
  name: customListNameSchema,
  kind: z.enum(customListKinds, { error: customListMessages.kindInvalid }),
  content: z
    .string({ error: customListMessages.contentRequired })
    .regex(NOT_BLANK, { error: customListMessages.contentRequired, abort: true })
    // A string's length (UTF-16 units) is never more than its UTF-8 bytes: the cheap test first.
    .refine((s) => s.length <= CUSTOM_LIST_LIMITS.maxBytes && utf8Length(s) <= CUSTOM_LIST_LIMITS.maxBytes, { error: customListMessages.contentTooLarge }),
  format: z.enum(customListFormats, { error: 'The format must be text or csv' }).optional(),
});
export type CustomListUploadRequest = z.input<typeof customListUploadRequestSchema>;

export const customListSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(customListKinds),
  format: z.enum(customListFormats),
  /** Addresses listed. */
  count: z.number().int(),
  rejected_count: z.number().int(),
  /** 1 for the first upload, +1 for every replacement. */
  version: z.number().int(),
  sha256: z.string(),
  uploaded_at: z.string(),
  uploaded_by: z.string(),
});
export type CustomListSummary = z.infer<typeof customListSummarySchema>;

export const rejectedLineSchema = z.object({ line: z.number().int(), text: z.string(), reason: z.string() });

export const customListUploadResponseSchema = customListSummarySchema.extend({
  /** True when an existing list of that name was replaced (a new version), false for a new list. */
  replaced: z.boolean(),
  duplicates: z.number().int(),
  rejected: z.array(rejectedLineSchema),
});
export type CustomListUploadResponse = z.infer<typeof customListUploadResponseSchema>;

export const customListRemoveResponseSchema = z.object({ id: z.string(), name: z.string(), removed_at: z.string() });
export type CustomListRemoveResponse = z.infer<typeof customListRemoveResponseSchema>;
