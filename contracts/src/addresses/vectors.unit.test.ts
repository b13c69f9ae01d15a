/**
 * The published address test vectors, one fixture file per source (contracts/test-fixtures/addresses,
 * whose README names each source, commit and licence): every valid mainnet address parses to its
 * chain and kind (and, where the source gives it, to the same scriptPubKey or hash), every testnet or
 * regtest one is refused as testnet, and every invalid entry is refused without throwing.
 */
import { base58 } from '@scure/base';
import { base58CheckDecode } from './base58';
import { bech32Decode, decodeSegwitAny } from './bech32';
import { decodeCashAddr, encodeCashAddr } from './cashaddr';
import {
  addressMessages,
  isSanctionsOnlyNetwork,
  networksFor,
  parseAddress,
  toChecksumAddress,
  type AddressKind,
  type Chain,
  type Network,
  type ParseResult,
} from './parse';
import { decodeClassicAddress, decodeXAddress, encodeXAddress } from './xaddress';

// contracts is shared with the browser and has no Node types; jest gives every test module `require`.
declare function require(path: string): unknown;
const fixture = <T>(name: string): T => require(`../../test-fixtures/addresses/${name}`) as T;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (h) => parseInt(h, 16));

function accepted(result: ParseResult) {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.address;
}

const refusedAs = (input: string, reason: string) => expect(parseAddress(input)).toEqual({ ok: false, reason });
const refused = (input: string) => expect(parseAddress(input).ok).toBe(false);

/** Base58 text of a 32-byte key: a Solana address, whatever else it also looks like. */
function isSolanaText(text: string): boolean {
  if (text.length < 32 || text.length > 44 || !/^[1-9A-HJ-NP-Za-km-z]+$/.test(text)) return false;
  return base58.decode(text).length === 32;
}

/** A testnet or regtest address is refused as one, unless the same text is also a Solana address (then it is one). */
function refusedAsTestnet(address: string) {
  if (isSolanaText(address)) expect(parseAddress(address)).toMatchObject({ ok: true, address: { chain: 'solana', normalized: address } });
  else refusedAs(address, addressMessages.testnet);
}

/** The scriptPubKey (hex) of a parsed Bitcoin-family address: segwit, P2PKH or P2SH. */
function scriptPubKey(normalized: string): string {
  const segwit = decodeSegwitAny(normalized);
  if (segwit) return hex(Uint8Array.from([segwit.version === 0 ? 0 : 0x50 + segwit.version, segwit.program.length, ...segwit.program]));
  const payload = base58CheckDecode(normalized)!;
  const hash = hex(payload.subarray(1));
  return [0x00, 0x30, 0x1e].includes(payload[0]!) ? `76a914${hash}88ac` : `a914${hash}87`;
}

const kindOfScript = (script: string): AddressKind => {
  if (script.startsWith('76a914')) return 'p2pkh';
  if (script.startsWith('a914')) return 'p2sh';
  if (script.startsWith('0014')) return 'p2wpkh';
  if (script.startsWith('0020')) return 'p2wsh';
  return script.startsWith('5120') ? 'p2tr' : 'segwit';
};

