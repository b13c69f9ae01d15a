import { classifyReportLine, parseReport } from './report-lines';

describe('a report line', () => {
  it('starting with "risk score:" or "risk level:" (any case) is a risk line', () => {
    expect(classifyReportLine('Risk score: 12/100')).toEqual({ kind: 'risk', text: 'Risk score: 12/100', heading: false });
    expect(classifyReportLine('  RISK LEVEL: Low Risk ')).toEqual({ kind: 'risk', text: 'RISK LEVEL: Low Risk', heading: false });
    expect(classifyReportLine('The risk score: 12').kind).toBe('text');
  });

  it('mentioning sanctions screening is a sanctions line', () => {
    expect(classifyReportLine('Sanctions screening: no matches on OFAC SDN.').kind).toBe('sanctions');
    expect(classifyReportLine('2. Sanctions Screening')).toEqual({ kind: 'sanctions', text: '2. Sanctions Screening', heading: true });
    expect(classifyReportLine('Passed SANCTIONS SCREENING without hits').kind).toBe('sanctions');
  });

  it('"---" is a divider', () => {
    expect(classifyReportLine('---')).toEqual({ kind: 'divider' });
    expect(classifyReportLine('  ---  ')).toEqual({ kind: 'divider' });
    expect(classifyReportLine('----').kind).toBe('text');
  });

  it('starting with a number and a dot is a heading', () => {
    expect(classifyReportLine('1. Wallet Overview')).toEqual({ kind: 'text', text: '1. Wallet Overview', heading: true });
    expect(classifyReportLine('Ordinary text.')).toEqual({ kind: 'text', text: 'Ordinary text.', heading: false });
  });
});

describe('a report', () => {
  it('is split by lines, blank runs collapsed', () => {
    const lines = parseReport('1. Overview\r\nText\n\n\n---\nRisk score: 40/100\n\n');
    expect(lines.map((l) => l.kind)).toEqual(['text', 'text', 'blank', 'divider', 'risk']);
  });

  it('that is empty or blank has no lines', () => {
    expect(parseReport('')).toEqual([]);
    expect(parseReport('  \n \n')).toEqual([]);
    expect(parseReport(undefined)).toEqual([]);
  });
});
