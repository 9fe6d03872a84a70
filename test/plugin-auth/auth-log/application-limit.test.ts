import {
  assertApplicationAllowed,
  assertUnconfirmedRoom,
  authLimitExceeded,
  countTowardLimit,
  decideApplication,
  effectiveLimit,
  MAX_UNCONFIRMED,
  unconfirmedCap,
  UNLIMITED,
} from '../../../src/plugin-auth/auth-log/application-limit.js';

describe('effectiveLimit', () => {
  test('the plugin limit wins when set, including 0 and -1', () => {
    expect(effectiveLimit(3, 10)).toBe(3);
    expect(effectiveLimit(0, 10)).toBe(0);
    expect(effectiveLimit(-1, 10)).toBe(UNLIMITED);
  });

  test('the global setting applies when the plugin limit is null or undefined', () => {
    expect(effectiveLimit(null, 5)).toBe(5);
    expect(effectiveLimit(undefined, -1)).toBe(UNLIMITED);
  });

  test('any negative value reads as unlimited', () => {
    expect(effectiveLimit(-7, 1)).toBe(UNLIMITED);
  });
});

describe('decideApplication', () => {
  const base = { limit: 2, existingCount: 0, domain: 'shop.com', exemptDevelopmentHosts: true };

  test('allowed below the limit, and the new record counts', () => {
    expect(decideApplication({ ...base, existingCount: 1 })).toEqual({ allowed: true, countsTowardLimit: true });
  });

  test('refused at the limit', () => {
    expect(decideApplication({ ...base, existingCount: 2 })).toEqual({ allowed: false, limit: 2, used: 2 });
  });

  test('unlimited always allows', () => {
    expect(decideApplication({ ...base, limit: -1, existingCount: 1000 })).toEqual({ allowed: true, countsTowardLimit: true });
  });

  test('a limit of 0 refuses every production host', () => {
    expect(decideApplication({ ...base, limit: 0 }).allowed).toBe(false);
  });

  test('a development host is allowed past the limit and does not count while the exemption is on', () => {
    expect(decideApplication({ ...base, limit: 0, existingCount: 5, domain: 'http://localhost:8080' })).toEqual({
      allowed: true,
      countsTowardLimit: false,
    });
    expect(decideApplication({ ...base, existingCount: 2, domain: 'staging.test' })).toEqual({ allowed: true, countsTowardLimit: false });
  });

  test('with the exemption off a development host counts like any other', () => {
    expect(decideApplication({ ...base, existingCount: 2, domain: 'localhost', exemptDevelopmentHosts: false })).toEqual({
      allowed: false,
      limit: 2,
      used: 2,
    });
  });
});

describe('assertApplicationAllowed', () => {
  test('returns whether the record counts', () => {
    expect(assertApplicationAllowed({ limit: 1, existingCount: 0, domain: 'a.com', exemptDevelopmentHosts: true })).toEqual({
      allowed: true,
      countsTowardLimit: true,
    });
  });

  test('throws AUTH_LIMIT_EXCEEDED with the exact spec text and an English message', () => {
    expect(() => assertApplicationAllowed({ limit: 1, existingCount: 1, domain: 'a.com', exemptDevelopmentHosts: true })).toThrow(
      expect.objectContaining({
        code: 'AUTH_LIMIT_EXCEEDED',
        message: '授权数量已超限',
        messageEn: 'authorization count limit exceeded',
        status: 409,
      }),
    );
  });

  test('the error names limit and usage in its details', () => {
    expect(authLimitExceeded(3, 3).details[0]).toMatchObject({
      field: 'domain',
      message: '上限 3 个，已用 3 个',
      messageEn: 'limit 3, already used 3',
    });
  });
});

describe('countTowardLimit', () => {
  const domains = ['a.com', 'localhost', 'b.com', '192.168.0.2', 'site.test'];

  test('leaves development hosts out while exempt', () => {
    expect(countTowardLimit(domains, true)).toBe(2);
  });

  test('counts every record when not exempt', () => {
    expect(countTowardLimit(domains, false)).toBe(5);
  });
});

describe('unconfirmed public applications', () => {
  test('at most the limit wait for confirmation, and never more than MAX_UNCONFIRMED', () => {
    expect(unconfirmedCap(3)).toBe(3);
    expect(unconfirmedCap(0)).toBe(0);
    expect(unconfirmedCap(UNLIMITED)).toBe(MAX_UNCONFIRMED);
    expect(unconfirmedCap(1000)).toBe(MAX_UNCONFIRMED);
  });

  test('assertUnconfirmedRoom throws AUTH_LIMIT_EXCEEDED at the cap', () => {
    expect(() => assertUnconfirmedRoom(3, 2)).not.toThrow();
    expect(() => assertUnconfirmedRoom(UNLIMITED, MAX_UNCONFIRMED - 1)).not.toThrow();
    for (const [limit, waiting] of [
      [3, 3],
      [0, 0],
      [UNLIMITED, MAX_UNCONFIRMED],
    ]) {
      expect(() => assertUnconfirmedRoom(limit, waiting)).toThrow(
        expect.objectContaining({ code: 'AUTH_LIMIT_EXCEEDED', status: 409, message: '授权数量已超限' }),
      );
    }
  });
});