describe('BIP-173 and BIP-350 (bip-0173.json, bip-0350.json)', () => {
  interface BipVectors {
    validBech32?: string[];
    validBech32m?: string[];
    invalidBech32?: Array<{ string: string }>;
    invalidBech32m?: Array<{ string: string }>;
    validSegwitAddresses: Array<{ address: string; scriptPubKey: string }>;
    invalidSegwitAddresses: Array<{ address: string; reason: string }>;
  }
  const bip173 = fixture<BipVectors>('bip-0173.json');
  const bip350 = fixture<BipVectors>('bip-0350.json');

  it.each(bip173.validBech32!)('%j is valid Bech32', (s) => expect(bech32Decode(s)?.encoding).toBe('bech32'));
  it.each(bip350.validBech32m!)('%j is valid Bech32m', (s) => expect(bech32Decode(s)?.encoding).toBe('bech32m'));
  it.each([...bip173.invalidBech32!, ...bip350.invalidBech32m!].map((v) => v.string))('%j is neither', (s) => {
    expect(bech32Decode(s)).toBeNull();
    refused(s);
  });

  const current = [...bip350.validSegwitAddresses, ...bip173.validSegwitAddresses.filter((v) => v.scriptPubKey.startsWith('00'))];
  it.each(current)('$address is the scriptPubKey $scriptPubKey', ({ address, scriptPubKey: script }) => {
    const decoded = decodeSegwitAny(address)!;
    expect(scriptPubKey(address.toLowerCase())).toBe(script);
    if (decoded.hrp === 'bc') {
      expect(accepted(parseAddress(address))).toEqual({ chain: 'bitcoin', network: 'bitcoin', normalized: address.toLowerCase(), kind: kindOfScript(script) });
    } else {
      refusedAs(address, addressMessages.testnet);
    }
  });

  it.each(bip173.validSegwitAddresses.filter((v) => !v.scriptPubKey.startsWith('00')))(
    '$address (v1+ in Bech32, superseded by BIP-350) is refused as a typo',
    ({ address }) => {
      expect(decodeSegwitAny(address)).toBeNull();
      refusedAs(address, addressMessages.checksum);
    },
  );

  it.each([...bip173.invalidSegwitAddresses, ...bip350.invalidSegwitAddresses])('$address is refused ($reason)', ({ address }) => {
    expect(['bc', 'tb']).not.toContain(decodeSegwitAny(address)?.hrp);
    const result = parseAddress(address);
    expect(result.ok).toBe(false);
    // An invalid address is never called a testnet one; with a known prefix it is a typo.
    expect(result).toEqual({ ok: false, reason: /^(bc|tb)1/i.test(address) ? addressMessages.checksum : addressMessages.unrecognized });
  });
});

describe('bitcoinjs-lib test/fixtures/address.json (bitcoinjs-lib-address.json)', () => {
  interface Standard {
    network: 'bitcoin' | 'litecoin' | 'testnet';
    version: number;
    hash?: string;
    base58check?: string;
    bech32?: string;
    data?: string;
  }
  const vectors = fixture<{
    standard: Standard[];
    bech32: Array<{ address: string }>;
    invalid: { bech32: Array<{ address: string }>; fromBase58Check: Array<{ address: string }>; toOutputScript: Array<{ address: string }> };
  }>('bitcoinjs-lib-address.json');

  it.each(vectors.standard)('$network $base58check$bech32', (v) => {
    const address = (v.base58check ?? v.bech32)!;
    if (v.network === 'testnet') return refusedAs(address, addressMessages.testnet);
    const parsed = accepted(parseAddress(address));
    expect(parsed.chain).toBe(v.network);
    if (v.base58check) {
      expect(parsed.kind).toBe(v.version === 0 || v.version === 48 ? 'p2pkh' : 'p2sh');
      expect(hex(base58CheckDecode(parsed.normalized)!.subarray(1))).toBe(v.hash);
    } else {
      expect(parsed).toMatchObject({ kind: 'p2wpkh', normalized: address.toLowerCase() });
      expect(hex(decodeSegwitAny(parsed.normalized)!.program)).toBe(v.data);
    }
  });

  it.each(vectors.bech32.map((v) => v.address))('%s (v1+ in Bech32, from before BIP-350) is refused as a typo', (address) =>
    refusedAs(address, addressMessages.checksum),
  );

  it.each([...vectors.invalid.bech32, ...vectors.invalid.fromBase58Check, ...vectors.invalid.toOutputScript].map((v) => v.address))(
    '%s is refused',
    (address) => {
      const result = parseAddress(address);
      expect(result.ok).toBe(false);
      expect(result).not.toEqual({ ok: false, reason: addressMessages.testnet });
    },
  );
});

type KeyIoEntry = [string, string?, { chain: string; isPrivkey: boolean; tryCaseFlip?: boolean }?];

