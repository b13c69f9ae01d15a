import { detectOfacFormat, parseOfacText } from './parse';
import { thrown } from '../../../testing/ofac-test-data';

describe('format detection', () => {
  it('tells the three formats apart by their content', () => {
    expect(detectOfacFormat('\uFEFF<?xml version="1.0" encoding="utf-8"?>\n<Sanctions xmlns="x">')).toBe('sdn-advanced-xml');
    expect(detectOfacFormat('<?xml version="1.0" standalone="yes"?>\n<!-- c --><sdnList>')).toBe('sdn-xml');
    expect(detectOfacFormat('36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ')).toBe('sdn-csv');
  });

  it.each([
    ['an empty file', '', /empty/],
    [
      'an HTML page',
      '<!DOCTYPE html>\n<html><body>Service unavailable</body></html>',
      /root element is <html>.*expected SDN_ADVANCED\.XML, SDN\.XML or sdn\.csv/,
    ],
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
