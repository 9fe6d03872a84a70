import { assertFreeCodeRedeemable, freeCodeProblem, type FreeCodeState } from '../../../src/plugin-auth/codes/free-code-redemption.js';

const CREATED = '2026-06-01T00:00:00Z';
const minutes = (m: number) => Date.parse(CREATED) + m * 60_000;
const fresh: FreeCodeState = { createdAt: CREATED };
const freePlugin = { pluginKey: 'p', price: 0 };

describe('freeCodeProblem', () => {
  test.each<[string, FreeCodeState | undefined, { pluginKey: string; price: number | undefined }, number, string | undefined]>([
    ['a fresh code for a free plugin', fresh, freePlugin, minutes(1), undefined],
    ['a fresh code for a limited-time free plugin', fresh, { pluginKey: 'p', price: 9999 }, minutes(1), undefined],
    ['a code just under 5 minutes old', fresh, freePlugin, minutes(5) - 1, undefined],
    ['a code made "after" now (clock skew)', fresh, freePlugin, minutes(-1), undefined],
    ['a code bound to this plugin', { ...fresh, pluginKey: 'p' }, freePlugin, minutes(1), undefined],
    ['no code', undefined, freePlugin, minutes(1), 'CODE_NOT_FOUND'],
    ['a used code', { ...fresh, used: true }, freePlugin, minutes(1), 'CODE_USED'],
    ['a code exactly 5 minutes old', fresh, freePlugin, minutes(5), 'FREE_CODE_EXPIRED'],
    ['a code older than 5 minutes', fresh, freePlugin, minutes(30), 'FREE_CODE_EXPIRED'],
    ['a code with an unreadable createdAt', { createdAt: 'now' }, freePlugin, minutes(1), 'FREE_CODE_EXPIRED'],
    ['a code bound to another plugin', { ...fresh, pluginKey: 'q' }, freePlugin, minutes(1), 'CODE_PLUGIN_MISMATCH'],
    ['a paid plugin', fresh, { pluginKey: 'p', price: 19.9 }, minutes(1), 'FREE_CODE_NOT_ALLOWED'],
    ['a plugin without a price', fresh, { pluginKey: 'p', price: undefined }, minutes(1), 'FREE_CODE_NOT_ALLOWED'],
    ['used wins over old', { ...fresh, used: true }, freePlugin, minutes(30), 'CODE_USED'],
    ['old wins over a paid plugin', fresh, { pluginKey: 'p', price: 5 }, minutes(30), 'FREE_CODE_EXPIRED'],
  ])('%s → %p', (_label, code, request, now, expected) => {
    expect(freeCodeProblem(code, request, now)).toBe(expected);
  });
});

describe('assertFreeCodeRedeemable', () => {
  test('passes a redeemable code', () => {
    expect(() => assertFreeCodeRedeemable(fresh, freePlugin, minutes(1))).not.toThrow();
  });

  test('throws FREE_CODE_EXPIRED with zh and en messages', () => {
    expect(() => assertFreeCodeRedeemable(fresh, freePlugin, minutes(6))).toThrow(
      expect.objectContaining({ code: 'FREE_CODE_EXPIRED', status: 409, messageEn: 'free code is older than 5 minutes' }),
    );
  });

  test('throws FREE_CODE_NOT_ALLOWED for a paid plugin', () => {
    expect(() => assertFreeCodeRedeemable(fresh, { pluginKey: 'p', price: 100 }, minutes(1))).toThrow(
      expect.objectContaining({ code: 'FREE_CODE_NOT_ALLOWED', status: 403 }),
    );
  });
});
