/**
 * Streaming parsers for the three OFAC SDN list formats that carry digital currency addresses.
 * Each is fed text in chunks and keeps only what it needs (the listed addresses, their party's
 * name and programmes), so the >100 MB SDN_ADVANCED.XML is never held whole in memory.
 *
 * Structure of each format, as confirmed against these sources (not guessed):
 *
 * SDN_ADVANCED.XML (OFAC's "advanced sanctions data standard", the UN sanctions data model):
 *   - OFAC, "SDN Advanced Sanctions Data Model XML Explanatory Notes" (sdn_advanced_notes.pdf): the
 *     top-level elements DateOfIssue, ReferenceValueSets, Locations, IDRegDocuments,
 *     DistinctParties, ProfileRelationships, SanctionsEntries.
 *   - OFAC recent action 2024-05-07 "Change to namespace in SDN.XML, CONSOLIDATED.XML,
 *     SDN_ADVANCED.XML…": root <Sanctions xmlns=".../exports/ADVANCED_XML" Version="3">; the
 *     namespace changed before (http://www.un.org/sanctions/1.0), so names are matched locally.
 *   - A field profile of a real 2025-08-27 SDN_ADVANCED.XML (element paths, attribute names and
 *     sample values): DateOfIssue[CalendarTypeID]/Year|Month|Day; ReferenceValueSets/
 *     <X>Values/<X ID="…">text</X> for FeatureType, SanctionsType, SanctionsProgram, List,
 *     NamePartType, DocNameStatus, AliasType; DistinctParty[FixedRef]/Profile[ID]/Identity/
 *     Alias[AliasTypeID, Primary]/DocumentedName[DocNameStatusID]/DocumentedNamePart/
 *     NamePartValue[NamePartGroupID], Identity/NamePartGroups/MasterNamePartGroup/
 *     NamePartGroup[ID, NamePartTypeID]; Profile/Feature[FeatureTypeID]/FeatureVersion/
 *     VersionDetail (text); SanctionsEntries/SanctionsEntry[ProfileID, ListID]/
 *     SanctionsMeasure[SanctionsTypeID]/Comment, and SanctionsEntry/EntryEvent[EntryEventTypeID]/
 *     Date/Year|Month|Day, its EntryEventType "Created". In that file every LegalBasis points at
 *     SanctionsProgramID 1 ("Unknown"); the programme codes (RUSSIA-EO14024, SDGT, …) are the
 *     Comment of the measures whose SanctionsType is "Program", exactly as many as such measures.
 *   - opensanctions/opensanctions datasets/us/ofac/ofac_advanced.py (reference lookups as
 *     ReferenceValueSets/<X>Values/<X>[@ID]; SanctionsType "Program" → measure Comment; feature
 *     value from VersionDetail; DistinctParties/DistinctParty/Profile/Identity/Alias).
 *   - The designation date: real SanctionsEntries (e.g. profile 36, ListID 1550, EntryEvent
 *     EntryEventTypeID 1 with Date 1986-12-10, as extracted in venkatasai-kadamati/ofac_sdn_parser)
 *     and a parser that reads EntryEvent/Date as the designation date, checked against the live
 *     file: a profile may have several SanctionsEntry elements and an entry several EntryEvents
 *     (the earliest counts), and a Date may give the year, or year and month, only. OpenSanctions'
 *     parser reads EntryEvent's Comment and LegalBasis but not its Date. The date is the party's
 *     designation, not when each of its addresses was added.
 * SDN.XML:
 *   - The sdnList XSD, as generated into JAXB classes (raghuadapa/OFAC SdnEntryType.java): sdnEntry
 *     is uid, firstName?, lastName, title?, sdnType, remarks?, programList/program*, idList/id*,
 *     akaList, addressList, …; id is uid, idType, idNumber, idCountry?, …; publshInformation
 *     holds Publish_Date and Record_Count. Publish_Date is MM/DD/YYYY (e.g. 06/22/2026).
 * sdn.csv:
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
import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { SanctionsListError } from './errors';
import { describeListing } from './match-key';
import { ofacFormatNames, type OfacFormat, type SanctionEntry } from './sanctions-list';

export interface ParsedOfacList {
  format: OfacFormat;
  /** YYYY-MM-DD, or null when the file states no date (sdn.csv). */
  publishedAt: string | null;
  /** Sorted by SDN id, ticker, address; one per listed (party, ticker, address). */
  entries: SanctionEntry[];
  /** What the file could not tell us, for the person running the import. */
  warnings: string[];
}

