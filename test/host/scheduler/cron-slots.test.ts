import { latestSlotBetween, nextSlotAfter, parseCron } from '../../../src/host/scheduler/cron-slots.js';
import { jobRunName } from '../../../src/host/scheduler/run-names.js';

const at = (iso: string) => Date.parse(iso);

test('the next slot is strictly after the given instant and honours the time zone', () => {
  const daily = parseCron('0 0 3 * * *', 'Asia/Shanghai');
  expect(new Date(nextSlotAfter(daily, at('2026-01-02T00:00:00Z'))).toISOString()).toBe('2026-01-02T19:00:00.000Z');
  const everySecond = parseCron('* * * * * *', 'UTC');
  expect(nextSlotAfter(everySecond, at('2026-01-02T03:04:05Z'))).toBe(at('2026-01-02T03:04:06Z'));
});

test('the latest missed slot is found without stepping through every slot of a long downtime', () => {
  const everySecond = parseCron('* * * * * *', 'UTC');
  expect(latestSlotBetween(everySecond, at('2026-01-01T00:00:00Z'), at('2026-01-02T03:04:05.500Z'))).toBe(at('2026-01-02T03:04:05Z'));
  const hourly = parseCron('0 0 * * * *', 'UTC');
  expect(latestSlotBetween(hourly, at('2026-01-02T01:00:00Z'), at('2026-01-02T05:30:00Z'))).toBe(at('2026-01-02T05:00:00Z'));
  expect(latestSlotBetween(hourly, at('2026-01-02T05:00:00Z'), at('2026-01-02T05:59:59Z'))).toBeUndefined();
  const monthly = parseCron('0 0 0 1 * *', 'Europe/Berlin');
  expect(latestSlotBetween(monthly, at('2025-01-01T00:00:00Z'), at('2026-03-15T00:00:00Z'))).toBe(at('2026-02-28T23:00:00Z'));
});

test('bad expressions and zones are validation errors', () => {
  expect(() => parseCron('every day', 'UTC')).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  expect(() => parseCron('* * * * *', 'Nowhere/Zone')).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
});

test('run names are DNS-safe, stable and distinct for jobs that differ only in punctuation', () => {
  const slot = at('2026-01-02T03:04:05Z');
  const name = jobRunName('SitePluginAuth:clean-auth', slot);
  expect(name).toMatch(/^sitepluginauth-clean-auth-[0-9a-f]{8}-20260102t030405z$/);
  expect(jobRunName('SitePluginAuth:clean-auth', slot)).toBe(name);
  expect(jobRunName('SitePluginAuth.clean-auth', slot)).not.toBe(name);
});
