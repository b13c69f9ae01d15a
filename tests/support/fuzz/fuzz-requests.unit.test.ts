import fc from 'fast-check';
import { percentEncode } from './fuzz-requests';

/** The UTF-8 bytes a percent-encoded string stands for. */
const bytesOf = (encoded: string) =>
  Buffer.from(
    encoded.replace(/%([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  );

describe('percentEncode', () => {
  it('encodes every string as encodeURIComponent does when that succeeds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(percentEncode(text)).toBe(encodeURIComponent(text));
        expect(decodeURIComponent(percentEncode(text))).toBe(text);
      }),
    );
  });

  it('never throws, and sends a lone surrogate as its WTF-8 bytes (a malformed sequence the server must refuse)', () => {
    expect(() => encodeURIComponent('\uD800')).toThrow(URIError);
    expect(percentEncode('\uD800')).toBe('%ED%A0%80');
    expect(percentEncode('x\uD83D')).toBe('x%ED%A0%BD');
    expect(percentEncode('\uDFFFa\u{1F4A9}')).toBe('%ED%BF%BFa%F0%9F%92%A9');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.array(fc.integer({ min: 0xd800, max: 0xdfff }), { maxLength: 4 }), (text, units) => {
        const odd = text + String.fromCharCode(...units);
        const encoded = percentEncode(odd);
        expect(encoded).toMatch(/^[A-Za-z0-9\-_.!~*'()%]*$/);
        // Decoded as UTF-8 is (WHATWG: each byte of a surrogate's three is not a valid sequence and
        // becomes one U+FFFD), the bytes are the string with each lone surrogate three U+FFFDs.
        const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
        expect(new TextDecoder().decode(bytesOf(encoded))).toBe(odd.replace(lone, '\uFFFD\uFFFD\uFFFD'));
      }),
    );
  });
});
