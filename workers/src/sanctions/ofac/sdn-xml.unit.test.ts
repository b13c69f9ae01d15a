import { parseOfacChunks, parseOfacText } from './parse';
import { pieces, thrown, tron, xbt } from '../../../testing/ofac-test-data';

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
        matchedChains: ['bitcoin', 'bitcoin-cash', 'bitcoin-sv'],
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
    const prefixed = doc(entry)
      .replace(/<(\/?)([A-Za-z_])/g, '<$1x:$2')
      .replace('xmlns="', 'xmlns:x="');
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
