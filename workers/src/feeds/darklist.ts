/**
 * `ethereum-darklist`: MyEtherWallet's address darklist, `src/addresses/addresses-darklist.json`
 * in github.com/MyEtherWallet/ethereum-lists.
 *
 * Format (verified against the file in that repository): a JSON array of
 * `{ "address": "0x…", "comment": "Fake Whalesburg ICO support", "date": "2018-05-31" }`; the
 * comment may be empty, addresses come in any letter case, and some are listed twice. The
 * repository's README calls it "A list of addresses that deserve to be accompanied by a warning"
 * (fake ICO and support addresses, phishing giveaways): category `scam`.
 *
 * Default URL: https://raw.githubusercontent.com/MyEtherWallet/ethereum-lists/master/src/addresses/addresses-darklist.json
 * Licence: MIT (the repository's LICENSE, "Licence MIT, Copyright (c) 2020 MyEtherWallet"):
 * commercial use allowed, with the copyright notice.
 */
import { FeedError } from '@walletscreen/domain/feed/errors';
import { EntryCollector, quoted, type DownloadedFeedDefinition, type FeedParseResult, type FeedSource } from './feed';

export const ETHEREUM_DARKLIST_URL = 'https://raw.githubusercontent.com/MyEtherWallet/ethereum-lists/master/src/addresses/addresses-darklist.json';
/** Where a reader sees the list (the entries have no page of their own). */
export const ETHEREUM_DARKLIST_PAGE = 'https://github.com/MyEtherWallet/ethereum-lists/blob/master/src/addresses/addresses-darklist.json';

export async function parseDarklist(source: FeedSource): Promise<FeedParseResult> {
  let json: unknown;
  try {
    json = JSON.parse(await source.text());
  } catch (error) {
    throw new FeedError(
      'invalid-file',
      `${source.name} is not valid JSON (${(error as Error).message}); the darklist is a JSON array of { address, comment, date }`,
      { cause: error },
    );
  }
  if (!Array.isArray(json))
    throw new FeedError('invalid-file', `${source.name} is not a JSON array; the darklist is a JSON array of { address, comment, date }`);
  const collector = new EntryCollector();
  json.forEach((item: unknown, i) => {
    const o = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : null;
    const address = typeof o?.address === 'string' ? o.address.trim() : '';
    const where = `entry ${i + 1}${address ? ` (${quoted(address)})` : ''}`;
    if (address === '') return collector.skip(where, 'no address');
    const comment = typeof o?.comment === 'string' ? o.comment.trim() : '';
    const date = typeof o?.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(o.date) ? o.date : undefined;
    collector.add(where, {
      address,
      network: 'ethereum',
      category: 'scam',
      name: comment ? `MyEtherWallet darklist: ${comment}` : 'MyEtherWallet darklist (no comment given)',
      source: ETHEREUM_DARKLIST_PAGE,
      ...(date ? { listedAt: date } : {}),
    });
  });
  return collector.result();
}

export const ethereumDarklistFeed: DownloadedFeedDefinition = {
  id: 'ethereum-darklist',
  kind: 'download',
  name: 'MyEtherWallet address darklist',
  covers: ['evm'],
  description:
    "Ethereum addresses MyEtherWallet's community list warns about (fake ICO and support addresses, phishing giveaways), from github.com/MyEtherWallet/ethereum-lists: category scam, on every EVM network.",
  categories: ['scam'],
  licence: { name: 'MIT', url: 'https://github.com/MyEtherWallet/ethereum-lists/blob/master/LICENSE', commercialUse: true },
  enabledByDefault: true,
  defaultUrl: ETHEREUM_DARKLIST_URL,
  parse: parseDarklist,
};
