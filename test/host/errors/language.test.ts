import { expect, test } from '@jest/globals';
import { negotiateLanguage } from '../../../src/host/errors/language.js';
import {
  AlreadyExistsError,
  AppError,
  ConflictError,
  NotFoundError,
  localizedDetail,
  localizedMessage,
} from '../../../src/host/errors/app-error.js';

test.each([
  [undefined, 'zh-CN'],
  ['', 'zh-CN'],
  ['en', 'en'],
  ['en-US', 'en'],
  ['EN-gb', 'en'],
  ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
  ['en-US,en;q=0.9,zh-CN;q=0.8', 'en'],
  ['zh-TW', 'zh-CN'],
  ['fr-FR, en;q=0.5', 'en'],
  ['fr-FR, de', 'zh-CN'],
  ['zh;q=0.3, en;q=0.7', 'en'],
  ['en;q=0, zh', 'zh-CN'],
  ['en;q=abc, zh;q=0.1', 'zh-CN'],
  ['*', 'zh-CN'],
  ['de, *;q=0.5', 'zh-CN'],
  [['en-US', 'zh;q=0.1'], 'en'],
])('Accept-Language %p answers in %s', (header, expected) => {
  expect(negotiateLanguage(header as string | string[] | undefined)).toBe(expected);
});

test('a hostile header costs nothing and falls back to zh-CN', () => {
  expect(negotiateLanguage(`${'x;q=0.1,'.repeat(10_000)}en`)).toBe('zh-CN');
});

test('an error speaks its own text in each language it has, else its code default', () => {
  const both = new AppError('AUTH_LIMIT_EXCEEDED', '授权数量已超限', { messageEn: 'limit exceeded' });
  expect([localizedMessage(both, 'zh-CN'), localizedMessage(both, 'en')]).toEqual(['授权数量已超限', 'limit exceeded']);
  const englishOnly = new AppError('BAD_REQUEST', 'the continue token is invalid');
  expect([localizedMessage(englishOnly, 'zh-CN'), localizedMessage(englishOnly, 'en')]).toEqual([
    '请求无效',
    'the continue token is invalid',
  ]);
  const chineseOnly = new AppError('FORBIDDEN', '没有权限');
  expect(localizedMessage(chineseOnly, 'en')).toBe('you do not have permission for this action');
  const unknownCode = new AppError('SOMETHING_ODD', 'odd');
  expect(localizedMessage(unknownCode, 'zh-CN')).toBe('odd');
});

test('NotFound, AlreadyExists and Conflict errors have zh-CN texts; English keeps the Kubernetes wording', () => {
  const missing = new NotFoundError('SitePlugin', 'demo');
  expect([missing.message, missing.messageEn]).toEqual(['SitePlugin「demo」不存在', 'SitePlugin "demo" not found']);
  const order = new NotFoundError({ zh: '支付订单', en: 'payment order' }, 'P1');
  expect([localizedMessage(order, 'zh-CN'), localizedMessage(order, 'en')]).toEqual([
    '支付订单「P1」不存在',
    'payment order "P1" not found',
  ]);
  const dup = new AlreadyExistsError('User', 'amy');
  expect([localizedMessage(dup, 'zh-CN'), localizedMessage(dup, 'en')]).toEqual(['User「amy」已存在', 'User "amy" already exists']);
  const stale = new ConflictError('Operation cannot be fulfilled on users.host.authpay.dev "amy": the object has been modified');
  expect(localizedMessage(stale, 'zh-CN')).toBe('数据已被修改，请刷新后重试');
  expect(localizedMessage(stale, 'en')).toMatch(/^Operation cannot be fulfilled/);
});

test("a detail without text in a language says its error's message in it", () => {
  const detail = { field: 'key', message: 'taken' };
  expect(localizedDetail(detail, 'zh-CN', '插件标识已存在')).toBe('插件标识已存在');
  expect(localizedDetail(detail, 'en', 'key exists')).toBe('taken');
  expect(localizedDetail({ field: 'a', message: '请填写 a', messageEn: 'a is required' }, 'en')).toBe('a is required');
});
