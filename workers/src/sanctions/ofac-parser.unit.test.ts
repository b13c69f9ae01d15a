import { SanctionsListError } from './errors';
import { detectOfacFormat, parseOfacChunks, parseOfacText, remarkAddresses, splitCsvPrograms } from './ofac-parser';

const xbt = '13oLVxUtf5yPRmgRKxnj182ScRG6mHp6cQ';
const segwit = 'bc1qaz7jg7zpys29f5w5l3wgsn2zypdja5jt67ftut';
const eth = '0x0a4279202BE313Bce8954DF36Aa730aA5837aa16';
const tron = 'TPrB1PFCqxJximuVGjsZ1oDJ6nrCqfW1FV';

async function* pieces(bytes: Uint8Array, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}
const thrown = (f: () => unknown): SanctionsListError => {
  try {
    f();
  } catch (error) {
    if (error instanceof SanctionsListError) return error;
    throw error;
  }
  throw new Error('expected a SanctionsListError');
};

describe('sdn.csv', () => {
  const row = (id: number, name: string, type: string, program: string, remarks: string) =>
    `${id},"${name}",${type},"${program}",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"${remarks}"`;

  it('reads quoted fields with commas and "" escapes, -0- nulls, CR, LF or CRLF rows and a DOS end-of-file mark', () => {
    const text = [
      row(1, 'VARGA, Dorin', '"individual"', 'CYBER2', `a.k.a. ""DV""; Digital Currency Address - XBT ${xbt}.`),
      row(2, 'KESTREL BRIDGE', '-0- ', 'CYBER2] [DPRK3', `Digital Currency Address - ETH ${eth}; alt. Digital Currency Address - XBT ${segwit}.`),
      row(3, 'NO ADDRESSES', '-0- ', 'IRAN', 'Registration ID 1.'),
    ];
    for (const eol of ['\r\n', '\n', '\r']) {
      const list = parseOfacText(text.join(eol) + eol + '\u001a');
      expect(list.format).toBe('sdn-csv');
      expect(list.publishedAt).toBeNull();
      expect(list.entries.map((e) => [e.sdnId, e.entity, e.ticker, e.address, e.programs])).toEqual([
        ['1', 'VARGA, Dorin', 'XBT', xbt, ['CYBER2']],
        ['2', 'KESTREL BRIDGE', 'ETH', eth, ['CYBER2', 'DPRK3']],
        ['2', 'KESTREL BRIDGE', 'XBT', segwit, ['CYBER2', 'DPRK3']],
      ]);
    }
  });

  it('splits programme lists written "A] [B"', () => {
    expect(splitCsvPrograms('SDGT] [NPWMD] [IRGC] [IFSR')).toEqual(['SDGT', 'NPWMD', 'IRGC', 'IFSR']);
    expect(splitCsvPrograms('CYBER2')).toEqual(['CYBER2']);
    expect(splitCsvPrograms('-0-')).toEqual([]);
  });

  it('drops an address fragment where OFAC cut the Remarks at 1000 characters, and says so', () => {
    expect(remarkAddresses(`Digital Currency Address - XBT ${xbt}; alt. Digital Currency Address - XBT 1B64QRxf`)).toEqual({
      found: [{ ticker: 'XBT', address: xbt }],
      truncated: true,
    });
    expect(remarkAddresses(`Digital Currency Address - XBT ${xbt}.`)).toEqual({ found: [{ ticker: 'XBT', address: xbt }], truncated: false });
    const list = parseOfacText(row(7, 'CUT SHORT', '-0- ', 'CYBER2', `Digital Currency Address - USDT ${tron}; alt. Digital Currency Address - XBT 1B64`));
    expect(list.entries.map((e) => e.address)).toEqual([tron]);
    expect(list.warnings.join('\n')).toMatch(/cut at 1000 characters.*sdn_comments\.csv/);
  });

  it('gives the same entries whatever the chunk boundaries', async () => {
    const text = [row(1, 'VARGA, Dorin', '"individual"', 'CYBER2', `x ""y""; Digital Currency Address - XBT ${xbt}.`), row(2, 'B', '-0- ', 'A] [B', `Digital Currency Address - TRX ${tron}.`)].join('\r\n');
    const whole = parseOfacText(text);
    for (const size of [1, 2, 3, 7]) expect(await parseOfacChunks(pieces(new TextEncoder().encode(text), size))).toEqual(whole);
  });

  it('refuses a file that ends inside a quoted field', () => {
    const text = `${row(1, 'A', '-0- ', 'CYBER2', 'x.')}\r\n2,"CUT SHORT",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Digital Currency Address - XBT 13oL`;
    const error = thrown(() => parseOfacText(text));
    expect(error.code).toBe('malformed');
    expect(error.message).toMatch(/ends inside a quoted field/);
  });
});

