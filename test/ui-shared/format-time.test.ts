/**
 * Times are written in the site's time zone, not the process's or the browser's (issue 29 item 9): the same
 * instant reads as the day the payment reports count it in. The process runs with TZ=Pacific/Pago_Pago here
 * (UTC-11), so any helper that fell back to the local zone would show the wrong day.
 */
import { formatTime, isoToLocal, isoToSiteWall, localToIso, siteWallToIso } from '../../ui-shared/format.js';
import { siteZone, zoneLabel } from '../../ui-shared/i18n/site-zone.js';
import { localDayBound } from '../../ui-shared/payment/words.js';

const before = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Pacific/Pago_Pago';
});
afterAll(() => {
  process.env.TZ = before;
  siteZone.value = 'UTC';
});

test('an instant reads in the site zone whatever the local zone', () => {
  siteZone.value = 'Asia/Shanghai';
  expect(formatTime('2026-12-07T21:30:00Z')).toBe('2026-12-08 05:30');
  siteZone.value = 'UTC';
  expect(formatTime('2026-12-07T21:30:00Z')).toBe('2026-12-07 21:30');
  expect(formatTime(undefined)).toBe('-');
});

test('the datetime input and day filters read a wall time in the site zone, across a DST change too', () => {
  siteZone.value = 'Asia/Shanghai';
  expect(localToIso('2026-12-08T05:30')).toBe('2026-12-07T21:30:00Z');
  expect(isoToLocal('2026-12-07T21:30:00Z')).toBe('2026-12-08T05:30');
  expect(localDayBound('2026-12-08', false)).toBe('2026-12-07T16:00:00Z');
  expect(localDayBound('2026-12-08', true)).toBe('2026-12-08T15:59:59Z');
  siteZone.value = 'America/New_York';
  // 2026-03-08 02:00 EST jumps to 03:00 EDT: 08:00 that day is UTC-4, 01:00 UTC-5.
  expect(localToIso('2026-03-08T08:00')).toBe('2026-03-08T12:00:00Z');
  expect(localToIso('2026-03-08T01:00')).toBe('2026-03-08T06:00:00Z');
});

test("a date picker's Date reads the site zone's wall time, to the second, and comes back to the same instant", () => {
  siteZone.value = 'Asia/Shanghai';
  const wall = isoToSiteWall('2026-12-07T21:30:15Z')!;
  // The picker shows the Date's local (here UTC-11) wall clock: it must read Shanghai's 05:30:15 on the 8th.
  expect([wall.getDate(), wall.getHours(), wall.getMinutes(), wall.getSeconds()]).toEqual([8, 5, 30, 15]);
  expect(siteWallToIso(wall)).toBe('2026-12-07T21:30:15Z');
  expect(siteWallToIso(null)).toBeUndefined();
  expect(isoToSiteWall(undefined)).toBeNull();
});

test('the zone is named with its offset', () => {
  expect(zoneLabel('Asia/Shanghai')).toBe('UTC+08:00 (Asia/Shanghai)');
  expect(zoneLabel('UTC')).toBe('UTC+00:00 (UTC)');
  expect(zoneLabel('Asia/Kolkata')).toBe('UTC+05:30 (Asia/Kolkata)');
  expect(zoneLabel('America/St_Johns', new Date('2026-01-15T00:00:00Z'))).toBe('UTC-03:30 (America/St_Johns)');
});
