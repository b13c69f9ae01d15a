import { formatDate, formatDateTime, NO_DATE, parseDayInput } from './format-date';

describe('the one date format', () => {
  it('writes a day as dd.MM.yyyy in UTC, from an ISO moment, an ISO day or a Date', () => {
    expect(formatDate('2026-03-07T23:59:00.000Z')).toBe('07.03.2026');
    // 23:30 on the 7th in New York is the 8th in UTC: the day is the UTC day, whatever the browser's zone.
    expect(formatDate('2026-03-07T23:30:00-05:00')).toBe('08.03.2026');
    expect(formatDate('2026-12-31')).toBe('31.12.2026');
    expect(formatDate(new Date(Date.UTC(2026, 0, 5, 1, 2)))).toBe('05.01.2026');
  });

  it('writes a moment as dd.MM.yyyy HH:mm in UTC, on the 24-hour clock', () => {
    expect(formatDateTime('2026-01-15T09:30:59.999Z')).toBe('15.01.2026 09:30');
    expect(formatDateTime('2026-01-15T21:05:00.000Z')).toBe('15.01.2026 21:05');
    expect(formatDateTime(new Date(Date.UTC(2026, 10, 24, 0, 0)))).toBe('24.11.2026 00:00');
  });

  it('shows a dash for a missing date and the text itself for one it cannot read', () => {
    for (const missing of [null, undefined, '']) {
      expect(formatDate(missing)).toBe(NO_DATE);
      expect(formatDateTime(missing)).toBe(NO_DATE);
    }
    expect(formatDate('yesterday')).toBe('yesterday');
    expect(formatDateTime('soon')).toBe('soon');
  });

  it('reads typed dates as dd.MM.yyyy', () => {
    expect(parseDayInput('15.01.2026')).toBe('2026-01-15');
    expect(parseDayInput(' 5.1.2026 ')).toBe('2026-01-05');
    expect(parseDayInput('31.02.2026')).toBeNull();
    expect(parseDayInput('15.01.26')).toBeNull();
    expect(parseDayInput('2026-01-15')).toBeNull();
    expect(parseDayInput('')).toBeNull();
  });
});