describe('SDN.XML', () => {
  const doc = (body: string, date = '11/20/2026') =>
    `<?xml version="1.0" standalone="yes"?>\n<sdnList xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">` +
    `<publshInformation><Publish_Date>${date}</Publish_Date><Record_Count>1</Record_Count></publshInformation>${body}</sdnList>`;
  const entry = `<sdnEntry><uid>42</uid><firstName>Ştefan Ion</firstName><lastName>MUNTEANU</lastName><sdnType>Individual</sdnType>
    <programList><program>DPRK3</program><program>CYBER2</program></programList>
    <idList>
      <id><uid>1</uid><idType>Gender</idType><idNumber>Male</idNumber></id>
      <id><uid>2</uid><idType>Digital Currency Address - XBT</idType><idNumber> ${xbt} </idNumber></id>
      <id><uid>3</uid><idType>Digital Currency Address - USDT</idType><idNumber>${tron}</idNumber></id>
    </idList>
    <akaList><aka><uid>9</uid><type>a.k.a.</type><category>strong</category><firstName>Other</firstName><lastName>ALIAS</lastName></aka></akaList>
  </sdnEntry>`;

  it('reads the addresses of idList, the name as "LAST, First", the programmes and the publish date', () => {
    const list = parseOfacText(doc(entry));
    expect(list).toMatchObject({ format: 'sdn-xml', publishedAt: '2026-11-20', warnings: [] });
    expect(list.entries).toEqual([
      {
        ticker: 'USDT',
        address: tron,
        network: 'tron',
        normalized: tron,
        valid: true,
        entity: 'MUNTEANU, Ştefan Ion',
        programs: ['CYBER2', 'DPRK3'],
        sdnId: '42',
        listedNetwork: 'tron',
        matchedChains: ['tron'],
        crossChain: false,
        designatedAt: null,
      },
      {
        ticker: 'XBT',
        address: xbt,
        network: 'bitcoin',
        normalized: xbt,
        valid: true,
        entity: 'MUNTEANU, Ştefan Ion',
        programs: ['CYBER2', 'DPRK3'],
        sdnId: '42',
        listedNetwork: 'bitcoin',
        matchedChains: ['bitcoin', 'bitcoin-cash'],
        crossChain: false,
        designatedAt: null,
      },
    ]);
  });

  it('decodes UTF-8 split across chunks', async () => {
    const bytes = new TextEncoder().encode(doc(entry));
    expect(await parseOfacChunks(pieces(bytes, 1))).toEqual(parseOfacText(doc(entry)));
  });

  it('matches element names without their namespace prefix', () => {
    const prefixed = doc(entry).replace(/<(\/?)([A-Za-z_])/g, '<$1x:$2').replace('xmlns="', 'xmlns:x="');
    expect(parseOfacText(prefixed).entries).toHaveLength(2);
  });

  it('says when the publish date is missing', () => {
    expect(parseOfacText(doc(entry, '2026-11-20'))).toMatchObject({ publishedAt: null, warnings: [expect.stringContaining('Publish_Date')] });
  });

  it('refuses a file cut short, saying so', () => {
    const text = doc(entry);
    const error = thrown(() => parseOfacText(text.slice(0, text.length - 40)));
    expect(error.code).toBe('malformed');
    expect(error.message).toMatch(/SDN\.XML file is not well-formed XML.*cut short/);
  });
});

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
    programs.map((p) => `<SanctionsMeasure ID="2" SanctionsTypeID="1"><Comment>${p}</Comment><DatePeriod CalendarTypeID="1" YearFixed="true" MonthFixed="true" DayFixed="true" /></SanctionsMeasure>`).join('') +
    `</SanctionsEntry>`;
  const doc = (parts: { refs?: string; parties: string; entries: string; date?: string }) =>
    `<?xml version="1.0" encoding="utf-8"?>\n<Sanctions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" Version="3" xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ADVANCED_XML">` +
    `<DateOfIssue CalendarTypeID="1"><Year>2026</Year><Month>${parts.date ?? '11'}</Month><Day>20</Day></DateOfIssue>` +
    `${parts.refs ?? refs}<Locations /><IDRegDocuments /><DistinctParties>${parts.parties}</DistinctParties><ProfileRelationships /><SanctionsEntries>${parts.entries}</SanctionsEntries></Sanctions>`;

  const individual = party('10', [['g1', 'Dorin'], ['g2', 'VARGA']], feature('8', '1988') + feature('77', xbt) + feature('78', eth));
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

  it('dates each party\'s designation from its SDN List entry\'s earliest EntryEvent, in part when OFAC gives only the year or month', () => {
    const dated = (events: string, other = '') => parseOfacText(doc({ parties: entity, entries: other + entry('11', '1550', ['CYBER2'], events) })).entries[0]!.designatedAt;
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
    expect(thrown(() => parseOfacText(doc({ refs: '<ReferenceValueSets />', parties: entity, entries: '' }))).message).toMatch(/no FeatureType reference values/);
  });

  it('says when the date of issue is not a date', () => {
    expect(parseOfacText(doc({ parties: entity, entries: entry('11', '1550', ['CYBER2']), date: '13' }))).toMatchObject({
      publishedAt: null,
      warnings: ['SDN_ADVANCED.XML states no valid DateOfIssue'],
    });
  });
});

