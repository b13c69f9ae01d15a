/**
 * The addresses of chains screened against the sanctions lists only, against published vectors:
 * Monero's own (monero-project/monero tests/unit_tests/base58.cpp), Zcash's transparent and Sapling
 * addresses as Trust Wallet Core's tests validate them (Apache-2.0), Dash and Bitcoin Gold
 * addresses derived here from a public key as their Base58Check versions say (0x4c, 0x26), and
 * listed text that is no address at all.
 */
import { ripemd160 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';
import { hexToBytes } from '@noble/hashes/utils';
import { base58CheckEncode } from './base58';
import { decodeCryptoNoteAddress } from './cryptonote';
import { addressMessages, isSanctionsOnlyNetwork, networksFor, parseAddress } from './parse';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes));

describe('Monero (CryptoNote Base58, Keccak-256 checksum)', () => {
  // tests/unit_tests/base58.cpp: TEST_encode_decode_addr and TEST_decode_addr_neg.
  it.each([
    ['11efCaY6UjG7JrxuB', 0],
    ['21rhHRT48LN4PriP9', 6],
  ])('decodes %s to tag %i and its data', (text, tag) => {
    expect(decodeCryptoNoteAddress(text)).toEqual({ tag, data: hexToBytes('11223344556677') });
  });

  it.each(['zuT7GAdgbA819VwdWVDP', '0uT7GAdgbA819VwdWVDP', 'IuT7GAdgbA819VwdWVDP', 'PuT7GAdgbA819VwdWVD', '11efCaY6UjG7JrxuC', '1', '11', '111111', 'ZZZZZZ'])(
    'refuses %s',
    (text) => expect(decodeCryptoNoteAddress(text)).toBeNull(),
  );

  // get_account_address_as_str / get_account_address_from_str: the mainnet address of these keys.
  // test_serialized_keys: the public spend key, then the public view key.
  const keys = 'f724bc5c6cfbb9d97602c300423a2f28641874513a035778a0c1778d833201e9' + '220939689edf1abd5bc1d031f73ecd6c993add66d6808870456afeb8e7eeb68d';
  const address = '4AzKEX4gXdJdNeM6dfiBFL7kqund3HYGvMBF3ttsNd9SfzgYB6L7ep1Yg1osYJzLdaKAYSLVh6e6jKnAuzj3bw1oGy9kXCb';

  it('reads the mainnet address of the test keys as Monero, its spend and view keys intact', () => {
    expect(parseAddress(address)).toEqual({ ok: true, address: { chain: 'monero', network: 'monero', normalized: address, kind: 'account' } });
    expect(decodeCryptoNoteAddress(address)).toMatchObject({ tag: 18 });
    expect(hex(decodeCryptoNoteAddress(address)!.data)).toBe(keys);
    expect(networksFor(address)).toEqual(['monero']);
  });

  it('refuses the address with a character changed as a typo, and its first character changed as unrecognized', () => {
    const typo = address.slice(0, 50) + (address[50] === 'A' ? 'B' : 'A') + address.slice(51);
    expect(parseAddress(typo)).toEqual({ ok: false, reason: addressMessages.checksum });
    expect(parseAddress(`0${address.slice(1)}`)).toEqual({ ok: false, reason: addressMessages.unrecognized });
  });
});

describe('Zcash transparent (Base58Check, two-byte versions) and Sapling (Bech32 zs)', () => {
  it.each([
    ['t1TKCtCETHPrAdA6eY1fdhhnTkTmb371oPt', 'p2pkh'],
    ['t1Wg9uPPAfwhBWeRjtDPa5ZHNzyBx9rJVKY', 'p2pkh'],
    ['t3Pnbg7XjP7FGPBUuz75H65aczphHgkpoJW', 'p2sh'],
    ['zs10lpewlejk9lvdnnx4jwf7vssstcag2whqxj8e6s38kdwu6xtsh85d25fhqcrt6fz9wpxvsw0nsl', 'shielded'],
  ])('%s is a Zcash %s address, on no other network', (text, kind) => {
    expect(parseAddress(text)).toEqual({ ok: true, address: { chain: 'zcash', network: 'zcash', normalized: text, kind } });
    expect(networksFor(text)).toEqual(['zcash']);
  });

  it('refuses a Zcash address with a character changed', () => {
    expect(parseAddress('t1TKCtCETHPrAdA6eY1fdhhnTkTmb371oPu').ok).toBe(false);
    expect(parseAddress('zs10lpewlejk9lvdnnx4jwf7vssstcag2whqxj8e6s38kdwu6xtsh85d25fhqcrt6fz9wpxvsw0nsm').ok).toBe(false);
  });
});

