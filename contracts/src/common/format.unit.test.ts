import { formatDate, formatHistoryTimestamp, formatUsd, parseHistoryTimestamp, shortenAddress } from './format';

describe('formatting (spec §9)', () => {
  it('shortens addresses to the first 6 and last 4 characters', () => {
    expect(shortenAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x5290...9EE7');
    expect(shortenAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe('bc1qar...5mdq');
    expect(shortenAddress('short')).toBe('short');
  });

  it('formats dates as dd.MM.yyyy and history stamps as dd.MM.yy HH:mm', () => {
    expect(formatDate('2026-03-07T22:05:00.000Z')).toBe('07.03.2026');
    expect(formatHistoryTimestamp('2026-03-07T22:05:00.000Z')).toBe('07.03.26 22:05');
    expect(formatDate('not a date')).toBe('');
  });

  it('parses history stamps with or without a time, and refuses impossible ones', () => {
    expect(parseHistoryTimestamp('07.03.26 22:05')?.toISOString()).toBe('2026-03-07T22:05:00.000Z');
    expect(parseHistoryTimestamp('07.03.2622:05')?.toISOString()).toBe('2026-03-07T22:05:00.000Z');
    expect(parseHistoryTimestamp('07.03.2026')?.toISOString()).toBe('2026-03-07T00:00:00.000Z');
    expect(parseHistoryTimestamp('31.02.26')).toBeNull();
    expect(parseHistoryTimestamp('07.03.26 25:00')).toBeNull();
    expect(parseHistoryTimestamp('2026-03-07')).toBeNull();
  });

  it('shows dollars with two decimals', () => {
    expect(formatUsd(0.99)).toBe('$0.99');
    expect(formatUsd(12)).toBe('$12.00');
  });
});
