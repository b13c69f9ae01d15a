import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { csvDelimiterOf, readCsv } from './csv';

/** Cells made of what CSV has to escape (quotes, every delimiter, every line break, blanks, `#`) and of any other text. */
const cell = fc.string({
  unit: fc.oneof(fc.constantFrom('"', ',', ';', '\t', '\r', '\n', '\r\n', ' ', '#'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })),
  maxLength: 12,
});
const delimiter = fc.constantFrom(',', ';', '\t');
const recordDelimiter = fc.constantFrom('\n', '\r\n', '\r');
/** The line breaks a text holds, CRLF as one. */
const breaks = (text: string) => text.match(/\r\n|\n|\r/g)?.length ?? 0;

describe('readCsv', () => {
  it('reads back what csv-stringify writes, whatever the cells hold, each record with the line it starts on and its text', () => {
    // A record of one empty cell is an empty line, which the reader skips.
    const record = fc.array(cell, { minLength: 1, maxLength: 5 }).filter((r) => !(r.length === 1 && r[0] === ''));
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 12 }), delimiter, recordDelimiter, (records, d, eol) => {
        // The reader ends a record at any line break, so a cell holding one must be quoted whatever the file's own line break.
        const written = records.map((r) => stringify([r], { delimiter: d, record_delimiter: eol, quoted_match: /[\r\n]/ }));
        const csv = written.join('');
        fc.pre(!csv.startsWith('\uFEFF'));
        const { records: read, error } = readCsv(csv, { delimiter: d });
        expect(error).toBeUndefined();
        expect(read.map((r) => r.cells)).toEqual(records);
        expect(read.map((r) => r.line)).toEqual(written.map((_, i) => 1 + breaks(written.slice(0, i).join(''))));
        expect(read.map((r) => r.text)).toEqual(written.map((w) => w.slice(0, -eol.length)));
      }),
    );
  });

  it('trimming and skipping comments, reads back quoted cells as written, past blank and comment lines', () => {
    const junk = fc.array(fc.constantFrom('', '   ', '# a comment, "quoted"', '  # an indented one'), { maxLength: 2 });
    const record = fc.record({ before: junk, cells: fc.array(cell, { minLength: 1, maxLength: 4 }) });
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 10 }), delimiter, recordDelimiter, (records, d, eol) => {
        const parts = records.map((r) => ({
          before: r.before.map((l) => l + eol).join(''),
          written: stringify([r.cells], { delimiter: d, record_delimiter: eol, quoted: true, quoted_empty: true }),
        }));
        const csv = parts.map((p) => p.before + p.written).join('');
        const { records: read, error } = readCsv(csv, { delimiter: d, trim: true, comments: true });
        expect(error).toBeUndefined();
        expect(read.map((r) => r.cells)).toEqual(records.map((r) => r.cells));
        const lineOf = (i: number) =>
          1 +
          breaks(
            parts
              .slice(0, i)
              .map((p) => p.before + p.written)
              .join('') + parts[i]!.before,
          );
        expect(read.map((r) => r.line)).toEqual(parts.map((_, i) => lineOf(i)));
      }),
    );
  });

  it('never throws, whatever the text: it reads the records it can, in order, and says where it stopped', () => {
    const text = fc.string({
      unit: fc.oneof(fc.constantFrom('"', ',', '\r', '\n', ' ', '#', 'x'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })),
      maxLength: 60,
    });
    fc.assert(
      fc.property(text, fc.boolean(), (csv, upload) => {
        const { records, error } = readCsv(csv, upload ? { trim: true, comments: true } : {});
        const lines = breaks(csv) + 1;
        for (const [i, r] of records.entries()) {
          expect(r.line).toBeGreaterThanOrEqual(i === 0 ? 1 : records[i - 1]!.line + 1);
          expect(r.line + breaks(r.text)).toBeLessThanOrEqual(lines);
        }
        if (error) expect(error.line).toBeGreaterThan(records.at(-1)?.line ?? 0);
      }),
    );
  });

  it('counts a CRLF inside quotes as one line break, and a lone CR as one too', () => {
    const { records } = readCsv('address,note\r\n0xA,"two\r\nlines"\r\n0xB,"three\rlines\nhere"\r\n0xC,x\r\n');
    expect(records.map((r) => [r.line, r.cells[0]])).toEqual([
      [1, 'address'],
      [2, '0xA'],
      [4, '0xB'],
      [7, '0xC'],
    ]);
    expect(records[2]!.text).toBe('0xB,"three\rlines\nhere"');
  });

  it('reads a file whose lines end differently, drops a byte-order mark and skips empty lines', () => {
    expect(readCsv('\uFEFFa;b\r\n\nc;d\re;f\n\n').records.map((r) => [r.line, ...r.cells])).toEqual([
      [1, 'a', 'b'],
      [3, 'c', 'd'],
      [4, 'e', 'f'],
    ]);
  });

  it('keeps a quote inside an unquoted cell as written', () => {
    expect(readCsv('5 1/2" pipe,x\n').records[0]!.cells).toEqual(['5 1/2" pipe', 'x']);
  });

  it('stops at a quote never closed, naming the line the record starts on', () => {
    const { records, error } = readCsv('address\n0xA\n\n# a comment\n"0xB,\nmore\nlines\n', { comments: true });
    expect(records.map((r) => r.cells)).toEqual([['address'], ['0xA']]);
    expect(error).toEqual({ line: 5, text: '"0xB,', message: 'Quote Not Closed: the parsing is finished with an opening quote', kind: 'unclosed-quote' });
  });

  it('trimming, stops at text after a closing quote', () => {
    const { records, error } = readCsv('a,b\n"c"d,e\nf,g\n', { trim: true });
    expect(records.map((r) => r.cells)).toEqual([['a', 'b']]);
    expect(error).toMatchObject({ line: 2, text: '"c"d,e', message: 'found non trimable byte after quote', kind: 'invalid' });
  });

  it('counts lines in characters, whatever bytes a character takes in UTF-8', () => {
    expect(readCsv('é😀,"x\ny"\n€,z\n').records.map((r) => [r.line, r.text])).toEqual([
      [1, 'é😀,"x\ny"'],
      [3, '€,z'],
    ]);
  });
});

describe('csvDelimiterOf', () => {
  it.each([
    ['address,network\n', ','],
    ['# exported\n\naddress;network;note\n', ';'],
    ['address\tnetwork\n', '\t'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n', ','],
  ])('%j is read with %j', (content, expected) => expect(csvDelimiterOf(content)).toBe(expected));
});
