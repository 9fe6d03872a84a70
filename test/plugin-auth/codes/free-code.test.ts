import { FREE_CODE_ALPHABET, freeCodeExpiresAt, generateFreeCode, normalizeFreeCode } from '../../../src/plugin-auth/codes/free-code.js';

describe('free codes', () => {
  test('the alphabet has no 0, O, 1, I or L', () => {
    expect(FREE_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    expect(new Set(FREE_CODE_ALPHABET).size).toBe(FREE_CODE_ALPHABET.length);
  });

  test('a generated code is 8 symbols of the alphabet', () => {
    for (let i = 0; i < 50; i++) expect(generateFreeCode()).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
  });

  test('generation is random, not repeated', () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateFreeCode()));
    expect(codes.size).toBe(200);
  });

  test('normalize accepts lower case, spaces and dashes', () => {
    expect(normalizeFreeCode(' abcd-ef23 ')).toBe('ABCDEF23');
  });

  test.each([undefined, 42, '', 'ABCDEF2', 'ABCDEF234', 'ABCDEF20', 'ABCDEFGO', 'ABCDEF1I', 'ABCDEFG!'])(
    'normalize refuses %p',
    (input) => {
      expect(normalizeFreeCode(input)).toBeUndefined();
    },
  );

  test('a code expires 5 minutes after it was made', () => {
    expect(freeCodeExpiresAt('2026-01-01T00:00:00Z')).toBe('2026-01-01T00:05:00Z');
    expect(freeCodeExpiresAt('never')).toBeUndefined();
  });
});
