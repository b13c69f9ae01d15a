import { accessLabel, classifyAmlStatus, classifyRiskLabel } from './risk-label';

describe('risk label (spec §4)', () => {
  it.each([
    ['Low Risk', 'low', 'Low Risk'],
    ['  LOW ', 'low', 'Low Risk'],
    ['medium', 'medium', 'Medium Risk'],
    ['Medium Risk', 'medium', 'Medium Risk'],
    ['HIGH RISK', 'high', 'High Risk'],
    ['Incomplete', 'incomplete', 'Incomplete'],
    // "incomplete" wins over the words a partial verdict may also carry.
    ['Incomplete (high risk so far)', 'incomplete', 'Incomplete'],
    ['severe', 'unknown', 'Unknown'],
    ['', 'unknown', 'Unknown'],
    [undefined, 'unknown', 'Unknown'],
  ])('%p is %s', (input, level, text) => {
    expect(classifyRiskLabel(input)).toEqual({ level, text });
  });
});

describe('AML status (spec §4)', () => {
  it.each([
    ['Compliant', 'compliant', 'Compliant'],
    [' compliant ', 'compliant', 'Compliant'],
    ['Requires further review', 'review', 'Requires further review'],
    ['Review Required', 'review', 'Requires further review'],
    ['Non-compliant', 'non-compliant', 'Non-compliant'],
    ['Incomplete — data unavailable', 'incomplete', 'Incomplete — data unavailable'],
    ['incomplete', 'incomplete', 'Incomplete — data unavailable'],
    ['pending', 'unknown', 'Unknown status'],
    [null, 'unknown', 'Unknown status'],
  ])('%p is %s', (input, kind, text) => {
    expect(classifyAmlStatus(input)).toEqual({ kind, text });
  });

  it('shows an empty access level as Standard', () => {
    expect(accessLabel('')).toBe('Standard');
    expect(accessLabel('Premium')).toBe('Premium');
  });
});