export interface OfacListParser {
  write(text: string): void;
  end(): ParsedOfacList;
}

const CURRENCY_FEATURE = /^Digital Currency Address\s*-\s*(\S+)\s*$/i;

/** "Digital Currency Address - XBT" → "XBT"; null for any other feature or id type. */
export function tickerOf(label: string): string | null {
  const m = CURRENCY_FEATURE.exec(label.trim());
  return m ? m[1]!.toUpperCase() : null;
}

interface RawEntry {
  ticker: string;
  address: string;
  entity: string;
  programs: string[];
  sdnId: string;
  designatedAt?: string | null;
  jurisdiction?: string | null;
}

/** An entry, screened by what its address is (see match-key.ts), whatever its ticker. */
function toEntry(raw: RawEntry): SanctionEntry {
  const address = raw.address.trim();
  const { network, normalized, valid, listedNetwork, matchedChains, crossChain } = describeListing(raw.ticker, address);
  return {
    ticker: raw.ticker,
    address,
    network,
    normalized,
    valid,
    entity: raw.entity,
    programs: raw.programs,
    sdnId: raw.sdnId,
    listedNetwork,
    matchedChains,
    crossChain,
    designatedAt: raw.designatedAt ?? null,
    ...(raw.jurisdiction ? { jurisdiction: raw.jurisdiction } : {}),
  };
}

const programList = (programs: Iterable<string>) => [...new Set([...programs].map((p) => p.trim()).filter((p) => p !== ''))].sort();

