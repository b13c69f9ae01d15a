/**
 * Regression tests for the prefix bug class (issue 11): detection used to test lower-cased prefixes
 * (bc1, ltc1, tb1, bcrt1, tltc1, rltc1) before anything else, so valid mainnet addresses that
 * merely begin with those letters were refused as testnet or as checksum errors. Each chain whose
 * addresses can begin that way has its cases here, each checked first with @scure/base alone (so
 * the address is known to be valid independently of the parser), then with `parseAddress`. The
 * generated ones were found by encoding payloads whose leading digits spell the prefix.
 */
import { sha256 } from '@noble/hashes/sha256';
import { base58, base58xrp, createBase58check, utils } from '@scure/base';
import { addressMessages, networksFor, parseAddress, type Chain } from './parse';

const bitcoinCheck = createBase58check(sha256);
const xrpCheck = utils.chain(
  utils.checksum(4, (data) => sha256(sha256(data))),
  base58xrp,
);

function expectChain(address: string, chain: Chain) {
  expect(parseAddress(address)).toEqual({
    ok: true,
    address: { chain, network: chain, normalized: address, kind: chain === 'litecoin' ? 'p2pkh' : 'account' },
  });
}

describe('TRON addresses that begin like testnet segwit prefixes', () => {
  it.each([
    // OFAC-listed (SDN list, TRX): the old check refused it as "testnet", so it could never be screened.
    'TB1Bcv3x8mg7PVV4nVM48pgHJKcYboTypU',
    'TB1LwXRsUUNMJVdgMieq6d3cbMEsuQTeGE',
    'TLTC1CkcvVTzgXXE42CtYAPTbzLRPD7816',
    'TLtc12YAgU33zJZaf65mHatNg7YcqZ9h5v',
    'TBCRT1Fi6gEjFXZzwWSv3rKYHzx9ZxtgSc',
    'TBcrt1qraGvw32sLh3tQSUsEarCfU8rnLE',
  ])('%s is TRON', (address) => {
    const payload = bitcoinCheck.decode(address);
    expect([payload.length, payload[0]]).toEqual([21, 0x41]);
    expectChain(address, 'tron');
    expect(parseAddress(address, 'tron').ok).toBe(true);
  });
});

describe('Litecoin addresses that begin like a Litecoin segwit prefix', () => {
  it.each(['LTC1n484FSH5ywRynHk6faMJEFfnohbYHy', 'LTc1AuxNXCVuFYunRC6D9QDHzyt59UwxHw'])('%s is Litecoin P2PKH', (address) => {
    const payload = bitcoinCheck.decode(address);
    expect([payload.length, payload[0]]).toEqual([21, 0x30]);
    expectChain(address, 'litecoin');
  });
});

describe('XRP classic addresses that begin like a Litecoin regtest prefix', () => {
  it.each([
    'rLtC1BTYYNDvXALumvz9iP5Ri13CYe1Jci',
    'rLTC1gdQF52MCe5TEHPx6XoUmvfMgFdfMx',
    'rLtc1L5i5JLWUcQisSxE6eXgxeCxtqvs1b',
    'rLTc1wxngQnaBhjzR2S7aPR6iquTQq6e8D',
  ])('%s is XRP', (address) => {
    const payload = xrpCheck.decode(address);
    expect([payload.length, payload[0]]).toEqual([21, 0]);
    expectChain(address, 'xrp');
  });
});

describe('Solana addresses that begin like any segwit prefix, in any case', () => {
  it.each([
    'bc1LHfcZbBz3ZkJR9N7fXVK8tGQhU6Z7zHnHSMiYQ8T',
    'Bc1PWkCQnwrJwvhTKJ9uGxYRjkCvbAmPU2QgAqADffu',
    'BC1rZJxDscQQcShH6FbSWpJmzBBZMynV9jHg44vErMs',
    'bC1m7nLaKLAbrjnGeCbTqoonUZMv5ZcgBnTvvBhPzzT',
    'LTC1MHG4pTpWewkcqrTk2e5nDip9CrtqfzJ7nGYR7rk',
    'Ltc1nupU84WitXJsuv9yxJMqXtA3PofBkCRgfEzSumG',
    'tb1yue6gpbfL4FBPqEb9NCysjGkJHbmsFRS8yhdAEjG',
    'TB17CgdWLx2sWEvLvLR8b3fEUvc3D4LmMxer4TZB9E9',
    'Tb1tQQqwzDi8eKyLdfKbPfKCqNLUFabKxxtGDGxDBs9',
    'bcrt1f9YUHqFcpLbPYJbTUNDRuSm5Mo5sEywL56q2kj',
    'BCRT1k3AoWd4vxePrPb2BHpxiBAAGvwTdHUyv4DBAUz',
    'tLtc17TC4PspjMKJ869GCdKEk7UsmSPkc83s5HLE5XP',
    'TLTC1pZ6weJHdXEFoNGEkN3PcvnvktBXBh5AowQw9Kr',
    'rLtc1tegUQEB9pmnvRPmidfFn5CNALTCxdw6evNSDQt',
    'RLTC1odhgD2TbJkGWAXzipbsXmuyM6ZvEZGVVmrEjjw',
  ])('%s is Solana', (address) => {
    expect(base58.decode(address)).toHaveLength(32);
    expectChain(address, 'solana');
  });
});

