import { isExpiredForCleanup } from '../../../src/plugin-auth/auth-log/cleanup-rule.js';

const NOW = Date.parse('2026-06-15T12:00:00.700Z');

describe('isExpiredForCleanup', () => {
  test.each([
    ['authorized, expireTime earlier than now', { authStatus: 1, expireTime: '2026-06-15T11:59:59Z' }, true],
    ['authorized, expireTime missing', { authStatus: 1 }, true],
    ['authorized, expireTime empty', { authStatus: 1, expireTime: '' }, true],
    ['authorized, expireTime null', { authStatus: 1, expireTime: null }, true],
    ['authorized, expireTime unreadable', { authStatus: 1, expireTime: 'never' }, true],
    ['authorized, expireTime in the current second', { authStatus: 1, expireTime: '2026-06-15T12:00:00Z' }, false],
    ['authorized, expireTime later than now', { authStatus: 1, expireTime: '2027-01-01T00:00:00Z' }, false],
    ['authorized, permanent', { authStatus: 1, expireTime: '2099-12-31T23:59:59Z' }, false],
    ['unauthorized, expired', { authStatus: 0, expireTime: '2000-01-01T00:00:00Z' }, false],
    ['unauthorized, no expireTime', { authStatus: 0 }, false],
  ])('%s → %p', (_label, record, expected) => {
    expect(isExpiredForCleanup(record, NOW)).toBe(expected);
  });
});
