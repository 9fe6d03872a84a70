import { createAjv } from '../../../src/host/schema/ajv.js';
import {
  dayExists,
  isCalendarDate,
  isCalendarDateOrDateTime,
  isCalendarDateTime,
  parseCalendarTime,
  wallTimeExists,
} from '../../../src/host/schema/calendar.js';

describe('dayExists counts month lengths and leap years', () => {
  test.each([
    [2024, 2, 29, true],
    [2023, 2, 29, false],
    [2000, 2, 29, true],
    [1900, 2, 29, false],
    [2025, 2, 30, false],
    [2025, 4, 31, false],
    [2025, 12, 31, true],
    [2025, 13, 1, false],
    [2025, 0, 1, false],
    [2025, 1, 0, false],
  ])('%i-%i-%i → %s', (y, m, d, exists) => expect(dayExists(y, m, d)).toBe(exists));
});

test('wallTimeExists refuses hour 24, minute 60 and the leap second 60', () => {
  expect(wallTimeExists(2025, 6, 30, 23, 59, 59)).toBe(true);
  expect(wallTimeExists(2025, 6, 30, 24, 0, 0)).toBe(false);
  expect(wallTimeExists(2025, 6, 30, 12, 60, 0)).toBe(false);
  expect(wallTimeExists(2016, 12, 31, 23, 59, 60)).toBe(false);
});

describe('dates and date-times', () => {
  test.each(['2024-02-29', '0001-01-01', '9999-12-31'])('%s is a date', (v) => expect(isCalendarDate(v)).toBe(true));
  test.each(['2025-02-30', '2025-2-01', '2025-02-01T00:00:00Z', '', ' 2025-02-01', '２０２５-01-01'])('%p is not a date', (v) =>
    expect(isCalendarDate(v)).toBe(false),
  );
  test.each(['2025-01-31T08:00:00Z', '2025-01-31t08:00:00z', '2025-01-31 08:00:00+08:00', '2024-02-29T23:59:59.999999-05:30'])(
    '%s is a date-time',
    (v) => expect(isCalendarDateTime(v)).toBe(true),
  );
  test.each([
    '2025-02-30T00:00:00Z',
    '2025-01-31T24:00:00Z',
    '2016-12-31T23:59:60Z',
    '2025-01-31T08:00:00',
    '2025-01-31T08:00:00+24:00',
    '2025-01-31T08:00:00+08:60',
    '2025-01-31T08:00Z',
    '2025-01-31',
  ])('%s is not a date-time', (v) => expect(isCalendarDateTime(v)).toBe(false));
  test('date-or-date-time takes either', () => {
    expect(isCalendarDateOrDateTime('2025-01-31')).toBe(true);
    expect(isCalendarDateOrDateTime('2025-01-31T00:00:00Z')).toBe(true);
    expect(isCalendarDateOrDateTime('2025-01-32')).toBe(false);
  });
});

test('parseCalendarTime gives the instant, never a rolled-over one', () => {
  expect(parseCalendarTime('2025-03-01')).toBe(Date.UTC(2025, 2, 1));
  expect(parseCalendarTime('2025-03-01T08:00:00+08:00')).toBe(Date.UTC(2025, 2, 1));
  expect(parseCalendarTime('2025-03-01t00:00:00z')).toBe(Date.UTC(2025, 2, 1));
  expect(parseCalendarTime('2025-02-29')).toBeUndefined();
  expect(parseCalendarTime('2025-02-29T00:00:00Z')).toBeUndefined();
  expect(parseCalendarTime('March 1, 2025')).toBeUndefined();
});

describe("the host's ajv formats use the calendar check", () => {
  const ajv = createAjv();
  const check = (format: string, value: string) => ajv.validate({ type: 'string', format }, value);
  test.each([
    ['date', '2024-02-29', true],
    ['date', '2023-02-29', false],
    ['date-time', '2025-01-31T08:00:00Z', true],
    ['date-time', '2025-02-31T08:00:00Z', false],
    ['date-time', '2016-12-31T23:59:60Z', false],
    ['date-or-date-time', '2025-01-31', true],
    ['date-or-date-time', '2025-01-31T08:00:00+08:00', true],
    ['date-or-date-time', '2025-04-31', false],
    ['date-or-date-time', '', false],
  ])('%s %p → %s', (format, value, valid) => expect(check(format, value)).toBe(valid));
});