describe('Dash and Bitcoin Gold (Base58Check versions of their own)', () => {
  // An uncompressed public key whose Dash address Tangem's SDK tests publish: Xs92pJsKUXRpbwzxDjBjApiwMK6JysNntG.
  const pubkey = hexToBytes(
    '0441DCD64B5F4A039FC339A16300A833A883B218909F2EBCAF3906651C76842C45E3D67E8D2947E6FEE8B62D3D3B6A4D5F212DA23E478DD69A2C6CCC851F300D80',
  );

  it('derives the published Dash address from the key (version 0x4c) and reads it as Dash', () => {
    const dash = base58CheckEncode(Uint8Array.from([0x4c, ...hash160(pubkey)]));
    expect(dash).toBe('Xs92pJsKUXRpbwzxDjBjApiwMK6JysNntG');
    expect(parseAddress(dash)).toEqual({ ok: true, address: { chain: 'dash', network: 'dash', normalized: dash, kind: 'p2pkh' } });
  });

  it('reads the same key as Bitcoin Gold under its version (0x26, G…) and P2SH (0x17, A…)', () => {
    const btg = base58CheckEncode(Uint8Array.from([0x26, ...hash160(pubkey)]));
    expect(btg.startsWith('G')).toBe(true);
    expect(networksFor(btg)).toEqual(['bitcoin-gold']);
    const p2sh = base58CheckEncode(Uint8Array.from([0x17, ...hash160(pubkey)]));
    expect(parseAddress(p2sh)).toMatchObject({ ok: true, address: { network: 'bitcoin-gold', kind: 'p2sh' } });
  });

  it.each(['GW3JrQyHtoVfEFES3Y9JagiX3VSKQStLwj', 'GUDWdeMyAXQbrNFFivAhkJQ1GfBCFdc7JF', 'GSNFPRsdaM3MXrU5HW1AxgFwmUQC8HXK9F'])(
    '%s (a published Bitcoin Gold address) is Bitcoin Gold',
    (text) => expect(networksFor(text)).toEqual(['bitcoin-gold']),
  );
});

describe('formats shared with traced chains', () => {
  it('reads a Dogecoin address also as Verge, an EVM address also as Ethereum Classic, a Bitcoin one also as Bitcoin SV, the traced chain first', () => {
    expect(networksFor('DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L')).toEqual(['dogecoin', 'verge']);
    expect(networksFor('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed').at(-1)).toBe('ethereum-classic');
    expect(networksFor('1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu')).toContain('bitcoin-sv');
    expect(parseAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'ethereum-classic')).toMatchObject({ ok: true, address: { chain: 'ethereum-classic' } });
    for (const n of ['monero', 'zcash', 'dash', 'bitcoin-gold', 'verge', 'ethereum-classic', 'bitcoin-sv', 'other'] as const)
      expect(isSanctionsOnlyNetwork(n)).toBe(true);
    expect(isSanctionsOnlyNetwork('bitcoin')).toBe(false);
  });
});

describe('text on a sanctions list that is no address (other)', () => {
  it('is screened as written when asked for as other, never detected by itself', () => {
    expect(parseAddress(' 0xNOT-AN-ADDRESS ', 'other')).toEqual({
      ok: true,
      address: { chain: 'other', network: 'other', normalized: '0xNOT-AN-ADDRESS', kind: 'text' },
    });
    expect(parseAddress('two words', 'other')).toEqual({ ok: false, reason: addressMessages.otherText });
    expect(networksFor('0xNOT-AN-ADDRESS')).toEqual([]);
  });
});
