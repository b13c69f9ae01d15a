/**
 * SDN_ADVANCED.XML (OFAC's "advanced sanctions data standard", the UN sanctions data model), the
 * only format that states when each party was designated and where it is. Its structure, as
 * confirmed against these sources (not guessed):
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
 */
import { SanctionsListError } from '@walletscreen/domain/sanctions-list/errors';
import { finish, isoDate, tickerOf, type ParsedOfacList, type RawEntry } from './parsed-list';
import { XmlListParser } from './xml-list-parser';

/** A date OFAC may give in part: YYYY-MM-DD, YYYY-MM or YYYY; null when not even the year is valid. */
function partialDate(parts: Record<string, string>): string | null {
  const year = Number(parts.Year);
  if (!Number.isInteger(year) || year < 1900) return null;
  const month = parts.Month === undefined || parts.Month === '' ? null : Number(parts.Month);
  if (month === null || !Number.isInteger(month) || month < 1 || month > 12) return String(year);
  const day = parts.Day === undefined || parts.Day === '' ? null : Number(parts.Day);
  return (day !== null && isoDate(year, month, day)) || `${year}-${String(month).padStart(2, '0')}`;
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
export class AdvancedXmlParser extends XmlListParser {
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
      else if (name === 'VersionLocation' && this.place && a.LocationID !== undefined)
        this.profile.places.push({ kind: this.place.kind, locationId: a.LocationID });
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
      throw new SanctionsListError(
        'malformed',
        'the SDN_ADVANCED.XML file has no FeatureType reference values, so its digital currency addresses cannot be told apart',
      );
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
