import fc from 'fast-check';
import { riskLevelLabels } from '../checks/risk-label';
import { riskLevelFilter } from '../checks/risk-level-filter';
import { NOT_BLANK, NO_NUL, anyCaseChoice } from './text';
import { uploadFileName } from './upload';

/** Text mixing blanks, NULs and anything else (every UTF-16 code unit, lone surrogates included). */
const mixedText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2028', '\u3000', '\ufeff', '\u0000', '\u200b', '\u001c'),
    fc.string({ unit: 'binary', maxLength: 1 }),
  ),
  maxLength: 12,
});

describe('NOT_BLANK', () => {
  it('takes text with something left once trimmed, and refuses what trim() empties', () => {
    for (const text of ['a', '  a ', '\u00a0x', '0', 'a b\n c']) expect([text, NOT_BLANK.test(text)]).toEqual([text, true]);
    for (const text of ['', ' ', '\t\n\r\v\f', '\u00a0\u2000\u3000\ufeff\u2028']) {
      expect(text.trim()).toBe('');
      expect([text, NOT_BLANK.test(text)]).toEqual([text, false]);
    }
  });
  it('refuses a NUL anywhere, as the server does', () => {
    for (const text of ['\u0000', 'a\u0000', '\u0000a', ' a\u0000b ', 'wallet\u0000']) expect([text, NOT_BLANK.test(text)]).toEqual([text, false]);
  });
  it('takes exactly the texts the server takes: no NUL, something left once trimmed (property)', () => {
    fc.assert(
      fc.property(mixedText, (text) => {
        expect([text, NOT_BLANK.test(text)]).toEqual([text, !text.includes('\u0000') && text.trim() !== '']);
      }),
      { numRuns: 2000 },
    );
  });
  it('reads a long text in linear time, a NUL at its end included', () => {
    const started = performance.now();
    for (const text of [`${'a'.repeat(200_000)}\u0000`, `${' '.repeat(200_000)}\u0000`, `${'a '.repeat(100_000)}\u0000`])
      expect(NOT_BLANK.test(text)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('NO_NUL', () => {
  it('takes any text without a NUL, blank included (property)', () => {
    fc.assert(fc.property(mixedText, (text) => expect([text, NO_NUL.test(text)]).toEqual([text, !text.includes('\u0000')])));
  });
});

describe('anyCaseChoice', () => {
  const levels = anyCaseChoice(['all', 'Low Risk', 'High Risk']);
  it('takes each word in any case, with spaces around it, and nothing', () => {
    for (const text of ['', '  ', 'all', 'ALL', 'low risk', ' Low RISK ', 'High Risk']) expect([text, levels.test(text)]).toEqual([text, true]);
  });
  it('refuses anything else', () => {
    for (const text of ['lowrisk', 'low  risk', 'Medium Risk', 'all all', 'x', '\tlow risk!']) expect([text, levels.test(text)]).toEqual([text, false]);
  });
});

describe('riskLevelFilter', () => {
  const filter = riskLevelFilter();
  it('reads a label in any case as the label, and all, empty or absent as every level', () => {
    expect(filter.parse(' high RISK ')).toBe('High Risk');
    expect(filter.parse('incomplete')).toBe('Incomplete');
    for (const every of ['all', 'ALL', '', '  ', undefined]) expect(filter.parse(every)).toBeUndefined();
    for (const bad of ['\u0004!', 'risky', 'Low', 'all levels']) expect(filter.safeParse(bad).success).toBe(false);
  });
  it('takes every label whatever its case (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...riskLevelLabels), fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }), (label, upper) => {
        const cased = [...label].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c.toLowerCase())).join('');
        expect(filter.parse(cased)).toBe(label);
      }),
    );
  });
});

describe('uploadFileName', () => {
  const name = uploadFileName();
  it("keeps a path's last segment, trimmed", () => {
    expect(name.parse(' SDN.XML ')).toBe('SDN.XML');
    expect(name.parse('C:\\Users\\me\\sdn.csv')).toBe('sdn.csv');
    expect(name.parse('lists/labels.json')).toBe('labels.json');
  });
  it('refuses a name with nothing in its last segment, and one too long', () => {
    for (const bad of ['', '   ', 'dir/', 'dir/  ', 'a\\', 'x'.repeat(256)]) expect([bad, name.safeParse(bad).success]).toEqual([bad, false]);
  });
  it('takes what its pattern takes, and gives a name with something in it (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const parsed = name.safeParse(text);
        if (parsed.success) expect(parsed.data.trim()).not.toBe('');
        else if (text.length <= 255) expect(text.split(/[\\/]/).pop()!.trim()).toBe('');
      }),
    );
  });
  it('refuses a NUL anywhere in the name, as the server does (property)', () => {
    fc.assert(
      // Paths with a NUL somewhere, or none.
      // eslint-disable-next-line no-control-regex -- the NUL is what it is about
      fc.property(fc.oneof(mixedText, fc.stringMatching(/^[a-z/\\ ]{0,6}\u0000?[a-z. ]{0,6}$/)), (text) => {
        const lastSegment = text.split(/[\\/]/).pop()!;
        expect([text, name.safeParse(text).success]).toEqual([text, !text.includes('\u0000') && lastSegment.trim() !== '']);
      }),
      { numRuns: 1000 },
    );
  });
});
