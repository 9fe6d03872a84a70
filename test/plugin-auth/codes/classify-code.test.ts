import { classifyCode } from '../../../src/plugin-auth/codes/classify-code.js';

describe('classifyCode', () => {
  test('8 symbols are a free code', () => {
    expect(classifyCode('abcd ef23')).toEqual({ kind: 'FREE', code: 'ABCDEF23' });
  });

  test('20 symbols are a permanent code', () => {
    expect(classifyCode('abcdefghjkmnpqrstvwx')).toEqual({ kind: 'PERMANENT', code: 'ABCDE-FGHJK-MNPQR-STVWX' });
  });

  test.each([
    ['not a string', 12345678],
    ['another length', 'ABCDEF234'],
    ['8 symbols outside the free alphabet', 'ABCDEF01'],
    ['20 symbols outside Crockford', 'UUUUU-UUUUU-UUUUU-UUUUU'],
  ])('%s is no code', (_label, input) => {
    expect(classifyCode(input)).toBeUndefined();
  });
});