describe('overlaps between formats', () => {
  it('a checksummed reading beats Solana: upper-case segwit addresses that are also 32-byte base58', () => {
    // Upper-case Bech32 without a 0 is valid base58; at 43–44 characters it can decode to 32 bytes.
    for (const [address, chain] of [
      ['LTC1QRQ6Y384LSFDJK3JTQ49TW2T35GNGJVW9CJQZ42', 'litecoin'],
      ['LTC1PXAERJCFRTZYYRPVGLN4CVUVPDPHSFEJ9ASDWHF', 'litecoin'],
      ['BC1PY8UFKK5TW6WL28RZTJEN856V23X4QH84PSLLGYAA', 'bitcoin'],
      ['BC1ZCHRGSUV69N6JVT7NDW6VSWWXT7DCC9SSMCWH8344', 'bitcoin'],
    ] as const) {
      expect(base58.decode(address)).toHaveLength(32);
      expect(parseAddress(address)).toMatchObject({ ok: true, address: { chain, normalized: address.toLowerCase() } });
      expect(networksFor(address)).toEqual([chain, 'solana']);
      expect(parseAddress(address, 'solana')).toEqual({ ok: true, address: { chain: 'solana', network: 'solana', normalized: address, kind: 'account' } });
    }
  });

  it('Bech32 is all lower- or all upper-case: mixed case is a typo, unless the text is a Solana address', () => {
    expect(parseAddress('Bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toEqual({ ok: false, reason: addressMessages.checksum });
    expect(parseAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3T4')).toEqual({ ok: false, reason: addressMessages.checksum });
    expect(parseAddress('Bc1PWkCQnwrJwvhTKJ9uGxYRjkCvbAmPU2QgAqADffu')).toMatchObject({ ok: true, address: { chain: 'solana' } });
  });

  it('a CashAddr without its prefix is read as Bitcoin Cash only (it has no 1, so it is never Bech32)', () => {
    for (const address of [
      'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
      'ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq',
      'QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A',
    ]) {
      expect(networksFor(address)).toEqual(['bitcoin-cash']);
    }
  });

  it('a testnet CashAddr without its prefix is testnet, not a typo', () => {
    expect(parseAddress('pr6m7j9njldwwzlg9v7v53unlr4jkmx6eyvwc0uz5t')).toEqual({ ok: false, reason: addressMessages.testnet });
  });

  it('hex: 41 + 40 digits is TRON; with 0x, 40 digits are EVM; anything else is refused', () => {
    const tronHex = '4165cfbd57fa4f20687b2c33f84c4f9017e5895d49';
    expect(networksFor(tronHex)).toEqual(['tron']);
    expect(networksFor(`0x${tronHex.slice(2)}`)).toEqual(['ethereum', 'bsc', 'polygon', 'arbitrum', 'base', 'optimism', 'ethereum-classic']);
    expect(parseAddress(tronHex.slice(2))).toEqual({ ok: false, reason: addressMessages.unrecognized });
    expect(parseAddress(`${tronHex}00`)).toEqual({ ok: false, reason: addressMessages.unrecognized });
    expect(parseAddress(`0x${tronHex}`)).toEqual({ ok: false, reason: addressMessages.evmLength });
  });

  it('X-addresses are 47 characters: a testnet one (T…) is never a TRON address (34)', () => {
    expect(parseAddress('T719a5UwUCnEs54UsxG9CJYYDhwmFCqkr7wxCcNcfZ6p5GZ')).toEqual({ ok: false, reason: addressMessages.testnet });
    expect(parseAddress('X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ')).toMatchObject({
      ok: true,
      address: { chain: 'xrp', normalized: 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59' },
    });
  });

  it('only a text that is a valid testnet address gets the testnet message', () => {
    // tb1 + a wrong checksum is a typo, not a testnet address.
    expect(parseAddress('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k8')).toEqual({ ok: false, reason: addressMessages.checksum });
    expect(parseAddress('TB1Bcv3x8mg7PVV4nVM48pgHJKcYboTypV')).toEqual({ ok: false, reason: addressMessages.checksum });
  });
});
