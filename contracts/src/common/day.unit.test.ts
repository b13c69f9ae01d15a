import fc from 'fast-check';
import { z } from 'zod';
import { dayFilter, isIsoDay } from './day';

const filter = z.object({ from: dayFilter() });
const read = (from?: string) => filter.safeParse(from === undefined ? {} : { from });

describe('day filters', () => {
  it('takes a calendar day, and reads absent or empty as no filter', () => {
    expect(read('2024-02-29')).toEqual({ success: true, data: { from: '2024-02-29' } });
    expect(read('')).toEqual({ success: true, data: { from: undefined } });
    expect(read()).toEqual({ success: true, data: {} });
  });

  it('refuses what no calendar has, and other forms', () => {
    for (const day of ['0000-00-00', '2024-13-01', '2024-11-31', '2023-02-29', '2024-1-01', ' 2024-01-01', '01.02.2024']) {
      expect(read(day).success).toBe(false);
    }
  });

  it('agrees with the Date every day of four centuries and with its own pattern (property)', () => {
    const pattern = new RegExp((z.toJSONSchema(filter, { io: 'input' }).properties!.from as { pattern: string }).pattern);
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2299-12-31T00:00:00Z'), noInvalidDate: true }), (date) => {
        const day = date.toISOString().slice(0, 10);
        expect(isIsoDay(day)).toBe(true);
        expect(read(day).success).toBe(true);
        // What the server takes, the document's pattern takes too.
        expect(pattern.test(day)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        // Whatever the pattern refuses, the server refuses.
        if (!pattern.test(text)) expect(read(text).success).toBe(false);
      }),
    );
  });
});
