import {
  expireTimeDisplay,
  isPermanentExpireTime,
  PERMANENT_EXPIRE_TIME,
  validityTypeOf,
} from '../../../src/plugin-auth/auth-log/validity.js';
import { validityRange } from '../../../src/plugin-auth/auth-log/validity-range.js';

const NOW = Date.parse('2026-06-15T12:00:00.400Z');

describe('isPermanentExpireTime', () => {
  test('the permanent date and anything after 2099-01-01 is permanent', () => {
    expect(isPermanentExpireTime(PERMANENT_EXPIRE_TIME)).toBe(true);
    expect(isPermanentExpireTime('2099-01-01T00:00:01Z')).toBe(true);
    expect(isPermanentExpireTime('2150-01-01T00:00:00Z')).toBe(true);
  });

  test('2099-01-01 itself, earlier dates, empty and unreadable values are not', () => {
    expect(isPermanentExpireTime('2099-01-01T00:00:00Z')).toBe(false);
    expect(isPermanentExpireTime('2098-12-31T23:59:59Z')).toBe(false);
    expect(isPermanentExpireTime('')).toBe(false);
    expect(isPermanentExpireTime(undefined)).toBe(false);
    expect(isPermanentExpireTime('soon')).toBe(false);
  });
});

describe('validityTypeOf and expireTimeDisplay follow the spec display table', () => {
  test.each([
    [undefined, 'NONE', '-', '-'],
    ['', 'NONE', '-', '-'],
    ['garbage', 'NONE', '-', '-'],
    ['2026-06-15T11:59:59Z', 'EXPIRED', '已过期', 'expired'],
    ['2000-01-01T00:00:00Z', 'EXPIRED', '已过期', 'expired'],
    [PERMANENT_EXPIRE_TIME, 'PERMANENT', '永久授权', 'permanent'],
    ['2099-06-01T00:00:00Z', 'PERMANENT', '永久授权', 'permanent'],
  ])('%p → %s', (expireTime, validity, text, textEn) => {
    expect(validityTypeOf(expireTime, NOW)).toBe(validity);
    expect(expireTimeDisplay(expireTime, NOW)).toEqual({ validity, text, textEn });
  });

  test('a future date before 2099 is LIMITED and shows the date', () => {
    expect(expireTimeDisplay('2027-01-01T00:00:00Z', NOW)).toEqual({
      validity: 'LIMITED',
      text: '2027-01-01T00:00:00Z',
      textEn: '2027-01-01T00:00:00Z',
    });
    expect(validityTypeOf('2099-01-01T00:00:00Z', NOW)).toBe('LIMITED');
  });

  test('a time in the current second is not yet expired (whole-second precision, as the store compares)', () => {
    expect(validityTypeOf('2026-06-15T12:00:00Z', NOW)).toBe('LIMITED');
  });
});

describe('validityRange selects on expireTime exactly what validityTypeOf classifies', () => {
  const inRange = (value: string, r: ReturnType<typeof validityRange>): boolean =>
    (r.gt === undefined || value > r.gt)
    && (r.gte === undefined || value >= r.gte)
    && (r.lt === undefined || value < r.lt)
    && (r.lte === undefined || value <= r.lte);

  test('ranges', () => {
    expect(validityRange('PERMANENT', NOW)).toEqual({ gt: '2099-01-01T00:00:00Z' });
    expect(validityRange('EXPIRED', NOW)).toEqual({ lt: '2026-06-15T12:00:00Z' });
    expect(validityRange('LIMITED', NOW)).toEqual({ gte: '2026-06-15T12:00:00Z', lte: '2099-01-01T00:00:00Z' });
  });

  test.each([
    '2000-01-01T00:00:00Z',
    '2026-06-15T11:59:59Z',
    '2026-06-15T12:00:00Z',
    '2030-01-01T00:00:00Z',
    '2099-01-01T00:00:00Z',
    '2099-01-01T00:00:01Z',
    PERMANENT_EXPIRE_TIME,
  ])('%s falls in exactly the range of its own type', (value) => {
    const type = validityTypeOf(value, NOW);
    for (const filter of ['PERMANENT', 'LIMITED', 'EXPIRED'] as const) {
      expect(inRange(value, validityRange(filter, NOW))).toBe(filter === type);
    }
  });
});