describe('format detection', () => {
  it('tells the three formats apart by their content', () => {
    expect(detectOfacFormat('\uFEFF<?xml version="1.0" encoding="utf-8"?>\n<Sanctions xmlns="x">')).toBe('sdn-advanced-xml');
    expect(detectOfacFormat('<?xml version="1.0" standalone="yes"?>\n<!-- c --><sdnList>')).toBe('sdn-xml');
    expect(detectOfacFormat('36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ')).toBe('sdn-csv');
  });

  it.each([
    ['an empty file', '', /empty/],
    ['an HTML page', '<!DOCTYPE html>\n<html><body>Service unavailable</body></html>', /root element is <html>.*expected SDN_ADVANCED\.XML, SDN\.XML or sdn\.csv/],
    ['another XML document', '<?xml version="1.0"?><rss version="2.0"></rss>', /root element is <rss>/],
    ['JSON', '{"error":"not found"}', /a text file, not an OFAC SDN list/],
    ['a CSV with a header row', 'ent_num,SDN_Name,SDN_Type\n1,"X",-0-', /a text file/],
    ['binary data', '\u0000\u0001PK\u0003\u0004', /a binary file/],
  ])('refuses %s with a clear error', (_what, text, message) => {
    const error = thrown(() => parseOfacText(text));
    expect(error.code).toBe('unknown-format');
    expect(error.message).toMatch(message);
  });

  it('waits for more of the file before deciding', () => {
    expect(detectOfacFormat('<?xml version="1.0"?>\n<Sanc', false)).toBeNull();
    expect(detectOfacFormat('3', false)).toBeNull();
  });
});
