/**
 * A range of days means the reporting time zone's days (the ones the overview counts): the reconciliation's
 * yyyy-mm-dd bounds are that day's first and last second there, across a daylight-saving change too.
 */
import { dayStartIn } from '../../../src/payment/orders/daily-stats.js';
import { timeBound } from '../../../src/payment/orders/list-orders.js';

test('a day in Asia/Shanghai starts at 16:00 UTC the day before', () => {
  expect(timeBound('2026-12-08', false, 'Asia/Shanghai')).toBe('2026-12-07T16:00:00Z');
  expect(timeBound('2026-12-08', true, 'Asia/Shanghai')).toBe('2026-12-08T15:59:59Z');
});

test('UTC, the default, keeps the calendar day; an RFC 3339 time is taken as it is', () => {
  expect(timeBound('2026-12-08', false)).toBe('2026-12-08T00:00:00Z');
  expect(timeBound('2026-12-08', true, 'UTC')).toBe('2026-12-08T23:59:59Z');
  expect(timeBound('2026-12-08T01:02:03Z', false, 'Asia/Shanghai')).toBe('2026-12-08T01:02:03Z');
});

test('a day with a daylight-saving change is 23 hours long; a zone ahead of UTC by 14 hours too', () => {
  // New York springs forward on 2026-03-08: the day starts at UTC-5 and ends at UTC-4.
  expect(timeBound('2026-03-08', false, 'America/New_York')).toBe('2026-03-08T05:00:00Z');
  expect(timeBound('2026-03-08', true, 'America/New_York')).toBe('2026-03-09T03:59:59Z');
  expect(new Date(dayStartIn('2026-12-08', 'Pacific/Kiritimati')).toISOString()).toBe('2026-12-07T10:00:00.000Z');
});
