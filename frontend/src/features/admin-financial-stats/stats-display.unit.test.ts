import { dayLabel, formatMoney, periodLabel } from './stats-display';

it('labels days and months on the axes, and formats money with two decimals', () => {
  expect(periodLabel('2026-03-07', 'day')).toBe('07.03');
  expect(periodLabel('2026-03', 'month')).toBe('Mar 2026');
  expect(dayLabel('2026-03-07')).toBe('07.03.2026');
  expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
  expect(formatMoney(0, 'EUR')).toBe('0.00 EUR');
});
