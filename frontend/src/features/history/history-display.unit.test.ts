import { amlCell, formatCheckTime, mobileRiskTone, networkLabel, shortCheckId } from './history-display';

describe('a history row', () => {
  it('shows its time as dd.MM.yyyy HH:mm (UTC)', () => {
    expect(formatCheckTime({ created_at: '15.01.26 09:30', created_at_iso: '2026-01-15T09:30:00.000Z' })).toBe('15.01.2026 09:30');
    expect(formatCheckTime({ created_at: '03.02.26 18:05', created_at_iso: '' })).toBe('03.02.2026 18:05');
    expect(formatCheckTime({ created_at: 'yesterday', created_at_iso: '' })).toBe('yesterday');
  });

  it('colours the AML status; empty reads "Unknown", anything else "Unknown status" in grey', () => {
    expect(amlCell('Compliant')).toEqual({ tone: 'low', text: 'Compliant' });
    expect(amlCell('Review Required')).toEqual({ tone: 'medium', text: 'Requires further review' });
    expect(amlCell('Non-compliant')).toEqual({ tone: 'high', text: 'Non-compliant' });
    expect(amlCell('pending')).toEqual({ tone: 'unknown', text: 'Unknown status' });
    expect(amlCell('')).toEqual({ tone: 'unknown', text: 'Unknown' });
  });

  it('on mobile shows High Risk red, Medium Risk orange and the rest green', () => {
    expect(mobileRiskTone('High Risk')).toBe('high');
    expect(mobileRiskTone('Medium Risk')).toBe('medium');
    expect(mobileRiskTone('Low Risk')).toBe('low');
    expect(mobileRiskTone('Elevated')).toBe('low');
    expect(mobileRiskTone('')).toBe('unknown');
  });
});

describe('a check on screen', () => {
  it('is named by the start of its id, the same whatever the filters; a short id reads whole', () => {
    expect(shortCheckId('3f1f7a0e-1d2b-4c5d-8e9f-000000000001')).toBe('3f1f7a0e');
    expect(shortCheckId('c-1')).toBe('c-1');
  });

  it('names its network, and shows a network it does not know as sent', () => {
    expect(networkLabel('ethereum')).toBe('Ethereum');
    expect(networkLabel('bsc')).toBe('BNB Chain');
    expect(networkLabel('cardano')).toBe('cardano');
    expect(networkLabel('toString')).toBe('toString');
    expect(networkLabel('')).toBe('Unknown');
  });
});
