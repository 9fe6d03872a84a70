/**
 * Validation messages name a field by its form label in the reader's language (field-labels.ts): the
 * sign-up's `username` is 用户名 / User name, never the property id inside a Chinese sentence.
 */
import { expect, test } from '@jest/globals';
import { ajvErrorDetails, createAjv } from '../../../src/host/schema/ajv.js';
import { labelAt, labelled } from '../../../src/host/schema/field-labels.js';
import { tightZh } from '../../../src/host/schema/ajv-messages.js';
import { NEW_USER_BODY } from '../../../src/host/users/schemas.js';

const validate = createAjv().compile(NEW_USER_BODY);
const detailsOf = (body: unknown) => {
  expect(validate(body)).toBe(false);
  return ajvErrorDetails(validate.errors, 'body', { nameOf: (path) => labelAt(validate.schema, path) });
};

test('a sign-up with a bad user name names the field by its label in both languages', () => {
  const [detail] = detailsOf({ username: 'Bad Name', email: 'a@example.com', password: 'long-enough' });
  expect(detail).toMatchObject({
    field: 'body.username',
    message: '用户名只能包含小写字母、数字和连字符，且以字母或数字开头和结尾',
    messageEn: 'User name may contain only lower-case letters, digits and hyphens, starting and ending with a letter or digit',
  });
});

test('a missing field is asked for by its label; an unlabelled property keeps its path', () => {
  const details = detailsOf({ username: 'ok-name', password: 'long-enough', extra: 1 });
  expect(details.map((d) => [d.field, d.message, d.messageEn])).toEqual([
    ['body.email', '请填写邮箱', 'E-mail is required'],
    ['body.extra', '不支持的字段 extra', 'extra is not a known field'],
  ]);
});

test('labels are found through nested properties and list items', () => {
  const schema = {
    type: 'object',
    properties: {
      items: { type: 'array', items: { type: 'object', properties: { name: labelled({ type: 'string' }, { zh: '名称', en: 'Name' }) } } },
    },
  };
  expect(labelAt(schema, 'items.0.name')).toEqual({ zh: '名称', en: 'Name' });
  expect(labelAt(schema, 'items.0.other')).toBeUndefined();
  expect(labelAt(schema, 'items')).toBeUndefined();
});

test('Chinese words are not spaced apart; identifiers and numbers keep their spaces', () => {
  expect(tightZh('请填写 用户名')).toBe('请填写用户名');
  expect(tightZh('key 至少 3 个字符')).toBe('key 至少 3 个字符');
});
