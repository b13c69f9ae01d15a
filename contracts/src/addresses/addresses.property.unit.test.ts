/**
 * Property tests: random valid addresses of every supported type and network (random-addresses.ts)
 * parse to their own chain, network, kind and normalized form; one changed character in an address
 * with a checksum never gives the same address; no text makes the parser throw. The bench
 * (bench/addresses.bench.ts) runs the same generators a million times per type.
 */
import fc from 'fast-check';
import { parseAddress } from './parse';
import { addressTypes, type AddressSample } from './random-addresses';

const RUNS = 200;
const sampleOf = (type: (typeof addressTypes)[number]) => fc.uint8Array({ minLength: type.bytes, maxLength: type.bytes }).map((bytes) => type.make(bytes));
const parse = (sample: AddressSample, input = sample.input) => parseAddress(input, sample.network);

describe.each(addressTypes.map((type) => [type.name, type] as const))('%s', (_name, type) => {
  it('parses to its own chain, network, kind and normalized form', () => {
    fc.assert(
      fc.property(sampleOf(type), (sample) => {
        expect(parse(sample)).toEqual({ ok: true, address: sample.expected });
        // Surrounding spaces are not part of an address.
        expect(parse(sample, ` ${sample.input}\n`)).toEqual({ ok: true, address: sample.expected });
      }),
      { numRuns: RUNS },
    );
  });

  // Solana and single-case hex have no checksum: a changed character is just another address.
  if (!['solana', 'evm-lower', 'evm-upper'].includes(type.name)) {
    it('with one character changed is never the same address', () => {
      const visible = fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c));
      fc.assert(
        fc.property(sampleOf(type), fc.nat(), visible, (sample, at, replacement) => {
          const i = at % sample.input.length;
          fc.pre(sample.checked && sample.input[i] !== replacement);
          const mutated = sample.input.slice(0, i) + replacement + sample.input.slice(i + 1);
          const result = parse(sample, mutated);
          if (result.ok) {
            const { normalized, tag } = result.address;
            expect([normalized, tag]).not.toEqual([sample.expected.normalized, sample.expected.tag]);
          }
        }),
        { numRuns: RUNS },
      );
    });
  }
});

describe('any text', () => {
  it('is parsed or refused with a reason, never thrown on', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 140 }), fc.string({ unit: 'binary', maxLength: 140 }), fc.stringMatching(/^[0-9A-Za-z:]{20,130}$/)),
        (text) => {
          const result = parseAddress(text);
          expect(result.ok || result.reason.length > 0).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
