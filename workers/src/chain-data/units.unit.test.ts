import { parseJsonExact } from './http';
import { formatUnits, isoFromSeconds, isoFromText, toBigInt } from './units';

describe('formatUnits: raw integer units to exact decimal strings', () => {
  it.each([
    [150_000_000n, 8, '1.5'],
    [1n, 8, '0.00000001'],
    [0n, 18, '0'],
    [1_250_000_000_000_000_000n, 18, '1.25'],
    [123_456_789_012_345_678_901_234_567_890n, 18, '123456789012.34567890123456789'],
    [152_340_000n, 6, '152.34'],
    [9_007_199_254_740_993n, 9, '9007199.254740993'],
    [-42_975_000n, 8, '-0.42975'],
    [7n, 0, '7'],
  ])('%s with %i decimals is %s', (raw, decimals, text) => {
    expect(formatUnits(raw, decimals)).toBe(text);
  });
});

describe('toBigInt', () => {
  it('reads safe integers and integer strings, and nothing else', () => {
    expect(toBigInt(42)).toBe(42n);
    expect(toBigInt('1000000000000000000000')).toBe(10n ** 21n);
    expect(toBigInt(' 5 ')).toBe(5n);
    expect(toBigInt(1.5)).toBeNull();
    expect(toBigInt(2 ** 60)).toBeNull();
    expect(toBigInt('0x10')).toBeNull();
    expect(toBigInt(null)).toBeNull();
  });
});

describe('timestamps', () => {
  it('reads Unix seconds and ISO text, and rejects what is not a time', () => {
    expect(isoFromSeconds(1700000000)).toBe('2023-11-14T22:13:20.000Z');
    expect(isoFromSeconds('1714550400')).toBe('2024-05-01T08:00:00.000Z');
    expect(isoFromSeconds(null)).toBeNull();
    expect(isoFromText('2022-10-10T14:34:30.000000Z')).toBe('2022-10-10T14:34:30.000Z');
    expect(isoFromText('soon')).toBeNull();
  });
});

describe('parseJsonExact', () => {
  it('keeps integers beyond 2^53 exact, as strings', () => {
    expect(parseJsonExact('{"value":9007199254740993,"small":12,"neg":-12345678901234567890}')).toEqual({
      value: '9007199254740993',
      small: 12,
      neg: '-12345678901234567890',
    });
  });

  it('leaves strings, fractions, exponents and safe integers alone', () => {
    const text = '{"memo":"paid 12345678901234567890 sats: \\"ok\\"","f":1234567890123456.5,"e":12345678901234567e3,"safe":9007199254740991,"list":[1,2]}';
    expect(parseJsonExact(text)).toEqual(JSON.parse(text));
  });
});