/** Runs a Bitcoin Core-format key_io pair: mainnet addresses parse to `chain` with their scriptPubKey; the rest is refused. */
function keyIo(name: string, chain: Chain, valid: KeyIoEntry[], invalid: KeyIoEntry[], mainnetSegwit: 'accepted' | 'refused') {
  describe(name, () => {
    const addresses = valid.filter(([, , meta]) => !meta!.isPrivkey);
    const segwitShaped = (address: string) => /^[a-z]{2,4}1/i.test(address);
    const main = addresses.filter(([address, , meta]) => meta!.chain === 'main' && (mainnetSegwit === 'accepted' || !segwitShaped(address)));

    it.each(main)('%s is %s on mainnet', (address, script, meta) => {
      const parsed = accepted(parseAddress(address));
      expect(parsed.chain).toBe(chain);
      expect(parsed.kind).toBe(kindOfScript(script!));
      expect(scriptPubKey(parsed.normalized)).toBe(script);
      if (meta!.tryCaseFlip) expect(parseAddress(address.toUpperCase())).toEqual(parseAddress(address));
    });

    if (mainnetSegwit === 'refused') {
      // Dogecoin's development branch defines dg1… segwit addresses; segwit is not active on its mainnet.
      it.each(addresses.filter(([address, , meta]) => meta!.chain === 'main' && segwitShaped(address)))(
        '%s (Dogecoin segwit, not active on mainnet) is refused',
        (address) => {
          refusedAs(address, addressMessages.unrecognized);
        },
      );
    }

    it.each(addresses.filter(([, , meta]) => meta!.chain !== 'main'))('%s (%s) is refused as testnet', (address, _script, meta) => {
      refusedAs(address, addressMessages.testnet);
      // Upper-cased, some regtest addresses are also valid Solana addresses (base58 of 32 bytes): then they are Solana.
      if (meta!.tryCaseFlip) refusedAsTestnet(address.toUpperCase());
    });

    it.each(valid.filter(([, , meta]) => meta!.isPrivkey))('the private key %s is not an address', (key) => refused(key));

    // Invalid for this chain; a few are valid addresses of a chain screened against the lists only
    // (AZEah8d1EK362okRBS66e8SvdtYkrE8tsX is Base58Check version 0x17: Bitcoin Gold's P2SH), read as that and nothing else.
    it.each(invalid.map(([s]) => s))('%j is refused, or read only on a sanctions-only network', (s) => {
      const read = networksFor(s);
      if (read.length === 0) refused(s);
      else expect(read.filter((n) => !isSanctionsOnlyNetwork(n))).toEqual([]);
    });
  });
}

keyIo(
  'Bitcoin Core key_io_valid.json / key_io_invalid.json',
  'bitcoin',
  fixture<KeyIoEntry[]>('bitcoin-core-key_io_valid.json'),
  fixture<KeyIoEntry[]>('bitcoin-core-key_io_invalid.json'),
  'accepted',
);
keyIo(
  'Dogecoin key_io_valid.json / key_io_invalid.json',
  'dogecoin',
  fixture<KeyIoEntry[]>('dogecoin-key_io_valid.json'),
  fixture<KeyIoEntry[]>('dogecoin-key_io_invalid.json'),
  'refused',
);

describe('CashAddr specification (cashaddr-spec.json)', () => {
  const spec = fixture<{
    checksumOnly: string[];
    translation: Array<{ legacy: string; cashaddr: string }>;
    larger: Array<{ size: number; type: 0 | 1; cashaddr: string; data: string }>;
    undefinedTypes: Array<{ cashaddr: string }>;
  }>('cashaddr-spec.json');

  it.each(spec.translation)('$legacy is $cashaddr', ({ legacy, cashaddr }) => {
    const kind = cashaddr.startsWith('bitcoincash:q') ? 'p2pkh' : 'p2sh';
    expect(accepted(parseAddress(legacy))).toMatchObject({ chain: 'bitcoin', kind });
    expect(accepted(parseAddress(legacy, 'bitcoin-cash'))).toMatchObject({ chain: 'bitcoin-cash', network: 'bitcoin-cash', kind });
    expect(decodeCashAddr(cashaddr)!.hash).toEqual(base58CheckDecode(legacy)!.subarray(1));
    for (const form of [cashaddr, cashaddr.slice('bitcoincash:'.length), cashaddr.toUpperCase()]) {
      expect(accepted(parseAddress(form))).toEqual({ chain: 'bitcoin-cash', network: 'bitcoin-cash', normalized: cashaddr, kind });
    }
  });

  describe('every hash size, 20 to 64 bytes', () => {
    it.each(spec.larger)('$cashaddr encodes $data', ({ type, cashaddr, data }) => {
      const prefix = cashaddr.slice(0, cashaddr.indexOf(':'));
      const hash = fromHex(data);
      expect(encodeCashAddr(type === 0 ? 'p2pkh' : 'p2sh', hash, prefix)).toBe(cashaddr);
      expect(decodeCashAddr(cashaddr)).toEqual({ prefix, type: type === 0 ? 'p2pkh' : 'p2sh', hash });
    });

    it.each(spec.larger.filter((v) => v.cashaddr.startsWith('bitcoincash:')))(
      '$cashaddr ($size bytes) is accepted with and without its prefix',
      ({ cashaddr, type }) => {
        const kind = type === 0 ? 'p2pkh' : 'p2sh';
        for (const form of [cashaddr, cashaddr.slice('bitcoincash:'.length), cashaddr.toUpperCase(), cashaddr.slice('bitcoincash:'.length).toUpperCase()]) {
          expect(accepted(parseAddress(form))).toEqual({ chain: 'bitcoin-cash', network: 'bitcoin-cash', normalized: cashaddr, kind });
        }
      },
    );

    it('the 64-byte vector (124 characters with its prefix) is not refused as too long', () => {
      const longest = spec.larger.find((v) => v.size === 64 && v.cashaddr.startsWith('bitcoincash:'))!.cashaddr;
      expect(longest).toHaveLength(124);
      expect(parseAddress(longest).ok).toBe(true);
      expect(parseAddress(`${longest}qqqqq`)).toEqual({ ok: false, reason: addressMessages.tooLong });
    });

    it.each(spec.larger.filter((v) => v.cashaddr.startsWith('bchtest:')))('$cashaddr is refused as testnet, with or without its prefix', ({ cashaddr }) => {
      refusedAs(cashaddr, addressMessages.testnet);
      refusedAs(cashaddr.slice('bchtest:'.length), addressMessages.testnet);
    });

    it.each(spec.larger.filter((v) => v.cashaddr.startsWith('pref:')))('$cashaddr (another prefix) is refused', ({ cashaddr }) => {
      refusedAs(cashaddr, addressMessages.unrecognized);
      refused(cashaddr.slice('pref:'.length));
    });
  });

  it.each([...spec.checksumOnly, ...spec.undefinedTypes.map((v) => v.cashaddr)])('%s (checksum valid, payload not an address) is refused', (s) => {
    expect(decodeCashAddr(s)).toBeNull();
    refused(s);
  });
});

