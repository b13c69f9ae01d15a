/**
 * sdn.csv. Its structure, as confirmed against these sources (not guessed):
 *   - OFAC's SDN data specification (dat_spec.txt, as mirrored by moov-io/watchman's file-structure
 *     page): no header; columns ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type,
 *     Tonnage, GRT, Vess_flag, Vess_owner, Remarks; null is "-0-"; Remarks is capped at 1000
 *     characters, the rest goes to the separate sdn_comments.csv ("spillover", OFAC 2013 notice).
 *   - Real rows (moov-io/watchman internal/ofactest/testdata/sdn.csv): ent_num unquoted, text
 *     fields quoted with "" escapes, nulls written bare as `-0- `; several programmes as
 *     "CYBER2] [ELECTION-EO13848"; Remarks items separated by "; " and ended by ".", addresses as
 *     "Digital Currency Address - XBT 12ud…; alt. Digital Currency Address - XBT 1DT3…"; the
 *     publication date is in none of the CSV files.
 */
import { readCsv } from '@walletscreen/contracts/common/csv';
import { SanctionsListError } from '@walletscreen/domain/sanctions-list/errors';
import { finish, type OfacListParser, type ParsedOfacList, type RawEntry } from './parsed-list';

const REMARK_ADDRESS = /Digital Currency Address\s*-\s*([A-Za-z0-9]+)\s+([^\s;,]+)/g;
const csvValue = (field: string | undefined) => {
  const v = (field ?? '').trim();
  return v === '-0-' ? '' : v;
};

/** "CYBER2] [DPRK3" → ["CYBER2", "DPRK3"]. */
export function splitCsvPrograms(field: string): string[] {
  return field
    .split(/\]\s*\[/)
    .map((p) => p.replace(/[[\]]/g, '').trim())
    .filter((p) => p !== '' && p !== '-0-');
}

/** The (ticker, address) pairs in an sdn.csv Remarks field, and whether its last one was cut off. */
export function remarkAddresses(remarks: string): { found: Array<{ ticker: string; address: string }>; truncated: boolean } {
  const found: Array<{ ticker: string; address: string }> = [];
  const text = remarks.trim();
  // OFAC ends every Remarks with "."; one without it was cut at 1000 characters (the rest is in
  // sdn_comments.csv), and an address running into that cut is a fragment, not an address.
  const cut = text !== '' && !text.endsWith('.');
  let truncated = false;
  for (const m of text.matchAll(REMARK_ADDRESS)) {
    const address = m[2]!.replace(/\.+$/, '');
    if (cut && m.index + m[0].length === text.length) {
      truncated = true;
      continue;
    }
    found.push({ ticker: m[1]!.toUpperCase(), address });
  }
  return { found, truncated: truncated || (cut && /Digital Currency Address/i.test(text)) };
}
/**
 * sdn.csv: addresses in the Remarks column as "Digital Currency Address - XBT 1ABC…;". The file is
 * a few megabytes: its text is kept until the end and read whole by the shared CSV reader (records
 * end at CR, LF or CRLF; a DOS end-of-file mark, 0x1A, is dropped).
 */
export class SdnCsvParser implements OfacListParser {
  private readonly chunks: string[] = [];
  private readonly raw: RawEntry[] = [];
  private rows = 0;
  private badRows = 0;
  private readonly truncated: string[] = [];

  private row(fields: string[]): void {
    this.rows++;
    const id = csvValue(fields[0]);
    if (fields.length < 12 || !/^\d+$/.test(id)) {
      this.badRows++;
      if (this.rows === 1)
        throw new SanctionsListError('unknown-format', 'the first row is not an sdn.csv row (ent_num, SDN_Name, SDN_Type, Program, …, Remarks)');
      return;
    }
    const remarks = csvValue(fields.slice(11).join(','));
    const { found, truncated } = remarkAddresses(remarks);
    if (truncated) this.truncated.push(id);
    const entity = csvValue(fields[1]);
    const programs = splitCsvPrograms(csvValue(fields[3]));
    for (const f of found) this.raw.push({ ...f, entity, programs, sdnId: id });
  }

  write(text: string): void {
    this.chunks.push(text);
  }

  end(): ParsedOfacList {
    // eslint-disable-next-line no-control-regex
    const { records, error } = readCsv(this.chunks.join('').replace(/\u001a/g, ''), { delimiter: ',' });
    this.chunks.length = 0;
    for (const { cells } of records) if (!(cells.length === 1 && cells[0]!.trim() === '')) this.row(cells);
    if (error?.kind === 'unclosed-quote')
      throw new SanctionsListError('malformed', 'the sdn.csv file ends inside a quoted field; it may be cut short: download it again');
    if (error) throw new SanctionsListError('malformed', `the sdn.csv file is not valid CSV at line ${error.line} (${error.message}): download it again`);
    const warnings = ['sdn.csv states no publication date'];
    if (this.badRows > 0) warnings.push(`${this.badRows} sdn.csv row(s) did not have the 12 sdn.csv columns and were skipped`);
    if (this.truncated.length > 0) {
      warnings.push(
        `the Remarks of ${this.truncated.length} sdn.csv entr${this.truncated.length === 1 ? 'y' : 'ies'} (${this.truncated.slice(0, 5).join(', ')}${this.truncated.length > 5 ? ', …' : ''}) ` +
          'were cut at 1000 characters; OFAC puts the rest in sdn_comments.csv, so addresses may be missing: prefer SDN_ADVANCED.XML',
      );
    }
    return finish('sdn-csv', null, this.raw, warnings);
  }
}
