/**
 * SDN.XML. Its structure, as confirmed against this source (not guessed):
 *   - The sdnList XSD, as generated into JAXB classes (raghuadapa/OFAC SdnEntryType.java): sdnEntry
 *     is uid, firstName?, lastName, title?, sdnType, remarks?, programList/program*, idList/id*,
 *     akaList, addressList, …; id is uid, idType, idNumber, idCountry?, …; publshInformation
 *     holds Publish_Date and Record_Count. Publish_Date is MM/DD/YYYY (e.g. 06/22/2026).
 */
import { SanctionsListError } from '@walletscreen/domain/sanctions-list/errors';
import { finish, isoDate, tickerOf, type ParsedOfacList, type RawEntry } from './parsed-list';
import { XmlListParser } from './xml-list-parser';

/** SDN.XML: sdnEntry/idList/id with idType "Digital Currency Address - …". */
export class SdnXmlParser extends XmlListParser {
  private publishDate = '';
  private sawRoot = false;
  private entry: { uid: string; firstName: string; lastName: string; programs: string[]; ids: Array<{ type: string; number: string }> } | null = null;
  private id: { type: string; number: string } | null = null;
  private readonly raw: RawEntry[] = [];

  constructor() {
    super('sdn-xml');
  }

  protected open(name: string, parent: string | undefined): void {
    if (this.path.length === 1) {
      if (name !== 'sdnList') throw new SanctionsListError('unknown-format', `expected an SDN.XML <sdnList> document, found <${name}>`);
      this.sawRoot = true;
      return;
    }
    if (name === 'sdnEntry') this.entry = { uid: '', firstName: '', lastName: '', programs: [], ids: [] };
    else if (name === 'id' && parent === 'idList' && this.entry) this.id = { type: '', number: '' };
    else if (
      (parent === 'publshInformation' && name === 'Publish_Date') ||
      (parent === 'sdnEntry' && (name === 'uid' || name === 'firstName' || name === 'lastName')) ||
      (parent === 'programList' && name === 'program') ||
      (parent === 'id' && (name === 'idType' || name === 'idNumber'))
    ) {
      this.capturing = true;
    }
  }

  protected close(name: string, parent: string | undefined, text: string): void {
    if (parent === 'publshInformation' && name === 'Publish_Date') this.publishDate = text;
    else if (!this.entry) return;
    else if (parent === 'sdnEntry' && (name === 'uid' || name === 'firstName' || name === 'lastName')) this.entry[name] = text;
    else if (parent === 'programList' && name === 'program') this.entry.programs.push(text);
    else if (parent === 'id' && this.id && name === 'idType') this.id.type = text;
    else if (parent === 'id' && this.id && name === 'idNumber') this.id.number = text;
    else if (name === 'id' && this.id) {
      this.entry.ids.push(this.id);
      this.id = null;
    } else if (name === 'sdnEntry') {
      const e = this.entry;
      const entity = e.firstName !== '' ? `${e.lastName}, ${e.firstName}` : e.lastName;
      for (const id of e.ids) {
        const ticker = tickerOf(id.type);
        if (ticker !== null) this.raw.push({ ticker, address: id.number, entity, programs: e.programs, sdnId: e.uid });
      }
      this.entry = null;
    }
  }

  protected result(): ParsedOfacList {
    if (!this.sawRoot) throw new SanctionsListError('malformed', 'the SDN.XML file has no <sdnList> root element');
    const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(this.publishDate);
    const publishedAt = m ? isoDate(Number(m[3]), Number(m[1]), Number(m[2])) : null;
    const warnings = publishedAt === null ? [`SDN.XML states no valid Publish_Date${this.publishDate ? ` ("${this.publishDate}")` : ''}`] : [];
    return finish(this.format, publishedAt, this.raw, warnings);
  }
}