function compareIds(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

function finish(format: OfacFormat, publishedAt: string | null, raw: RawEntry[], warnings: string[]): ParsedOfacList {
  const seen = new Set<string>();
  const entries: SanctionEntry[] = [];
  for (const r of raw) {
    const address = r.address.trim();
    if (address === '') continue;
    const key = `${r.sdnId}\u0000${r.ticker}\u0000${address}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push(toEntry({ ...r, address, programs: programList(r.programs) }));
  }
  entries.sort((a, b) => compareIds(a.sdnId, b.sdnId) || (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0) || (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
  return { format, publishedAt, entries, warnings };
}

function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A date OFAC may give in part: YYYY-MM-DD, YYYY-MM or YYYY; null when not even the year is valid. */
function partialDate(parts: Record<string, string>): string | null {
  const year = Number(parts.Year);
  if (!Number.isInteger(year) || year < 1900) return null;
  const month = parts.Month === undefined || parts.Month === '' ? null : Number(parts.Month);
  if (month === null || !Number.isInteger(month) || month < 1 || month > 12) return String(year);
  const day = parts.Day === undefined || parts.Day === '' ? null : Number(parts.Day);
  return (day !== null && isoDate(year, month, day)) || `${year}-${String(month).padStart(2, '0')}`;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Runs a SAX parser over the chunks, turning its errors into clear ones. */
abstract class XmlListParser implements OfacListParser {
  protected readonly path: string[] = [];
  protected text = '';
  protected capturing = false;
  private readonly sax = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });

  constructor(protected readonly format: OfacFormat) {
    this.sax.on('opentag', (tag: SaxesTagPlain) => {
      const name = localName(tag.name);
      const parent = this.path[this.path.length - 1];
      this.path.push(name);
      this.text = '';
      this.capturing = false;
      this.open(name, parent, tag.attributes);
    });
    this.sax.on('text', (t) => {
      if (this.capturing) this.text += t;
    });
    this.sax.on('cdata', (t) => {
      if (this.capturing) this.text += t;
    });
    this.sax.on('closetag', (tag: SaxesTagPlain) => {
      const name = localName(tag.name);
      this.path.pop();
      const text = this.capturing ? this.text.trim() : '';
      this.capturing = false;
      this.close(name, this.path[this.path.length - 1], text);
    });
  }

  protected abstract open(name: string, parent: string | undefined, attrs: Record<string, string>): void;
  protected abstract close(name: string, parent: string | undefined, text: string): void;
  protected abstract result(): ParsedOfacList;

  write(text: string): void {
    try {
      this.sax.write(text);
    } catch (error) {
      throw this.malformed(error);
    }
  }

  end(): ParsedOfacList {
    try {
      this.sax.close();
    } catch (error) {
      throw this.malformed(error);
    }
    return this.result();
  }

  private malformed(error: unknown): SanctionsListError {
    if (error instanceof SanctionsListError) return error;
    const why = error instanceof Error ? error.message : String(error);
    return new SanctionsListError('malformed', `the ${ofacFormatNames[this.format]} file is not well-formed XML (${why}); it may be cut short: download it again`, { cause: error });
  }
}

interface AdvancedEntry {
  profileId: string;
  listId: string;
  measures: Array<{ typeId: string; comment: string }>;
  /** Its EntryEvent dates (partial dates allowed). */
  dates: string[];
}

interface AdvancedProfile {
  id: string;
  features: Array<{ typeId: string; values: string[] }>;
  /** Its place features (a Location, a nationality), by the feature type's label, each pointing at a Location. */
  places: Array<{ kind: string; locationId: string }>;
  /** Documented names: of the primary alias first, each with its status and name parts in order. */
  names: Array<{ primary: boolean; status: string; parts: Array<{ group: string; value: string }> }>;
  groupTypes: Map<string, string>;
}

/**
 * The place features that say where a party is, in the order they are trusted for its jurisdiction:
 * an address (Location), then a nationality or registration. Each points at Locations/Location,
 * whose LocationCountry names a CountryValues/Country (as OpenSanctions' ofac_advanced.py reads them).
 */
const PLACE_FEATURES = ['Location', 'Nationality Country', 'Citizenship Country', 'Nationality of Registration'];

/** SDN_ADVANCED.XML: DistinctParty/Profile/Feature resolved through the ReferenceValueSets. */
class AdvancedXmlParser extends XmlListParser {
  private readonly refs = new Map<string, Map<string, string>>();
  private refValue: { set: string; id: string } | null = null;
  private readonly dateOfIssue: Record<string, string> = {};
  private sawRoot = false;

  private profile: AdvancedProfile | null = null;
  private aliasPrimary = false;
  private docName: AdvancedProfile['names'][number] | null = null;
  private partGroup = '';
  private feature: { typeId: string; values: string[] } | null = null;
  private place: { kind: string } | null = null;
  private readonly parties: AdvancedProfile[] = [];
  /** Locations/Location: its LocationCountry CountryIDs, by the location's ID. */
  private readonly locations = new Map<string, string[]>();
  private location: { id: string; countries: string[] } | null = null;

  private entry: AdvancedEntry | null = null;
  private measure: AdvancedEntry['measures'][number] | null = null;
  private entryDate: Record<string, string> | null = null;
  private readonly entries = new Map<string, AdvancedEntry[]>();

  constructor() {
    super('sdn-advanced-xml');
  }

  /** The feature types known to be digital currency addresses, once the reference values are read. */
  private isCurrencyFeature(typeId: string): boolean {
    const types = this.refs.get('FeatureType');
    if (!types || types.size === 0) return true; // reference values not seen yet: keep it, decide at the end
    const label = types.get(typeId);
    return label !== undefined && tickerOf(label) !== null;
  }

  protected open(name: string, parent: string | undefined, a: Record<string, string>): void {
    const depth = this.path.length;
    if (depth === 1) {
      if (name !== 'Sanctions') throw new SanctionsListError('unknown-format', `expected an SDN_ADVANCED.XML <Sanctions> document, found <${name}>`);
      this.sawRoot = true;
      return;
    }
    const grandparent = this.path[depth - 3];
    if (parent === 'DateOfIssue' && (name === 'Year' || name === 'Month' || name === 'Day')) {
      this.capturing = true;
    } else if (grandparent === 'ReferenceValueSets' && parent === `${name}Values` && a.ID !== undefined) {
      this.refValue = { set: name, id: a.ID };
      this.capturing = true;
    } else if (name === 'Location' && parent === 'Locations') {
      this.location = { id: a.ID ?? '', countries: [] };
    } else if (name === 'LocationCountry' && this.location) {
      if (a.CountryID !== undefined) this.location.countries.push(a.CountryID);
    } else if (name === 'Profile' && parent === 'DistinctParty') {
      this.profile = { id: a.ID ?? '', features: [], places: [], names: [], groupTypes: new Map() };
    } else if (this.profile) {
      if (name === 'Alias') this.aliasPrimary = a.Primary === 'true';
      else if (name === 'DocumentedName' && parent === 'Alias') this.docName = { primary: this.aliasPrimary, status: a.DocNameStatusID ?? '', parts: [] };
      else if (name === 'NamePartValue' && this.docName) {
        this.partGroup = a.NamePartGroupID ?? '';
        this.capturing = true;
      } else if (name === 'NamePartGroup' && a.ID !== undefined) this.profile.groupTypes.set(a.ID, a.NamePartTypeID ?? '');
      else if (name === 'Feature' && parent === 'Profile') {
        const typeId = a.FeatureTypeID ?? '';
        this.feature = this.isCurrencyFeature(typeId) ? { typeId, values: [] } : null;
        const label = this.ref('FeatureType', typeId)?.trim();
        this.place = label !== undefined && PLACE_FEATURES.includes(label) ? { kind: label } : null;
      } else if (name === 'VersionDetail' && this.feature) this.capturing = true;
      else if (name === 'VersionLocation' && this.place && a.LocationID !== undefined) this.profile.places.push({ kind: this.place.kind, locationId: a.LocationID });
    } else if (name === 'SanctionsEntry') {
      this.entry = { profileId: a.ProfileID ?? '', listId: a.ListID ?? '', measures: [], dates: [] };
    } else if (name === 'Date' && parent === 'EntryEvent' && this.entry) {
      this.entryDate = {};
    } else if (parent === 'Date' && this.entryDate && (name === 'Year' || name === 'Month' || name === 'Day')) {
      this.capturing = true;
    } else if (name === 'SanctionsMeasure' && this.entry) {
      this.measure = { typeId: a.SanctionsTypeID ?? '', comment: '' };
    } else if (name === 'Comment' && parent === 'SanctionsMeasure' && this.measure) {
      this.capturing = true;
    }
  }

  protected close(name: string, parent: string | undefined, text: string): void {
    if (parent === 'DateOfIssue' && (name === 'Year' || name === 'Month' || name === 'Day')) {
      this.dateOfIssue[name] = text;
    } else if (this.refValue && name === this.refValue.set) {
      let set = this.refs.get(name);
      if (!set) this.refs.set(name, (set = new Map()));
      set.set(this.refValue.id, text);
      this.refValue = null;
    } else if (this.profile) {
      if (name === 'NamePartValue' && this.docName) this.docName.parts.push({ group: this.partGroup, value: text });
      else if (name === 'DocumentedName' && this.docName) {
        this.profile.names.push(this.docName);
        this.docName = null;
      } else if (name === 'VersionDetail' && this.feature && text !== '') this.feature.values.push(text);
      else if (name === 'Feature' && (this.feature || this.place)) {
        if (this.feature && this.feature.values.length > 0) this.profile.features.push(this.feature);
        this.feature = null;
        this.place = null;
      } else if (name === 'Profile') {
        if (this.profile.features.length > 0) this.parties.push(this.profile);
        this.profile = null;
      }
    } else if (name === 'Location' && parent === 'Locations' && this.location) {
      this.locations.set(this.location.id, this.location.countries);
      this.location = null;
    } else if (parent === 'Date' && this.entryDate && (name === 'Year' || name === 'Month' || name === 'Day')) {
      this.entryDate[name] = text;
    } else if (name === 'Date' && parent === 'EntryEvent' && this.entryDate && this.entry) {
      const date = partialDate(this.entryDate);
      if (date !== null) this.entry.dates.push(date);
      this.entryDate = null;
    } else if (name === 'Comment' && this.measure) {
      this.measure.comment = text;
    } else if (name === 'SanctionsMeasure' && this.measure && this.entry) {
      this.entry.measures.push(this.measure);
      this.measure = null;
    } else if (name === 'SanctionsEntry' && this.entry) {
      const list = this.entries.get(this.entry.profileId);
      if (list) list.push(this.entry);
      else this.entries.set(this.entry.profileId, [this.entry]);
      this.entry = null;
    }
  }

  private ref(set: string, id: string): string | undefined {
    return this.refs.get(set)?.get(id);
  }

  /** The primary name in OFAC's "LAST, First Middle" form (entity, vessel and aircraft names as they are). */
  private nameOf(profile: AdvancedProfile): string {
    const byStatus = (n: AdvancedProfile['names'][number]) => this.ref('DocNameStatus', n.status) === 'Primary Latin';
    const chosen =
      profile.names.find((n) => n.primary && byStatus(n)) ?? profile.names.find((n) => n.primary) ?? profile.names.find(byStatus) ?? profile.names[0];
    if (!chosen) return '';
    const typeOf = (group: string) => this.ref('NamePartType', profile.groupTypes.get(group) ?? '') ?? '';
    const last = chosen.parts.filter((p) => typeOf(p.group) === 'Last Name').map((p) => p.value);
    const rest = chosen.parts.filter((p) => typeOf(p.group) !== 'Last Name').map((p) => p.value);
    const join = (xs: string[]) => xs.filter((x) => x !== '').join(' ');
    return last.length > 0 && join(rest) !== '' ? `${join(last)}, ${join(rest)}` : join(last) || join(rest);
  }

  /** The party's SDN List entries (all its entries when none is marked SDN List). */
  private sdnEntriesOf(profileId: string): AdvancedEntry[] {
    const entries = this.entries.get(profileId) ?? [];
    const sdnEntries = entries.filter((e) => this.ref('List', e.listId) === 'SDN List');
    return sdnEntries.length > 0 ? sdnEntries : entries;
  }

  /** The earliest EntryEvent date of the party's SDN entries: when OFAC designated it. */
  private designatedAtOf(profileId: string): string | null {
    const dates = this.sdnEntriesOf(profileId).flatMap((e) => e.dates);
    return dates.length > 0 ? dates.reduce((a, b) => (b < a ? b : a)) : null;
  }

  /**
   * Where the party is, as its listing states it: the countries of its Location features, else of
   * its nationality or registration; null when none is stated (or only "undetermined").
   */
  private jurisdictionOf(profile: AdvancedProfile): string | null {
    for (const kind of PLACE_FEATURES) {
      const countries = profile.places
        .filter((p) => p.kind === kind)
        .flatMap((p) => this.locations.get(p.locationId) ?? [])
        .map((id) => this.ref('Country', id)?.trim())
        .filter((c): c is string => c !== undefined && c !== '' && c.toLowerCase() !== 'undetermined');
      if (countries.length > 0) return [...new Set(countries)].join(', ');
    }
    return null;
  }

  private programsOf(profileId: string): string[] {
    const programTypes = new Set([...(this.refs.get('SanctionsType') ?? [])].filter(([, label]) => label === 'Program').map(([id]) => id));
    const knownPrograms = new Set((this.refs.get('SanctionsProgram') ?? new Map<string, string>()).values());
    const programs: string[] = [];
    for (const e of this.sdnEntriesOf(profileId)) {
      for (const m of e.measures) {
        const isProgram = programTypes.size > 0 ? programTypes.has(m.typeId) : knownPrograms.has(m.comment);
        if (isProgram && m.comment !== '') programs.push(m.comment);
      }
    }
    return programs;
  }

  protected result(): ParsedOfacList {
    if (!this.sawRoot) throw new SanctionsListError('malformed', 'the SDN_ADVANCED.XML file has no <Sanctions> root element');
    const featureTypes = this.refs.get('FeatureType');
    if (!featureTypes || featureTypes.size === 0) {
      throw new SanctionsListError('malformed', 'the SDN_ADVANCED.XML file has no FeatureType reference values, so its digital currency addresses cannot be told apart');
    }
    const warnings: string[] = [];
    const d = this.dateOfIssue;
    const publishedAt = isoDate(Number(d.Year), Number(d.Month), Number(d.Day));
    if (publishedAt === null) warnings.push('SDN_ADVANCED.XML states no valid DateOfIssue');
    const raw: RawEntry[] = [];
    for (const party of this.parties) {
      const entity = this.nameOf(party);
      const programs = this.programsOf(party.id);
      const designatedAt = this.designatedAtOf(party.id);
      const jurisdiction = this.jurisdictionOf(party);
      for (const f of party.features) {
        const ticker = tickerOf(featureTypes.get(f.typeId) ?? '');
        if (ticker === null) continue;
        for (const address of f.values) raw.push({ ticker, address, entity, programs, sdnId: party.id, designatedAt, jurisdiction });
      }
    }
    return finish(this.format, publishedAt, raw, warnings);
  }
}

/** SDN.XML: sdnEntry/idList/id with idType "Digital Currency Address - …". */
class SdnXmlParser extends XmlListParser {
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

/**
 * A streaming CSV reader (RFC 4180 quoting: "" inside quotes is a quote; a quote only opens a
 * field at its start). Records end at CR, LF or CRLF; a DOS end-of-file mark (0x1A) is ignored.
 */
class CsvReader {
  private field = '';
  private record: string[] = [];
  private inQuotes = false;
  private quoteSeen = false;
  private afterCr = false;

  constructor(private readonly onRecord: (fields: string[]) => void) {}

  write(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (this.inQuotes) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (c === '"') {
            this.field += '"';
            continue;
          }
          this.inQuotes = false;
        } else if (c === '"') {
          this.quoteSeen = true;
          continue;
        } else {
          this.field += c;
          continue;
        }
      }
      const afterCr = this.afterCr;
      this.afterCr = false;
      if (c === '"' && this.field === '') this.inQuotes = true;
      else if (c === ',') {
        this.record.push(this.field);
        this.field = '';
      } else if (c === '\r' || c === '\n') {
        if (c === '\n' && afterCr) continue;
        this.afterCr = c === '\r';
        this.endRecord();
      } else if (c !== '\u001a') this.field += c;
    }
  }

  end(): void {
    if (this.quoteSeen) {
      this.quoteSeen = false;
      this.inQuotes = false;
    }
    if (this.inQuotes) throw new SanctionsListError('malformed', 'the sdn.csv file ends inside a quoted field; it may be cut short: download it again');
    this.endRecord();
  }

  private endRecord(): void {
    this.record.push(this.field);
    this.field = '';
    const record = this.record;
    this.record = [];
    if (record.length === 1 && record[0]!.trim() === '') return;
    this.onRecord(record);
  }
}

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
    if (cut && m.index! + m[0].length === text.length) {
      truncated = true;
      continue;
    }
    found.push({ ticker: m[1]!.toUpperCase(), address });
  }
  return { found, truncated: truncated || (cut && /Digital Currency Address/i.test(text)) };
}

/** sdn.csv: addresses in the Remarks column as "Digital Currency Address - XBT 1ABC…;". */
class SdnCsvParser implements OfacListParser {
  private readonly raw: RawEntry[] = [];
  private rows = 0;
  private badRows = 0;
  private readonly truncated: string[] = [];
  private readonly csv = new CsvReader((fields) => this.row(fields));

  private row(fields: string[]): void {
    this.rows++;
    const id = csvValue(fields[0]);
    if (fields.length < 12 || !/^\d+$/.test(id)) {
      this.badRows++;
      if (this.rows === 1) throw new SanctionsListError('unknown-format', 'the first row is not an sdn.csv row (ent_num, SDN_Name, SDN_Type, Program, …, Remarks)');
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
    this.csv.write(text);
  }

  end(): ParsedOfacList {
    this.csv.end();
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

export function createOfacParser(format: OfacFormat): OfacListParser {
  switch (format) {
    case 'sdn-advanced-xml':
      return new AdvancedXmlParser();
    case 'sdn-xml':
      return new SdnXmlParser();
    case 'sdn-csv':
      return new SdnCsvParser();
    default: {
      const _exhaustive: never = format;
      throw new SanctionsListError('unknown-format', `unknown format ${String(format)}`);
    }
  }
}

const unknownFormat = (what: string) =>
  new SanctionsListError('unknown-format', `it is ${what}, not an OFAC SDN list (expected SDN_ADVANCED.XML, SDN.XML or sdn.csv)`);

/** How many characters of a file's start `detectOfacFormat` needs (it decides sooner when it can). */
export const FORMAT_PROBE_CHARS = 64 * 1024;

/**
 * The format, from the start of the file's text: the XML root element (<Sanctions> for the
 * advanced format, <sdnList> for SDN.XML) or an sdn.csv first row (a number, then a quoted name
 * or the -0- null). `complete` says the text is the whole file, not just its start.
 */
export function detectOfacFormat(head: string, complete = true): OfacFormat | null {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text === '') {
    if (complete) throw new SanctionsListError('unknown-format', 'the file is empty, not an OFAC SDN list');
    return null;
  }
  if (text.startsWith('<')) {
    const body = text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/g, '');
    const root = /<(?:[\w.-]+:)?([A-Za-z_][\w.-]*)[\s/>]/.exec(body);
    if (!root) {
      if (!complete && text.length < FORMAT_PROBE_CHARS) return null;
      throw unknownFormat('an XML file without a root element');
    }
    if (root[1] === 'Sanctions') return 'sdn-advanced-xml';
    if (root[1] === 'sdnList') return 'sdn-xml';
    throw unknownFormat(`a document whose root element is <${root[1]}>`);
  }
  const firstLine = /^[^\r\n]*/.exec(text)![0];
  if (/^\d+,(?:"|-0-)/.test(firstLine)) return 'sdn-csv';
  if (!complete && firstLine.length === text.length && text.length < FORMAT_PROBE_CHARS) return null;
  throw unknownFormat(/^[\x20-\x7e\t]*$/.test(firstLine.slice(0, 200)) ? 'a text file' : 'a binary file');
}

/** Parses a whole list given as text (tests, small files). */
export function parseOfacText(text: string): ParsedOfacList {
  const parser = createOfacParser(detectOfacFormat(text)!);
  parser.write(text.replace(/^\uFEFF/, ''));
  return parser.end();
}

/** Parses a list from chunks of its bytes (UTF-8), detecting the format from its start. */
export async function parseOfacChunks(chunks: AsyncIterable<Uint8Array | string>): Promise<ParsedOfacList> {
  const decoder = new TextDecoder('utf-8');
  let head = '';
  let parser: OfacListParser | null = null;
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (parser) {
      parser.write(text);
      continue;
    }
    head += text;
    const format = detectOfacFormat(head, false);
    if (format) {
      parser = createOfacParser(format);
      parser.write(head.replace(/^\uFEFF/, ''));
      head = '';
    }
  }
  const rest = decoder.decode();
  if (!parser) {
    head += rest;
    parser = createOfacParser(detectOfacFormat(head, true)!);
    parser.write(head.replace(/^\uFEFF/, ''));
  } else if (rest !== '') {
    parser.write(rest);
  }
  return parser.end();
}

/** Parses a list file, streaming it from disk. */
export function parseOfacFile(file: string): Promise<ParsedOfacList> {
  return parseOfacChunks(createReadStream(file, { highWaterMark: 1 << 20 }));
}
