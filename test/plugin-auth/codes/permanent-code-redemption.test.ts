import { AppError } from '../../../src/host/errors/app-error.js';
import { CODE_ERRORS, codeError } from '../../../src/plugin-auth/codes/code-errors.js';
import {
  assertPermanentCodeRedeemable,
  isPendingCodePastExpiry,
  permanentCodeProblem,
  type PermanentCodeState,
} from '../../../src/plugin-auth/codes/permanent-code-redemption.js';

const NOW = Date.parse('2026-06-01T00:00:00.500Z');
const pending: PermanentCodeState = { pluginKey: 'p', status: 'PENDING' };
const request = { pluginKey: 'p', user: 'alice' };

describe('permanentCodeProblem', () => {
  test.each<[string, PermanentCodeState | undefined | null, string | undefined]>([
    ['a pending code for the plugin', pending, undefined],
    ['a pending code restricted to the caller', { ...pending, restrictedUser: 'alice' }, undefined],
    ['a code expiring later', { ...pending, expiresAt: '2026-06-02T00:00:00Z' }, undefined],
    ['a code expiring in the current second', { ...pending, expiresAt: '2026-06-01T00:00:00Z' }, undefined],
    ['a code with an empty expiresAt', { ...pending, expiresAt: '' }, undefined],
    ['no code', undefined, 'CODE_NOT_FOUND'],
    ['a null code', null, 'CODE_NOT_FOUND'],
    ['a used code', { ...pending, status: 'USED' }, 'CODE_USED'],
    ['an EXPIRED code', { ...pending, status: 'EXPIRED' }, 'CODE_EXPIRED'],
    ['a pending code past expiresAt', { ...pending, expiresAt: '2026-05-31T23:59:59Z' }, 'CODE_EXPIRED'],
    ['a pending code with an unreadable expiresAt', { ...pending, expiresAt: 'later' }, 'CODE_EXPIRED'],
    ['a code of another plugin', { ...pending, pluginKey: 'q' }, 'CODE_PLUGIN_MISMATCH'],
    ['a code restricted to another user', { ...pending, restrictedUser: 'bob' }, 'CODE_USER_MISMATCH'],
    ['used wins over plugin mismatch', { ...pending, status: 'USED', pluginKey: 'q' }, 'CODE_USED'],
    ['expired wins over user mismatch', { ...pending, status: 'EXPIRED', restrictedUser: 'bob' }, 'CODE_EXPIRED'],
    ['plugin mismatch wins over user mismatch', { ...pending, pluginKey: 'q', restrictedUser: 'bob' }, 'CODE_PLUGIN_MISMATCH'],
  ])('%s → %p', (_label, code, expected) => {
    expect(permanentCodeProblem(code, request, NOW)).toBe(expected);
  });
});

describe('assertPermanentCodeRedeemable', () => {
  test('passes a redeemable code', () => {
    expect(() => assertPermanentCodeRedeemable(pending, request, NOW)).not.toThrow();
  });

  test('throws the typed error with status and both messages', () => {
    expect(() => assertPermanentCodeRedeemable({ ...pending, restrictedUser: 'bob' }, request, NOW)).toThrow(
      expect.objectContaining({
        code: 'CODE_USER_MISMATCH',
        status: 403,
        message: '授权码仅限指定用户使用',
        messageEn: 'authorization code is restricted to another user',
      }),
    );
  });
});

describe('code errors', () => {
  test('every code has its own machine code, a status and zh/en messages', () => {
    for (const [code, { status, zh, en }] of Object.entries(CODE_ERRORS)) {
      const err = codeError(code as keyof typeof CODE_ERRORS);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code, status, message: zh, messageEn: en });
      expect(err.details[0]).toMatchObject({ field: 'code', reason: code });
    }
    const texts = Object.values(CODE_ERRORS).map((e) => e.zh);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe('isPendingCodePastExpiry (expiry job)', () => {
  test.each<[string, Pick<PermanentCodeState, 'status' | 'expiresAt'>, boolean]>([
    ['pending, past', { status: 'PENDING', expiresAt: '2026-05-01T00:00:00Z' }, true],
    ['pending, future', { status: 'PENDING', expiresAt: '2026-07-01T00:00:00Z' }, false],
    ['pending, no expiry', { status: 'PENDING' }, false],
    ['used, past', { status: 'USED', expiresAt: '2026-05-01T00:00:00Z' }, false],
    ['already expired', { status: 'EXPIRED', expiresAt: '2026-05-01T00:00:00Z' }, false],
  ])('%s → %p', (_label, code, expected) => {
    expect(isPendingCodePastExpiry(code, NOW)).toBe(expected);
  });
});
