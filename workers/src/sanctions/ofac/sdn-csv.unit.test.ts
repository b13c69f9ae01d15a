import { parseOfacChunks, parseOfacText } from './parse';
import { remarkAddresses, splitCsvPrograms } from './sdn-csv';
import { eth, pieces, segwit, thrown, tron, xbt } from '../../../testing/ofac-test-data';

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
    const text = [
      row(1, 'VARGA, Dorin', '"individual"', 'CYBER2', `x ""y""; Digital Currency Address - XBT ${xbt}.`),
      row(2, 'B', '-0- ', 'A] [B', `Digital Currency Address - TRX ${tron}.`),
    ].join('\r\n');
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
