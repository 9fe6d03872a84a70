import { parseLicenseClaims } from '../../../src/plugin-auth/license/license-format.js';

const encode = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const good = { iss: 'authpay', sub: 'u', aud: 'p', domain: 'a.com', iat: 1, exp: 2, jti: 'j' };

describe('parseLicenseClaims', () => {
  test('accepts a complete claim set', () => {
    expect(parseLicenseClaims(encode(good))).toEqual(good);
  });

  test.each([
    ['not JSON', 'nope'],
    ['not UTF-8', new Uint8Array([0xff, 0xfe])],
    ['null', 'null'],
    ['a number', '5'],
    ['a missing claim', { ...good, domain: undefined }],
    ['a string exp', { ...good, exp: '2' }],
    ['a fractional iat', { ...good, iat: 1.5 }],
    ['an array audience', { ...good, aud: ['p'] }],
  ])('refuses %s', (_label, value) => {
    expect(parseLicenseClaims(value instanceof Uint8Array ? value : encode(value))).toBeUndefined();
  });
});
