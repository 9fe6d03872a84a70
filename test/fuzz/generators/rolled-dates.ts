import fc from 'fast-check';
import { sample, type Sample } from './sample.js';

/**
 * Dates and times that do not exist but that Date.parse reads as another day (`2025-02-30` is 2 March) or
 * as NaN: days past the month's end, 29 February outside leap years, hour 24, minute 60, the leap second,
 * offsets past ±23:59. Issue 28 item 1: `to=2025-02-30` crashed the overview with a RangeError.
 */
export const ROLLED_DATES = [
  '2025-02-30',
  '2023-02-29',
  '1900-02-29',
  '2025-04-31',
  '2025-13-01',
  '2025-00-10',
  '2025-01-00',
  '0000-00-00',
  '2025-02-30T00:00:00Z',
  '2025-01-01T24:00:00Z',
  '2025-01-01T12:60:00Z',
  '2016-12-31T23:59:60Z',
  '2025-01-01T00:00:00+24:00',
  '2025-06-31 08:00:00',
];

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A day past the end of its month (or day 0, or month 0/13), as a date or inside a date-time. */
const rolledDay = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 99 }), fc.boolean())
  .map(([year, month, over, withTime]) => {
    const length = month >= 1 && month <= 12 ? DAYS_IN_MONTH[month - 1] + (month === 2 ? 1 : 0) : 0;
    const day = over === 0 ? 0 : length + 1 + (over % (100 - length - 1));
    const date = `${pad(year, 4)}-${pad(month)}-${pad(Math.min(day, 99))}`;
    return withTime ? `${date}T00:00:00Z` : date;
  });

/** A real day with an hour, minute or second out of range. */
const rolledTime = fc
  .tuple(fc.integer({ min: 24, max: 99 }), fc.integer({ min: 60, max: 99 }), fc.constantFrom('hour', 'minute', 'second'))
  .map(([hour, sixty, which]) =>
    which === 'hour' ? `2025-01-15T${hour}:00:00Z` : which === 'minute' ? `2025-01-15T12:${sixty}:00Z` : `2025-01-15T12:00:${sixty}Z`,
  );

export const rolledDate: fc.Arbitrary<Sample<string>> = fc
  .oneof(fc.constantFrom(...ROLLED_DATES), rolledDay, rolledTime)
  .map((text) => sample('rolled-date', text, text));

export function canonicalRolledDates(): Sample<string>[] {
  return ROLLED_DATES.map((text) => sample('rolled-date', text, text));
}
