/** Address parsing against the published test vectors (BIP-173, BIP-350, EIP-55, CashAddr, base58check). */
import { base58CheckDecode, base58CheckEncode, base58Decode, base58Encode, BITCOIN_ALPHABET } from './base58';
import { bech32Decode, decodeSegwit } from './bech32';
import { decodeCashAddr } from './cashaddr';
import { addressMessages, parseAddress, toChecksumAddress } from './parse';

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const fromHex = (h: string) => Uint8Array.from(h.match(/../g)!.map((x) => parseInt(x, 16)));

describe('Bech32 (BIP-173 test vectors)', () => {
  it.each([
    'A12UEL5L',
    'a12uel5l',
    'an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs',
    'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw',
    '11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j',
    'split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w',
    '?1ezyfcl',
  ])('%s is valid Bech32', (s) => {
    expect(bech32Decode(s)?.encoding).toBe('bech32');
  });
});

describe('Bech32m (BIP-350 test vectors)', () => {
  it.each([
    'A1LQFN3A',
    'a1lqfn3a',
    'an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6',
    'abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx',
    '11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8',
    'split1checkupstagehandshakeupstreamerranterredcaperredlc445v',
    '?1v759aa',
  ])('%s is valid Bech32m', (s) => {
    expect(bech32Decode(s)?.encoding).toBe('bech32m');
  });

  it.each([
    ['\x201xj0phk', 'HRP character out of range'],
    ['\x7f1g6xzxy', 'HRP character out of range'],
    ['\x801vctc34', 'HRP character out of range'],
    ['an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11d6pts4', 'overall max length exceeded'],
    ['qyrz8wqd2c9m', 'no separator'],
    ['1qyrz8wqd2c9m', 'empty HRP'],
    ['y1b0jsk6g', 'invalid data character'],
    ['lt1igcx5c0', 'invalid data character'],
    ['in1muywd', 'too short checksum'],
    ['mm1crxm3i', 'invalid character in checksum'],
    ['au1s5cgom', 'invalid character in checksum'],
    ['M1VUXWEZ', 'checksum calculated with uppercase HRP'],
    ['16plkw9', 'empty HRP'],
    ['1p2gdwpf', 'empty HRP'],
  ])('%j is invalid (%s)', (s) => {
    expect(bech32Decode(s)).toBeNull();
  });
});

describe('segwit addresses (BIP-350 vectors, mainnet and testnet HRPs)', () => {
  it.each([
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'bc', '0014751e76e8199196d454941c45d1b3a323f1433bd6'],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'tb', '00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262'],
    ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', 'bc', '5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6'],
    ['BC1SW50QGDZ25J', 'bc', '6002751e'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'bc', '5210751e76e8199196d454941c45d1b3a323'],
    ['tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy', 'tb', '0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433'],
    ['tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', 'tb', '5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'bc', '512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'],
  ])('%s → %s scriptPubKey %s', (address, hrp, script) => {
    const s = decodeSegwit(hrp, address)!;
    expect(s).not.toBeNull();
    const op = s.version === 0 ? 0 : 0x50 + s.version;
    expect(hex(Uint8Array.from([op, s.program.length, ...s.program]))).toBe(script);
  });

  it.each([
    ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', 'bc'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'bc'],
    ['tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', 'tb'],
    ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'bc'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'bc'],
    ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', 'tb'],
    ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', 'bc'],
    ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'bc'],
    ['bc1pw5dgrnzv', 'bc'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', 'bc'],
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'bc'],
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', 'tb'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'bc'],
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', 'tb'],
    ['bc1gmk9yu', 'bc'],
  ])('%s is not a valid segwit address', (address, hrp) => {
    expect(decodeSegwit(hrp, address)).toBeNull();
  });
});

