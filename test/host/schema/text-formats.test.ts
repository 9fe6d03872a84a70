import { ajvErrorDetails, createAjv } from '../../../src/host/schema/ajv.js';
import { isMailbox } from '../../../src/host/schema/text-formats.js';

describe('mailbox: an e-mail sender as mail headers write it (issue #29 item 8)', () => {
  test.each([
    'noreply@example.com',
    'AuthPay <noreply@example.com>',
    'AuthPay<noreply@example.com>',
    '"Shop, Inc." <sales@example.com>',
    '"A \\"quoted\\" name" <a@example.com>',
    '授权中心 <noreply@example.cn>',
  ])('%s is accepted', (value) => {
    expect(isMailbox(value)).toBe(true);
  });

  test.each([
    'not-an-email',
    'AuthPay',
    'AuthPay <not-an-email>',
    '<noreply@example.com> AuthPay',
    'Shop, Inc. <sales@example.com>',
    'a@example.com, b@example.com',
    'AuthPay <noreply@example.com',
    'noreply@example.com\r\nBcc: victim@example.com',
    '"unterminated <a@example.com>',
  ])('%j is refused', (value) => {
    expect(isMailbox(value)).toBe(false);
  });
});

test('the format passes an empty value and says what it wants in both languages', () => {
  const validate = createAjv().compile({
    type: 'object',
    properties: { from: { type: 'string', format: 'mailbox' } },
  });
  expect(validate({ from: '' })).toBe(true);
  expect(validate({ from: 'not-an-email' })).toBe(false);
  const [detail] = ajvErrorDetails(validate.errors, 'body');
  expect(detail).toMatchObject({
    field: 'body.from',
    message: expect.stringContaining('电子邮件地址'),
    messageEn: expect.stringContaining('must be an e-mail address'),
  });
});