describe('ripple-address-codec (ripple-address-codec.json)', () => {
  const codec = fixture<{
    xAddresses: Array<[string, false | number, string, string]>;
    invalidXAddresses: Array<{ xAddress: string }>;
    classicAddresses: Array<{ address: string; accountId?: string }>;
    invalidClassicAddresses: string[];
    notAddresses: string[];
  }>('ripple-address-codec.json');

  it.each(codec.xAddresses)('%s with tag %j is %s on mainnet, %s on testnet', (classic, tag, mainnet, testnet) => {
    expect(accepted(parseAddress(mainnet))).toEqual({
      chain: 'xrp',
      network: 'xrp',
      normalized: classic,
      kind: 'account',
      xAddress: mainnet,
      tag: tag === false ? null : tag,
    });
    refusedAs(testnet, addressMessages.testnet);
    expect(accepted(parseAddress(classic))).toEqual({ chain: 'xrp', network: 'xrp', normalized: classic, kind: 'account' });
    const accountId = decodeClassicAddress(classic)!;
    expect(encodeXAddress(accountId, tag === false ? null : tag)).toBe(mainnet);
    expect(encodeXAddress(accountId, tag === false ? null : tag, true)).toBe(testnet);
    expect(decodeXAddress(testnet)).toEqual({ classicAddress: classic, tag: tag === false ? null : tag, test: true });
  });

  it('refuses a bad checksum as a typo, a bad prefix and a 64-bit tag', () => {
    const [badChecksum, badPrefix, tag64] = codec.invalidXAddresses.map((v) => v.xAddress);
    refusedAs(badChecksum!, addressMessages.checksum);
    refused(badPrefix!);
    expect(decodeXAddress(tag64!)).toBeNull();
    refused(tag64!);
  });

  it.each(codec.classicAddresses)('$address is an XRP account', ({ address, accountId }) => {
    expect(accepted(parseAddress(address))).toEqual({ chain: 'xrp', network: 'xrp', normalized: address, kind: 'account' });
    if (accountId) expect(hex(decodeClassicAddress(address)!).toUpperCase()).toBe(accountId);
  });

  it.each(codec.invalidClassicAddresses)('%j is refused', (s) => refused(s));
  it.each(codec.notAddresses)('%s (a seed, a public key or another payload) is refused', (s) => refused(s));
});