describe('EIP-55', () => {
  const vectors = [
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];
  it.each(vectors.slice(4))('%s is its own checksum form', (a) => {
    expect(toChecksumAddress(a.toLowerCase())).toBe(a);
    expect(parseAddress(a)).toEqual({ ok: true, address: { chain: 'evm', network: 'ethereum', normalized: a, kind: 'account' } });
  });
  it.each(vectors.slice(0, 4))('%s (one case throughout) is accepted without a checksum', (a) => {
    const r = parseAddress(a);
    expect(r.ok).toBe(true);
  });
  it('refuses a mixed-case address whose checksum fails', () => {
    expect(parseAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toEqual({ ok: false, reason: addressMessages.eip55 });
    expect(parseAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toEqual({ ok: false, reason: addressMessages.evmLength });
  });
  it('screens on Ethereum by default and on another EVM network on request', () => {
    expect(parseAddress(vectors[4]!, 'polygon')).toMatchObject({ ok: true, address: { chain: 'evm', network: 'polygon' } });
    expect(parseAddress(vectors[4]!, 'tron')).toMatchObject({ ok: false, reason: expect.stringContaining('cannot be screened on TRON') });
  });
});

describe('base58check', () => {
  it('round-trips and keeps leading zero bytes', () => {
    for (const bytes of [fromHex('00'), fromHex('0000ff'), fromHex('00010966776006953d5567439e5e39f86a0d273bee')]) {
      expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
    }
    expect(base58CheckEncode(fromHex('00010966776006953d5567439e5e39f86a0d273bee'))).toBe('16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM');
    expect(base58CheckDecode('16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvN')).toBeNull();
    expect(base58Decode('0OIl', BITCOIN_ALPHABET)).toBeNull();
  });
});

describe('parseAddress on every supported chain', () => {
  const hash = fromHex('76a04053bda0a88bda5177b86a15c3b29f559873');
  const legacy = (version: number) => base58CheckEncode(Uint8Array.from([version, ...hash]));

  it.each([
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'bitcoin', 'p2pkh', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', 'bitcoin', 'p2pkh', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu'],
    ['3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC', 'bitcoin', 'p2sh', '3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC'],
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'bitcoin', 'p2wpkh', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'bitcoin', 'p2tr', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
    [legacy(0x30), 'litecoin', 'p2pkh', legacy(0x30)],
    [legacy(0x32), 'litecoin', 'p2sh', legacy(0x32)],
    [legacy(0x1e), 'dogecoin', 'p2pkh', legacy(0x1e)],
    [legacy(0x16), 'dogecoin', 'p2sh', legacy(0x16)],
    ['bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', 'bitcoin-cash', 'p2pkh', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'],
    ['qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', 'bitcoin-cash', 'p2pkh', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'],
    ['BITCOINCASH:PPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVN0H829PQ', 'bitcoin-cash', 'p2sh', 'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'tron', 'account', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    [legacy(0x41), 'tron', 'account', legacy(0x41)],
    ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'solana', 'account', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'],
    ['11111111111111111111111111111111', 'solana', 'account', '11111111111111111111111111111111'],
    ['rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', 'xrp', 'account', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'],
  ])('%s is %s (%s)', (input, network, kind, normalized) => {
    expect(parseAddress(`  ${input} `)).toEqual({ ok: true, address: { chain: network, network, kind, normalized } });
  });

  it('derives Litecoin, Dogecoin and TRON prefixes from their version bytes', () => {
    expect(legacy(0x30)[0]).toBe('L');
    expect(legacy(0x1e)[0]).toBe('D');
    expect(legacy(0x41)[0]).toBe('T');
  });

  it('reads a legacy address as Bitcoin Cash on request', () => {
    expect(parseAddress('1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', 'bitcoin-cash')).toMatchObject({ ok: true, address: { chain: 'bitcoin-cash', network: 'bitcoin-cash' } });
    expect(decodeCashAddr('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a')?.hash).toEqual(hash);
  });

  it.each([
    ['', addressMessages.empty],
    ['   ', addressMessages.empty],
    ['hello world', addressMessages.unrecognized],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', addressMessages.checksum],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', addressMessages.checksum],
    ['bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6b', addressMessages.checksum],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', addressMessages.testnet],
    ['rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTx', addressMessages.checksum],
    ['x'.repeat(200), addressMessages.tooLong],
  ])('%j is refused: %s', (input, reason) => {
    expect(parseAddress(input)).toEqual({ ok: false, reason });
  });
});
