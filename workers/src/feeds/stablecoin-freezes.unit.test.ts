/**
 * The stablecoin freezes' pure parts: TRON event addresses to base58 (the research note's vectors),
 * and the collected file folded into the addresses frozen now.
 */
import { FeedError } from '@walletscreen/domain/feed/errors';
import { textSource } from './feed';
import {
  parseStablecoinFreezes,
  STABLECOIN_FREEZES_FORMAT,
  tronAddressFromEvent,
  USDT_ETHEREUM_CONTRACT,
  watchedEvents,
  type FreezeEvent,
} from './stablecoin-freezes';

describe('tronAddressFromEvent', () => {
  it.each([
    ['0xa614f803b6fd780986a42c78ec9c7f77e6ded13c', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['41a614f803b6fd780986a42c78ec9c7f77e6ded13c', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['0x82dd6b9966724ae2fdc79b416c7588da67ff1b35', 'TMuA6YqfCeX8EhbfYEg5y7S4DqzSJireY9'],
    ['4182DD6B9966724AE2FDC79B416C7588DA67FF1B35', 'TMuA6YqfCeX8EhbfYEg5y7S4DqzSJireY9'],
    ['TMuA6YqfCeX8EhbfYEg5y7S4DqzSJireY9', 'TMuA6YqfCeX8EhbfYEg5y7S4DqzSJireY9'],
  ])('reads %s as %s', (hex, base58) => {
    expect(tronAddressFromEvent(hex)).toBe(base58);
  });

  it.each(['0x82dd6b99', '', '0xzz82dd6b9966724ae2fdc79b416c7588da67ff1b', '42a614f803b6fd780986a42c78ec9c7f77e6ded13c'])('refuses %p', (text) => {
    expect(tronAddressFromEvent(text)).toBeNull();
  });
});

const topic = (event: string) => watchedEvents.find((w) => w.chain === 'ethereum' && w.event === event)?.topic0 ?? `0x${'0'.repeat(64)}`;
const word = (address: string) => `${'0'.repeat(24)}${address.slice(2)}`;
const usdt = (event: string, address: string, block: number, more: Partial<FreezeEvent> = {}): FreezeEvent => ({
  chain: 'ethereum',
  contract: USDT_ETHEREUM_CONTRACT,
  event,
  block,
  index: 0,
  time: `2024-01-${String(10 + (block % 10)).padStart(2, '0')}T00:00:00.000Z`,
  tx: `0x${String(block).padStart(64, '0')}`,
  topics: [topic(event)],
  data: `0x${word(address)}`,
  ...more,
});
const file = (events: unknown[]) => textSource(JSON.stringify({ format: STABLECOIN_FREEZES_FORMAT, events }), 'freezes.json');
const X = '0x1111111111111111111111111111111111111111';

describe('parseStablecoinFreezes', () => {
  it('folds the events in the order they happened, whatever the order of the file', async () => {
    const refrozen = [usdt('AddedBlackList', X, 1), usdt('RemovedBlackList', X, 2), usdt('AddedBlackList', X, 3)];
    const { entries } = await parseStablecoinFreezes(file([refrozen[2], refrozen[1], refrozen[0]]));
    expect(entries).toEqual([expect.objectContaining({ address: X, listedAt: '2024-01-13', source: `https://etherscan.io/tx/0x${'3'.padStart(64, '0')}` })]);
    const { entries: none } = await parseStablecoinFreezes(file([refrozen[1], refrozen[0]]));
    expect(none).toEqual([]);
  });

  it('adds what Tether destroyed at a frozen address to its name, which stays listed', async () => {
    const destroyed = (amount: bigint, block: number) =>
      usdt('DestroyedBlackFunds', X, block, { data: `0x${word(X)}${amount.toString(16).padStart(64, '0')}` });
    const { entries } = await parseStablecoinFreezes(file([usdt('AddedBlackList', X, 1), destroyed(1_500_000n, 2), destroyed(2_000_000_000n, 3)]));
    expect(entries.map((e) => e.name)).toEqual(['Frozen by Tether (USDT on Ethereum), 2001.5 USDT destroyed']);
  });

  it('counts what it cannot read, and refuses a file that is not its own', async () => {
    const { entries, skipped } = await parseStablecoinFreezes(
      file([usdt('AddedBlackList', X, 1), usdt('Transfer', X, 2), usdt('AddedBlackList', X, 3, { data: '0x' })]),
    );
    expect(entries).toHaveLength(1);
    expect(skipped.reasons).toEqual({ 'not an issuer freeze event this feed reads': 1, 'no address in the AddedBlackList event': 1 });
    await expect(parseStablecoinFreezes(textSource('[]', 'other.json'))).rejects.toThrow(FeedError);
  });
});
