import { parseOfacText } from './parse';
import { eth, segwit, thrown, xbt } from '../../../testing/ofac-test-data';

describe('SDN_ADVANCED.XML', () => {
  const refs = `<ReferenceValueSets>
    <DocNameStatusValues><DocNameStatus ID="1">Primary Latin</DocNameStatus><DocNameStatus ID="2">Others</DocNameStatus></DocNameStatusValues>
    <FeatureTypeValues><FeatureType ID="8" FeatureTypeGroupID="1">Birthdate</FeatureType><FeatureType ID="77" FeatureTypeGroupID="1">Digital Currency Address - XBT</FeatureType><FeatureType ID="78" FeatureTypeGroupID="1">Digital Currency Address - ETH</FeatureType></FeatureTypeValues>
    <ListValues><List ID="1550">SDN List</List><List ID="91507">Sectoral Sanctions Identifications List</List></ListValues>
    <NamePartTypeValues><NamePartType ID="1520">Last Name</NamePartType><NamePartType ID="1521">First Name</NamePartType><NamePartType ID="1525">Entity Name</NamePartType></NamePartTypeValues>
    <SanctionsProgramValues><SanctionsProgram ID="1" SubsidiaryBodyID="1">Unknown</SanctionsProgram><SanctionsProgram ID="2" SubsidiaryBodyID="1">CYBER2</SanctionsProgram></SanctionsProgramValues>
    <SanctionsTypeValues><SanctionsType ID="1">Program</SanctionsType><SanctionsType ID="1705">Block</SanctionsType></SanctionsTypeValues>
  </ReferenceValueSets>`;
  const feature = (type: string, value: string) =>
    `<Feature ID="1" FeatureTypeID="${type}"><FeatureVersion ID="1" ReliabilityID="1"><Comment /><VersionDetail DetailTypeID="1432">${value}</VersionDetail></FeatureVersion><IdentityReference IdentityID="1" IdentityFeatureLinkTypeID="1" /></Feature>`;
  const party = (id: string, parts: Array<[string, string]>, features: string) => `<DistinctParty FixedRef="${id}"><Profile ID="${id}" PartySubTypeID="4">
    <Identity ID="${id}" FixedRef="${id}" Primary="true" False="false">
      <Alias FixedRef="${id}" AliasTypeID="1400" Primary="false" LowQuality="false"><DocumentedName ID="2" FixedRef="${id}" DocNameStatusID="2"><DocumentedNamePart><NamePartValue NamePartGroupID="g1">AKA NAME</NamePartValue></DocumentedNamePart></DocumentedName></Alias>
      <Alias FixedRef="${id}" AliasTypeID="1403" Primary="true" LowQuality="false"><DocumentedName ID="1" FixedRef="${id}" DocNameStatusID="1">${parts
        .map(([g, v]) => `<DocumentedNamePart><NamePartValue NamePartGroupID="${g}" ScriptID="215">${v}</NamePartValue></DocumentedNamePart>`)
        .join('')}</DocumentedName></Alias>
      <NamePartGroups><MasterNamePartGroup><NamePartGroup ID="g1" NamePartTypeID="1521" /></MasterNamePartGroup><MasterNamePartGroup><NamePartGroup ID="g2" NamePartTypeID="1520" /></MasterNamePartGroup><MasterNamePartGroup><NamePartGroup ID="g3" NamePartTypeID="1525" /></MasterNamePartGroup></NamePartGroups>
    </Identity>${features}</Profile></DistinctParty>`;
  const event = (year: string, month = '', day = '') =>
    `<EntryEvent ID="1" EntryEventTypeID="1" LegalBasisID="1"><Comment /><Date CalendarTypeID="1"><Year>${year}</Year>${month ? `<Month>${month}</Month>` : ''}${day ? `<Day>${day}</Day>` : ''}</Date></EntryEvent>`;
  const entry = (profile: string, list: string, programs: string[], events = event('2026', '1', '2')) =>
    `<SanctionsEntry ID="${profile}${list}" ProfileID="${profile}" ListID="${list}">${events}` +
    `<SanctionsMeasure ID="1" SanctionsTypeID="1705"><DatePeriod CalendarTypeID="1" YearFixed="true" MonthFixed="true" DayFixed="true" /></SanctionsMeasure>` +
    programs
      .map(
        (p) =>
          `<SanctionsMeasure ID="2" SanctionsTypeID="1"><Comment>${p}</Comment><DatePeriod CalendarTypeID="1" YearFixed="true" MonthFixed="true" DayFixed="true" /></SanctionsMeasure>`,
      )
      .join('') +
    `</SanctionsEntry>`;
  const doc = (parts: { refs?: string; parties: string; entries: string; date?: string }) =>
    `<?xml version="1.0" encoding="utf-8"?>\n<Sanctions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" Version="3" xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ADVANCED_XML">` +
    `<DateOfIssue CalendarTypeID="1"><Year>2026</Year><Month>${parts.date ?? '11'}</Month><Day>20</Day></DateOfIssue>` +
    `${parts.refs ?? refs}<Locations /><IDRegDocuments /><DistinctParties>${parts.parties}</DistinctParties><ProfileRelationships /><SanctionsEntries>${parts.entries}</SanctionsEntries></Sanctions>`;

  const individual = party(
    '10',
    [
      ['g1', 'Dorin'],
      ['g2', 'VARGA'],
    ],
    feature('8', '1988') + feature('77', xbt) + feature('78', eth),
  );
  const entity = party('11', [['g3', 'KESTREL BRIDGE']], feature('77', segwit));

  it('resolves feature types, the primary Latin name and the programmes through the reference values', () => {
    const list = parseOfacText(doc({ parties: individual + entity, entries: entry('10', '1550', ['DPRK3', 'CYBER2']) + entry('11', '1550', ['CYBER2']) }));
    expect(list).toMatchObject({ format: 'sdn-advanced-xml', publishedAt: '2026-11-20', warnings: [] });
    expect(list.entries.map((e) => [e.sdnId, e.entity, e.ticker, e.address, e.network, e.programs])).toEqual([
      ['10', 'VARGA, Dorin', 'ETH', eth, 'ethereum', ['CYBER2', 'DPRK3']],
      ['10', 'VARGA, Dorin', 'XBT', xbt, 'bitcoin', ['CYBER2', 'DPRK3']],
      ['11', 'KESTREL BRIDGE', 'XBT', segwit, 'bitcoin', ['CYBER2']],
    ]);
  });

  it("dates each party's designation from its SDN List entry's earliest EntryEvent, in part when OFAC gives only the year or month", () => {
    const dated = (events: string, other = '') =>
      parseOfacText(doc({ parties: entity, entries: other + entry('11', '1550', ['CYBER2'], events) })).entries[0]!.designatedAt;
    expect(dated(event('2022', '8', '8'))).toBe('2022-08-08');
    expect(dated(event('2023', '5', '23') + event('2019', '11', '2'))).toBe('2019-11-02');
    expect(dated(event('2021', '6'))).toBe('2021-06');
    expect(dated(event('2020'))).toBe('2020');
    expect(dated('')).toBeNull();
    // Another list's entry (a sectoral one) does not date the SDN designation.
    expect(dated(event('2024', '3', '1'), entry('11', '91507', ['UKRAINE-EO13662'], event('2014', '7', '16')))).toBe('2024-03-01');
  });

  it('takes the programmes of the SDN List entry, not of other lists the party is also on', () => {
    const list = parseOfacText(doc({ parties: entity, entries: entry('11', '91507', ['UKRAINE-EO13662']) + entry('11', '1550', ['CYBER2']) }));
    expect(list.entries[0]!.programs).toEqual(['CYBER2']);
  });

  it('does not depend on the order of the top-level sections', () => {
    const text = doc({ parties: individual, entries: entry('10', '1550', ['CYBER2']) });
    const refsLast = text.replace(refs, '').replace('</Sanctions>', `${refs}</Sanctions>`);
    expect(parseOfacText(refsLast)).toEqual(parseOfacText(text));
  });

  it('refuses a document without the FeatureType reference values', () => {
    expect(thrown(() => parseOfacText(doc({ refs: '<ReferenceValueSets />', parties: entity, entries: '' }))).message).toMatch(
      /no FeatureType reference values/,
    );
  });

  it('says when the date of issue is not a date', () => {
    expect(parseOfacText(doc({ parties: entity, entries: entry('11', '1550', ['CYBER2']), date: '13' }))).toMatchObject({
      publishedAt: null,
      warnings: ['SDN_ADVANCED.XML states no valid DateOfIssue'],
    });
  });
});
