/**
 * The one CSV reader, csv-parse configured once, for the files people upload (custom lists,
 * batches) and OFAC's sdn.csv. A record ends at CRLF, LF or CR (mixed in one file too); a quoted
 * cell may hold the delimiter, `""` for a quote and line breaks; a quote inside an unquoted cell is
 * kept as written; records may have any number of cells; empty lines are skipped and a leading
 * byte-order mark is dropped.
 *
 * Every record carries the line it starts on, counted as people count the lines of the file (a
 * line break inside a quoted cell starts a new line, CRLF is one break), and its text as written,
 * for messages that name a line. csv-parse counts lines itself, but counts a CRLF inside quotes
 * twice and gives a record the line it ends on, so the line is worked out here from the record's
 * end (csv-parse's byte offset) and the line breaks its cells hold.
 *
 * Runs in the browser too: `#csv-parse-sync` (the "imports" of contracts/package.json) is
 * csv-parse's browser build there, which brings its own Buffer, and its Node build elsewhere.
 */
import { CsvError, parse } from '#csv-parse-sync';

export interface CsvRecord {
  /** The line it starts on, from 1. */
  line: number;
  cells: string[];
  /** The record as written: its lines, without the line break that ends it. */
  text: string;
}

export interface CsvReadError {
  /** The line the record that could not be read starts on. */
  line: number;
  /** That line as written. */
  text: string;
  /** What is wrong (csv-parse's words, without its own line number). */
  message: string;
  /** `unclosed-quote`: the file ends inside a quoted cell (cut short, or a quote never closed). */
  kind: 'unclosed-quote' | 'invalid';
}

export interface CsvReadResult {
  /** Every record before the first error (the reader stops there). */
  records: CsvRecord[];
  error?: CsvReadError;
}

export interface CsvReadOptions {
  /** The cell delimiter; by default the one the first line uses most (`csvDelimiterOf`). */
  delimiter?: string;
  /** A line whose first character is `#` (after blanks, when trimming) is a comment, skipped; a `#` elsewhere is text. */
  comments?: boolean;
  /** Blanks around each cell are dropped; those inside its quotes are kept. */
  trim?: boolean;
}

const LINE_BREAK = /\r\n|\n|\r/g;

/** The first line that is neither blank nor a comment. */
export function firstSignificantLine(content: string): string | undefined {
  return content
    .replace(/^\uFEFF/, '')
    .split(LINE_BREAK)
    .find((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
}

/** The delimiter the first significant line uses most: comma, semicolon or tab (comma when it uses none). */
export function csvDelimiterOf(content: string): ',' | ';' | '\t' {
  const first = firstSignificantLine(content) ?? '';
  const counts = ([',', ';', '\t'] as const).map((d) => [d, first.split(d).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ',';
}

/** Where each line starts, in characters and in UTF-8 bytes (csv-parse reads bytes). */
function lineStarts(text: string): { chars: number[]; bytes: number[] } {
  const chars = [0];
  const bytes = [0];
  let b = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) b += 1;
    else if (c < 0x800) b += 2;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      b += 4;
      i++;
    } else b += 3; // the rest of the BMP, and a lone surrogate (written as U+FFFD)
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      chars.push(i + 1);
      bytes.push(b);
    }
  }
  return { chars, bytes };
}

/** The number of the line holding byte `offset` (the last line that starts at or before it). */
function lineAtByte(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

const breaksIn = (cell: string) => (cell.includes('\n') || cell.includes('\r') ? (cell.match(LINE_BREAK)?.length ?? 0) : 0);

/** Reads CSV text into records, each with the line it starts on; stops at the first record it cannot read. */
export function readCsv(content: string, options: CsvReadOptions = {}): CsvReadResult {
  const text = content.replace(/^\uFEFF/, '');
  const starts = lineStarts(text);
  const lineCount = starts.chars.length;
  /** Lines `from` to `to` as written, without the line break after `to`. */
  const linesText = (from: number, to: number) => {
    const end = to < lineCount ? starts.chars[to]! - (text[starts.chars[to]! - 2] === '\r' && text[starts.chars[to]! - 1] === '\n' ? 2 : 1) : text.length;
    return text.slice(starts.chars[from - 1], end);
  };
  const records: CsvRecord[] = [];
  /** The byte after the last record read: where the next one (or a blank or comment line before it) starts. */
  let readUpTo = 0;
  try {
    parse(text, {
      delimiter: options.delimiter ?? csvDelimiterOf(text),
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: options.trim ?? false,
      ...(options.comments ? { comment: '#', comment_no_infix: true } : {}),
      on_record: (cells: string[], info) => {
        // info.bytes: the end of the record, after the line break that ends it (if any).
        const last = lineAtByte(starts.bytes, info.bytes - 1);
        const line = last - cells.reduce((n, c) => n + breaksIn(c), 0);
        records.push({ line, cells, text: linesText(line, last) });
        readUpTo = info.bytes;
        return null;
      },
    });
    return { records };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // The record that failed starts on the first line after the last record that is neither empty nor a comment.
    let line = lineAtByte(starts.bytes, readUpTo);
    const skipped = (l: string) => l.trim() === '' || (options.comments === true && l.trimStart().startsWith('#'));
    while (line < lineCount && skipped(linesText(line, line))) line++;
    const message = error.message.replace(/^Invalid (Record|Opening|Closing) Quote: /, '').replace(/ at line \d+.*$/, '');
    return { records, error: { line, text: linesText(line, line), message, kind: error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'unclosed-quote' : 'invalid' } };
  }
}
