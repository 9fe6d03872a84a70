import { expect, test } from '@jest/globals';
import { ajvErrorDetails, createAjv, detailSummary } from '../../../src/host/schema/ajv.js';

const ajv = createAjv();
const validate = ajv.compile({
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: {
    items: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 3 } } } },
    'a/b': { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
  },
});

function detailsOf(value: unknown, prefix?: string) {
  expect(validate(value)).toBe(false);
  return ajvErrorDetails(validate.errors, prefix);
}

test('fields are dotted paths below the prefix; messages name the field below it, in zh-CN and English', () => {
  expect(detailsOf({ items: [{ name: 'long name' }] }, 'body')).toEqual([
    {
      field: 'body.items.0.name',
      message: 'items.0.name 最多 3 个字符',
      messageEn: 'items.0.name allows at most 3 characters',
      reason: 'maxLength',
    },
  ]);
  expect(detailsOf({ items: [], at: 'yesterday' }, 'spec')).toEqual([
    {
      field: 'spec.at',
      message: 'at 须为 RFC 3339 时间，如 2025-01-31T08:00:00Z',
      messageEn: 'at must be an RFC 3339 time such as 2025-01-31T08:00:00Z',
      reason: 'format',
    },
  ]);
});

test('required and additionalProperties name the missing or unknown property itself', () => {
  const details = detailsOf({ items: [{}], extra: 1 }, 'auth');
  expect(details.map((d) => [d.field, d.reason, d.message, d.messageEn])).toEqual([
    ['auth.extra', 'additionalProperties', '不支持的字段 extra', 'extra is not a known field'],
    ['auth.items.0.name', 'required', '请填写 items.0.name', 'items.0.name is required'],
  ]);
  expect(detailsOf({}).map((d) => d.field)).toEqual(['items']);
});

test('JSON pointer escapes are undone; the summary joins the sentences in the language asked for', () => {
  const details = detailsOf({ items: [], 'a/b': 'x' });
  expect(details.map((d) => d.field)).toEqual(['a/b']);
  expect(detailSummary(details)).toBe('a/b must be a whole number');
  expect(detailSummary(details, 'zh-CN')).toBe('a/b 须为整数');
});

const form = ajv.compile({
  type: 'object',
  additionalProperties: false,
  required: ['key', 'name'],
  properties: {
    key: { type: 'string', minLength: 1, maxLength: 63, pattern: '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$' },
    name: { type: 'string', minLength: 1 },
    odd: { type: 'string', pattern: '^x+y$' },
    status: { type: 'string', enum: ['ACTIVE', 'SUSPENDED'] },
    price: { anyOf: [{ type: 'number' }, { type: 'string', pattern: '^[0-9]+$' }] },
    limit: { oneOf: [{ type: 'integer', minimum: 1 }, { const: -1 }] },
    contact: { anyOf: [{ required: ['email'] }, { required: ['phone'] }] },
    when: { type: 'string', format: 'cron' },
  },
});

function formDetails(value: unknown) {
  expect(form(value)).toBe(false);
  return ajvErrorDetails(form.errors, 'body');
}

test('every problem of a form is reported at once, one detail per field, without regular expressions or ajv words', () => {
  const details = formDetails({
    key: 'has space!',
    odd: 'z',
    status: 'GONE',
    price: true,
    limit: 0,
    contact: {},
    when: '61 * * * *',
    x: 1,
  });
  expect(details.map((d) => d.field)).toEqual([
    'body.name',
    'body.x',
    'body.key',
    'body.odd',
    'body.status',
    'body.price',
    'body.limit',
    'body.contact',
    'body.when',
  ]);
  const byField = Object.fromEntries(details.map((d) => [d.field!.slice(5), [d.message, d.messageEn]]));
  expect(byField.name).toEqual(['请填写 name', 'name is required']);
  expect(byField.key).toEqual(['key 只能包含字母、数字和连字符', 'key may contain only letters, digits and hyphens']);
  expect(byField.odd).toEqual(['odd 格式不正确', 'odd has an invalid format']);
  expect(byField.status).toEqual(['status 只能是以下之一：ACTIVE、SUSPENDED', 'status must be one of: ACTIVE, SUSPENDED']);
  expect(byField.price).toEqual(['price 须为数字或文本', 'price must be a number or a text']);
  expect(byField.limit).toEqual(['limit 不符合任何一种允许的格式', 'limit does not match any accepted form']);
  expect(byField.contact).toEqual(['请至少填写其中一项：email、phone', 'one of email, phone is required']);
  expect(byField.when[1]).toBe('when must be a valid cron expression (seconds optional), e.g. 0 */5 * * * *');
  for (const d of details) {
    expect(d.message).not.toMatch(/\^|\$|must match|anyOf|oneOf|schema|pattern/);
    expect(d.messageEn).not.toMatch(/\^|\$|must match|anyOf|oneOf|schema|pattern/);
  }
});

test('a field failing several rules is told its most basic problem once', () => {
  const details = formDetails({ key: 7, name: 'n' });
  expect(details).toEqual([{ field: 'body.key', message: 'key 须为文本', messageEn: 'key must be a text', reason: 'type' }]);
  expect(formDetails({ key: '', name: 'n' }).map((d) => d.messageEn)).toEqual(['key must not be empty']);
});

test('a caller can name fields the way people know them (a settings label)', () => {
  expect(form({ key: 'k' })).toBe(false);
  const details = ajvErrorDetails(form.errors, 'basic', { nameOf: (path) => (path === 'name' ? { zh: '名称', en: 'Name' } : undefined) });
  expect(details).toEqual([{ field: 'basic.name', message: '请填写名称', messageEn: 'Name is required', reason: 'required' }]);
});

test('the summary lists the first five problems and counts the rest', () => {
  const many = Array.from({ length: 7 }, (_, i) => ({ field: `f${i}`, message: `请填写 f${i}`, messageEn: `f${i} is required` }));
  expect(detailSummary(many, 'en')).toBe('f0 is required; f1 is required; f2 is required; f3 is required; f4 is required; and 2 more');
  expect(detailSummary(many, 'zh-CN')).toBe('请填写 f0；请填写 f1；请填写 f2；请填写 f3；请填写 f4；另有 2 项');
});

test('a cross-field rule (anyOf over sibling properties) is one sentence naming the fields it combines', () => {
  const rule = ajv.compile({
    type: 'object',
    anyOf: [{ properties: { type: { not: { enum: ['A'] } } } }, { properties: { channel: { enum: ['A1', 'A2'] } } }],
  });
  expect(rule({ type: 'A', channel: 'B1' })).toBe(false);
  expect(ajvErrorDetails(rule.errors, 'spec')).toEqual([
    {
      field: 'spec',
      message: 'spec 中 type、channel 的取值组合不被允许',
      messageEn: 'spec: this combination of type, channel is not allowed',
      reason: 'anyOf',
    },
  ]);
});
