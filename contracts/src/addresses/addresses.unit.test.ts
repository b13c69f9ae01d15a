/**
 * Address parsing, chain by chain (the published vectors are in vectors.unit.test.ts, the prefix
 * overlaps in prefix-overlap.unit.test.ts, random addresses in addresses.property.unit.test.ts).
 */
import { base58CheckDecode, base58CheckEncode, base58Decode, base58Encode, BITCOIN_ALPHABET } from './base58';
import { decodeCashAddr } from './cashaddr';
import { addressMessages, MAX_ADDRESS_LENGTH, networksFor, parseAddress, toChecksumAddress } from './parse';

const fromHex = (h: string) => Uint8Array.from(h.match(/../g)!.map((x) => parseInt(x, 16)));

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
    expect(parseAddress('1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', 'bitcoin-cash')).toMatchObject({
      ok: true,
      address: { chain: 'bitcoin-cash', network: 'bitcoin-cash' },
    });
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

describe('readings on several networks', () => {
  const p2sh = '3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC';

  it('reads a 3… address as Bitcoin by default, and as Bitcoin Cash or Litecoin (its old P2SH form, screened as M…) on request', () => {
    expect(parseAddress(p2sh)).toEqual({ ok: true, address: { chain: 'bitcoin', network: 'bitcoin', normalized: p2sh, kind: 'p2sh' } });
    expect(parseAddress(p2sh, 'bitcoin-cash')).toEqual({
      ok: true,
      address: { chain: 'bitcoin-cash', network: 'bitcoin-cash', normalized: p2sh, kind: 'p2sh' },
    });
    const hash = base58CheckDecode(p2sh)!.subarray(1);
    const litecoin = base58CheckEncode(Uint8Array.from([0x32, ...hash]));
    expect(litecoin[0]).toBe('M');
    expect(parseAddress(p2sh, 'litecoin')).toEqual({ ok: true, address: { chain: 'litecoin', network: 'litecoin', normalized: litecoin, kind: 'p2sh' } });
    expect(parseAddress(litecoin)).toEqual(parseAddress(p2sh, 'litecoin'));
  });

  it('lists every network a text is valid on, the default first', () => {
    // Bitcoin SV and Ethereum Classic share their formats with Bitcoin and the EVM chains: screened against the lists only.
    expect(networksFor(` ${p2sh} `)).toEqual(['bitcoin', 'bitcoin-cash', 'litecoin', 'bitcoin-sv']);
    expect(networksFor('1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu')).toEqual(['bitcoin', 'bitcoin-cash', 'bitcoin-sv']);
    expect(networksFor('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toEqual([
      'ethereum',
      'bsc',
      'polygon',
      'arbitrum',
      'base',
      'optimism',
      'ethereum-classic',
    ]);
    expect(networksFor('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toEqual(['bitcoin']);
    expect(networksFor('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toEqual(['tron']);
    expect(networksFor('not an address')).toEqual([]);
    expect(networksFor('')).toEqual([]);
  });

  it('refuses a network the text is not valid on, naming the one it is', () => {
    expect(parseAddress('1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', 'litecoin')).toEqual({
      ok: false,
      reason: 'This is a Bitcoin address; it cannot be screened on Litecoin',
    });
    expect(parseAddress('LUxXFcwXFPpRZdMv4aYu6bDwPdC2skQ5YW', 'bitcoin')).toEqual({
      ok: false,
      reason: 'This is a Litecoin address; it cannot be screened on Bitcoin',
    });
  });
});

describe('XRP X-addresses', () => {
  it('screens the classic address and keeps the X-address and its destination tag', () => {
    expect(parseAddress('XVLhHMPHU98es4dbozjVtdWzVrDjtV8AqEL4xcZj5whKbmc')).toEqual({
      ok: true,
      address: {
        chain: 'xrp',
        network: 'xrp',
        normalized: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf',
        kind: 'account',
        xAddress: 'XVLhHMPHU98es4dbozjVtdWzVrDjtV8AqEL4xcZj5whKbmc',
        tag: 0,
      },
    });
    expect(parseAddress('XVLhHMPHU98es4dbozjVtdWzVrDjtV5fdx1mHp98tDMoQXb', 'xrp')).toMatchObject({
      ok: true,
      address: { normalized: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf', tag: null },
    });
  });

  it('refuses a testnet X-address as testnet, never as TRON', () => {
    expect(parseAddress('TVE26TYGhfLC7tQDno7G8dGtxSkYQn49b3qD26PK7FcGSKE')).toEqual({ ok: false, reason: addressMessages.testnet });
  });
});

describe('TRON hex form (41 + 40 hex digits)', () => {
  it('is read as TRON and screened as its base58 T… form', () => {
    const base58 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    const hexForm = Array.from(base58CheckDecode(base58)!, (b) => b.toString(16).padStart(2, '0')).join('');
    expect(hexForm.startsWith('41')).toBe(true);
    expect(parseAddress(hexForm)).toEqual({ ok: true, address: { chain: 'tron', network: 'tron', normalized: base58, kind: 'account' } });
    expect(parseAddress(hexForm.toUpperCase())).toEqual(parseAddress(hexForm));
    expect(parseAddress(`0x${hexForm}`)).toEqual({ ok: false, reason: addressMessages.evmLength });
  });
});

describe('length', () => {
  it('takes up to MAX_ADDRESS_LENGTH characters, after trimming', () => {
    expect(parseAddress(`  ${'1'.repeat(MAX_ADDRESS_LENGTH)}  `).ok).toBe(false);
    expect(parseAddress('1'.repeat(MAX_ADDRESS_LENGTH))).not.toEqual({ ok: false, reason: addressMessages.tooLong });
    expect(parseAddress('1'.repeat(MAX_ADDRESS_LENGTH + 1))).toEqual({ ok: false, reason: addressMessages.tooLong });
  });
});