describe('TronWeb (tronweb.json)', () => {
  const tron = fixture<{
    validBase58: string[];
    invalidBase58: string[];
    validHex: string[];
    invalidHex: string[];
    checksum: Array<{ base58: string; checksumHex: string }>;
    notChecksum: string[];
  }>('tronweb.json');

  it.each(tron.validBase58)('%s is TRON', (a) => expect(accepted(parseAddress(a))).toEqual({ chain: 'tron', network: 'tron', normalized: a, kind: 'account' }));
  it.each(tron.invalidBase58)('%s is refused', (a) => refused(a));

  it.each(tron.validHex)('the hex form %s is TRON, screened as its base58 form', (a) => {
    const parsed = accepted(parseAddress(a));
    expect(parsed).toMatchObject({ chain: 'tron', network: 'tron', kind: 'account' });
    expect(hex(base58CheckDecode(parsed.normalized)!)).toBe(a);
    expect(networksFor(a)).toEqual(['tron']);
  });

  it.each(tron.checksum)('$checksumHex (mixed-case checksum form) is $base58', ({ base58, checksumHex }) => {
    expect(accepted(parseAddress(checksumHex)).normalized).toBe(base58);
    for (const form of [checksumHex.toLowerCase(), `41${checksumHex.slice(2).toUpperCase()}`]) expect(accepted(parseAddress(form)).normalized).toBe(base58);
    // One letter's case changed: the mixed-case checksum fails.
    refusedAs(checksumHex.replace('E5F', 'e5F'), addressMessages.checksum);
  });

  it('refuses 41… hex of the wrong length; 0x… is an EVM address, not TRON', () => {
    const [evm, short, long] = tron.invalidHex;
    expect(accepted(parseAddress(evm!))).toMatchObject({ chain: 'evm', network: 'ethereum' });
    expect(parseAddress(evm!, 'tron').ok).toBe(false);
    refused(short!);
    refused(long!);
    expect(accepted(parseAddress(tron.notChecksum[0]!)).chain).toBe('tron');
  });
});

describe('@solana/addresses (solana-addresses.json)', () => {
  const solana = fixture<{ valid: Array<{ address: string; bytes?: number[] }>; invalid: Array<{ string: string }> }>('solana-addresses.json');

  it.each(solana.valid)('$address is Solana', ({ address }) => {
    expect(accepted(parseAddress(address))).toEqual({ chain: 'solana', network: 'solana', normalized: address, kind: 'account' });
  });
  it.each(solana.invalid.map((v) => v.string))('%s is refused', (s) => refused(s));
});

describe('EIP-55 (eip-55.json)', () => {
  const eip55 = fixture<{ checksummed: string[]; allCaps: string[]; allLower: string[] }>('eip-55.json');

  it.each(eip55.checksummed)('%s is its own checksum form; one letter in the wrong case is a typo', (a) => {
    expect(toChecksumAddress(a.toLowerCase())).toBe(a);
    expect(accepted(parseAddress(a))).toEqual({ chain: 'evm', network: 'ethereum', normalized: a, kind: 'account' });
    const i = a.search(/[a-fA-F]/);
    const flipped = a.slice(0, i) + (a[i] === a[i]!.toLowerCase() ? a[i].toUpperCase() : a[i]!.toLowerCase()) + a.slice(i + 1);
    refusedAs(flipped, addressMessages.eip55);
  });

  it.each([...eip55.allCaps, ...eip55.allLower])('%s (one case throughout) is accepted without a checksum', (a) => {
    expect(accepted(parseAddress(a)).normalized).toBe(toChecksumAddress(a));
  });
});

describe('OFAC-listed addresses (ofac-listed.json)', () => {
  const listed = fixture<Record<'TRX' | 'LTC' | 'SOL' | 'XRP' | 'BCH', string[]>>('ofac-listed.json');
  const onNetwork: Array<[string, Network, string[]]> = [
    ['TRX', 'tron', listed.TRX],
    ['LTC', 'litecoin', listed.LTC],
    ['SOL', 'solana', listed.SOL],
    ['XRP', 'xrp', listed.XRP],
    ['BCH', 'bitcoin-cash', listed.BCH],
  ];

  it.each(onNetwork.flatMap(([ticker, network, addresses]) => addresses.map((a) => [ticker, a, network] as const)))(
    '%s %s parses on %s',
    (_ticker, address, network) => {
      expect(parseAddress(address, network)).toMatchObject({ ok: true, address: { network } });
      expect(networksFor(address)).toContain(network);
    },
  );

  it('includes the TRON address the old prefix check refused as testnet', () => {
    expect(listed.TRX).toContain('TB1Bcv3x8mg7PVV4nVM48pgHJKcYboTypU');
  });
});
