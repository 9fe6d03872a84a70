import { clockAt } from '../fixed-clock.js';
import { addUtcYears, fillManualTimes, grantTimes, type ManualTimes } from '../../../src/plugin-auth/auth-log/grant-times.js';
import { PERMANENT_EXPIRE_TIME } from '../../../src/plugin-auth/auth-log/validity.js';

const at = (iso: string) => clockAt(Date.parse(iso));

describe('grantTimes', () => {
  const clock = at('2026-03-10T08:30:15.900Z');

  test('single authorize: now + 3 calendar years', () => {
    expect(grantTimes({ kind: 'SINGLE' }, clock)).toEqual({ authTime: '2026-03-10T08:30:15Z', expireTime: '2029-03-10T08:30:15Z' });
  });

  test('batch authorize: now + 3 days', () => {
    expect(grantTimes({ kind: 'BATCH' }, clock).expireTime).toBe('2026-03-13T08:30:15Z');
  });

  test('self-service: now + N days', () => {
    expect(grantTimes({ kind: 'SELF_SERVICE', days: 30 }, clock).expireTime).toBe('2026-04-09T08:30:15Z');
    expect(grantTimes({ kind: 'SELF_SERVICE', days: 1 }, clock).expireTime).toBe('2026-03-11T08:30:15Z');
  });

  test.each([0, -3, 1.5, Number.NaN])('self-service refuses %p days', (days) => {
    expect(() => grantTimes({ kind: 'SELF_SERVICE', days }, clock)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  test('permanent: 2099-12-31T23:59:59Z', () => {
    expect(grantTimes({ kind: 'PERMANENT' }, clock)).toEqual({ authTime: '2026-03-10T08:30:15Z', expireTime: PERMANENT_EXPIRE_TIME });
  });

  test('no grant reaches past the permanent date', () => {
    expect(grantTimes({ kind: 'SINGLE' }, at('2098-06-01T00:00:00Z')).expireTime).toBe(PERMANENT_EXPIRE_TIME);
    expect(grantTimes({ kind: 'SELF_SERVICE', days: 100000 }, clock).expireTime).toBe(PERMANENT_EXPIRE_TIME);
  });
});

describe('addUtcYears', () => {
  test('29 February moves to 28 February in a year without a leap day', () => {
    expect(new Date(addUtcYears(Date.parse('2028-02-29T10:00:00Z'), 3)).toISOString()).toBe('2031-02-28T10:00:00.000Z');
  });

  test('29 February stays when the target year has one', () => {
    expect(new Date(addUtcYears(Date.parse('2028-02-29T10:00:00Z'), 4)).toISOString()).toBe('2032-02-29T10:00:00.000Z');
  });
});

describe('fillManualTimes', () => {
  const clock = at('2026-01-01T00:00:00Z');

  test('an authorized record without times gets now and now + 3 years', () => {
    expect(fillManualTimes({ authStatus: 1 }, clock)).toEqual({
      authStatus: 1,
      authTime: '2026-01-01T00:00:00Z',
      expireTime: '2029-01-01T00:00:00Z',
    });
  });

  test('given times are kept and each missing or empty one is filled alone', () => {
    expect(fillManualTimes({ authStatus: 1, authTime: '2025-05-05T00:00:00Z', expireTime: '' }, clock)).toEqual({
      authStatus: 1,
      authTime: '2025-05-05T00:00:00Z',
      expireTime: '2029-01-01T00:00:00Z',
    });
    expect(fillManualTimes<ManualTimes>({ authStatus: 1, expireTime: '2030-01-01T00:00:00Z' }, clock).authTime).toBe(
      '2026-01-01T00:00:00Z',
    );
  });

  test('an unauthorized record is left as entered, other fields included', () => {
    const input = { authStatus: 0 as const, pluginKey: 'p' };
    expect(fillManualTimes(input, clock)).toBe(input);
  });
});
