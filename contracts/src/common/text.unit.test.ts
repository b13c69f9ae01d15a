import { NOT_BLANK, anyCaseChoice } from './text';

describe('NOT_BLANK', () => {
  it('takes text with something left once trimmed, and refuses what trim() empties', () => {
    for (const text of ['a', '  a ', '\u00a0x', '0']) expect([text, NOT_BLANK.test(text)]).toEqual([text, true]);
    for (const text of ['', ' ', '\t\n\r\v\f', '\u00a0\u2000\u3000\ufeff\u2028']) {
      expect(text.trim()).toBe('');
      expect([text, NOT_BLANK.test(text)]).toEqual([text, false]);
    }
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
