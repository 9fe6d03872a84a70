import {
  formatPermanentCode,
  generatePermanentCode,
  generatePermanentCodes,
  normalizePermanentCode,
  PERMANENT_CODE_ALPHABET,
  PERMANENT_CODE_LENGTH,
} from '../../../src/plugin-auth/codes/permanent-code.js';

const GROUPED = /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/;

describe('permanent codes', () => {
  test('carry at least 80 bits: 20 symbols of a 32-symbol alphabet', () => {
    expect(new Set(PERMANENT_CODE_ALPHABET).size).toBe(32);
    expect(PERMANENT_CODE_LENGTH * Math.log2(PERMANENT_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(80);
  });

  test('are grouped XXXXX-XXXXX-XXXXX-XXXXX from Crockford base32', () => {
    for (let i = 0; i < 50; i++) expect(generatePermanentCode()).toMatch(GROUPED);
  });

  test('a batch holds the requested number of distinct codes', () => {
    const codes = generatePermanentCodes(100);
    expect(codes).toHaveLength(100);
    expect(new Set(codes).size).toBe(100);
  });

  test('a batch skips a duplicate drawn from the byte source', () => {
    let call = 0;
    // First two codes draw the same bytes, the third differs.
    const source = (size: number) => new Uint8Array(size).fill(call++ < 2 ? 0 : 1);
    expect(generatePermanentCodes(2, source)).toEqual(['00000-00000-00000-00000', '11111-11111-11111-11111']);
  });

  test('a batch of zero is empty', () => {
    expect(generatePermanentCodes(0)).toEqual([]);
  });

  test('format groups by five', () => {
    expect(formatPermanentCode('ABCDEFGHJKMNPQRSTVWX')).toBe('ABCDE-FGHJK-MNPQR-STVWX');
  });

  test.each([
    ['the printed form', 'ABCDE-FGHJK-MNPQR-STVWX'],
    ['lower case', 'abcde-fghjk-mnpqr-stvwx'],
    ['missing dashes', 'ABCDEFGHJKMNPQRSTVWX'],
    ['spaces and odd grouping', ' abcd efghjk-mnpqrs tvwx '],
  ])('normalize accepts %s', (_label, input) => {
    expect(normalizePermanentCode(input)).toBe('ABCDE-FGHJK-MNPQR-STVWX');
  });

  test('normalize reads O as 0 and I or L as 1 (Crockford)', () => {
    expect(normalizePermanentCode('OOOOO-IIIII-LLLLL-lilio')).toBe('00000-11111-11111-11110');
  });

  test.each([undefined, 7, '', 'ABCDE-FGHJK-MNPQR-STVW', 'ABCDE-FGHJK-MNPQR-STVWXY', 'ABCDE-FGHJK-MNPQR-STVWU', 'ABCDE-FGHJK-MNPQR-STVW!'])(
    'normalize refuses %p',
    (input) => {
      expect(normalizePermanentCode(input)).toBeUndefined();
    },
  );
});
