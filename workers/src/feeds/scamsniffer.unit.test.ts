/**
 * The ScamSniffer feed on synthetic files in the shapes of its `blacklist/all.json` and older
 * `blacklist/address.json` (workers/test-fixtures/feeds/scamsniffer-*.json: invented addresses,
 * none of the GPL-3.0 list's own data): what it reads, the dirty rows it counts by reason, and the
 * files it refuses.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FeedError } from '@walletscreen/domain/feed/errors';
import { addresses as a } from '../../testing/replay-server';
import { textSource } from './feed';
import { parseScamSniffer, SCAMSNIFFER_PAGE, SCAMSNIFFER_URL, scamSnifferFeed } from './scamsniffer';

const fixture = (name: string) => path.resolve(__dirname, '../../test-fixtures/feeds', name);
const source = (name: string) => textSource(readFileSync(fixture(name), 'utf8'), name);

const phishing = (address: string, name = 'ScamSniffer phishing/drainer address') => ({
  address,
  network: 'ethereum',
  category: 'phishing',
  name,
  source: SCAMSNIFFER_PAGE,
});

describe('scamsniffer: the phishing addresses of all.json', () => {
  it('reads each address as a phishing label on every EVM network, named with its phishing sites when `combined` gives them', async () => {
    const { entries } = await parseScamSniffer(source('scamsniffer-all.json'));
    expect(entries).toEqual([
      // Listed under the empty site "" only: no site named.
      phishing(a.evmA),
      phishing(a.evmB, 'ScamSniffer phishing/drainer address (phishing site claim-invented-airdrop.example, invented-drainer.example and 1 more)'),
      // Listed in mixed case: the same account, recorded checksummed like the others.
      phishing(a.evmFresh),
      phishing(a.evmWallet, 'ScamSniffer phishing/drainer address (phishing site invented-drainer.example)'),
    ]);
  });

  it('counts every dirty row by reason ("null", an empty string, a trailing letter, a digit short, a number, a repeat) and names the first few', async () => {
    const { skipped } = await parseScamSniffer(source('scamsniffer-all.json'));
    expect(skipped).toEqual({
      count: 6,
      reasons: {
        'empty or "null"': 2,
        'not an EVM address (0x and 40 hex digits)': 2,
        'address listed more than once in the same category (the first listing is kept)': 1,
        'not text': 1,
      },
      examples: [
        'address 3 (null): empty or "null"',
        'address 4 (0xd27c7cc428fcc47e2283f43e7637dcbf89fb3fe7m): not an EVM address (0x and 40 hex digits)',
        'address 5 (0x6977dc8d3c64b877e491270f4821a519fcfb70d4): address listed more than once in the same category (the first listing is kept)',
        'address 7: empty or "null"',
        'address 8 (0x47fb40b8cdd553f4bda5b15b16387dac94c7253): not an EVM address (0x and 40 hex digits)',
      ],
    });
  });

  it('reads the older address.json, a flat array of addresses', async () => {
    const { entries, skipped } = await parseScamSniffer(source('scamsniffer-address.json'));
    expect(entries).toEqual([phishing(a.evmA), phishing(a.evmC)]);
    expect(skipped.count).toBe(0);
  });

  it('refuses a file that is not JSON (the list once lost a comma) or has no address array', async () => {
    const notJson = parseScamSniffer(source('scamsniffer-missing-comma.json'));
    await expect(notJson).rejects.toBeInstanceOf(FeedError);
    await expect(notJson).rejects.toMatchObject({
      code: 'invalid-file',
      message: expect.stringMatching(/^scamsniffer-missing-comma\.json is not valid JSON \(/),
    });
    await expect(parseScamSniffer(source('scamsniffer-no-addresses.json'))).rejects.toThrow(
      new FeedError(
        'invalid-file',
        'scamsniffer-no-addresses.json holds no "address" array; ScamSniffer\'s blacklist is a JSON object { "address": ["0x…", …], "domains": […] } (all.json) or a JSON array of addresses (address.json)',
      ),
    );
    await expect(parseScamSniffer(textSource('{"address": "0x6977dc8d3c64b877e491270f4821a519fcfb70d4"}', 'one.json'))).rejects.toMatchObject({
      code: 'invalid-file',
    });
    await expect(parseScamSniffer(textSource('null', 'null.json'))).rejects.toMatchObject({ code: 'invalid-file' });
  });

  it('gives nothing usable for a list of dirty rows only (the sync refuses it as empty)', async () => {
    const { entries, skipped } = await parseScamSniffer(textSource('{"address": ["null", "0x12"], "domains": []}', 'all.json'));
    expect(entries).toEqual([]);
    expect(skipped.reasons).toEqual({ 'empty or "null"': 1, 'not an EVM address (0x and 40 hex digits)': 1 });
  });
});

describe('scamsniffer: the definition', () => {
  it('is downloaded from all.json, on by default, phishing on EVM networks, under GPL-3.0', () => {
    expect(scamSnifferFeed).toMatchObject({
      id: 'scamsniffer',
      kind: 'download',
      name: 'ScamSniffer phishing addresses',
      covers: ['evm'],
      categories: ['phishing'],
      licence: { name: 'GPL-3.0', url: 'https://github.com/scamsniffer/scam-database', commercialUse: true },
      enabledByDefault: true,
      defaultUrl: SCAMSNIFFER_URL,
    });
    expect(SCAMSNIFFER_URL).toBe('https://raw.githubusercontent.com/scamsniffer/scam-database/main/blacklist/all.json');
    expect(scamSnifferFeed.parse).toBe(parseScamSniffer);
    expect(scamSnifferFeed.description).toMatch(/7 days/);
  });
});
