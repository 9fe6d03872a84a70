import { canonicalTimestamp } from '../../../src/plugin-auth/timestamps/canonical-timestamp.js';

describe('canonicalTimestamp', () => {
  test('keeps a stored-form timestamp as it is', () => {
    expect(canonicalTimestamp('2026-03-04T05:06:07Z')).toBe('2026-03-04T05:06:07Z');
  });

  test('converts offsets to UTC and cuts off fractions of a second', () => {
    expect(canonicalTimestamp('2026-03-04T13:06:07.999+08:00')).toBe('2026-03-04T05:06:07Z');
    expect(canonicalTimestamp('2026-03-04T00:30:00-01:30')).toBe('2026-03-04T02:00:00Z');
    expect(canonicalTimestamp('2026-03-04t05:06:07z')).toBe('2026-03-04T05:06:07Z');
  });

  test.each([
    ['not a string', 42],
    ['free text', 'March 4, 2026'],
    ['date only', '2026-03-04'],
    ['no zone', '2026-03-04T05:06:07'],
    ['impossible day', '2026-02-30T00:00:00Z'],
    ['month 13', '2026-13-01T00:00:00Z'],
    ['hour 24', '2026-01-01T24:00:00Z'],
    ['leap second', '2026-01-01T23:59:60Z'],
    ['offset hour 24', '2026-01-01T00:00:00+24:00'],
  ])('refuses %s', (_label, value) => {
    expect(canonicalTimestamp(value)).toBeUndefined();
  });
});
