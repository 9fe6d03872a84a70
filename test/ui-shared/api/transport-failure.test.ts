/**
 * Failures the server did not put into words (ui-shared/api/transport-failure.ts): a proxy's 502/503/504 page,
 * another status without the envelope, no answer at all. Each is a catalog sentence in both languages that
 * says what it means and what to do, never "HTTP 502".
 */
import { expect, test } from '@jest/globals';
import { failureWithoutEnvelope, isNetworkFailure, TRANSPORT_CODES } from '../../../ui-shared/api/transport-failure.js';
import en from '../../../ui-shared/locales/en.js';
import zh from '../../../ui-shared/locales/zh-CN.js';

type Tree = { [key: string]: string | Tree };
const lookup = (catalog: Tree, key: string): string | undefined =>
  key.split('.').reduce<string | Tree | undefined>((at, k) => (typeof at === 'object' ? at[k] : undefined), catalog) as string | undefined;

const HAN = /\p{Script=Han}/u;

test('a proxy error page (502, 503, 504) means the server cannot be reached for now', () => {
  for (const status of [502, 503, 504])
    expect(failureWithoutEnvelope(status)).toEqual({ code: TRANSPORT_CODES.unavailable, key: 'error.unavailable' });
  expect(lookup(zh as Tree, 'error.unavailable')).toBe('服务器暂时无法访问，请稍后重试');
});

test('other statuses without an envelope have their own sentences; an unknown one names the status as a detail', () => {
  expect(failureWithoutEnvelope(413).key).toBe('error.tooLarge');
  expect(failureWithoutEnvelope(429).key).toBe('error.tooMany');
  expect(failureWithoutEnvelope(500)).toEqual({ code: TRANSPORT_CODES.unexpected, key: 'error.unexpected', named: { status: 500 } });
});

test('every such sentence exists in both languages, each in its own script, with no "HTTP"', () => {
  const keys = ['error.network', ...[502, 413, 429, 500].map((s) => failureWithoutEnvelope(s).key)];
  for (const key of keys) {
    const zhText = lookup(zh as Tree, key);
    const enText = lookup(en as Tree, key);
    expect([key, HAN.test(zhText ?? ''), enText !== undefined && !HAN.test(enText)]).toEqual([key, true, true]);
    expect(`${zhText} ${enText}`).not.toMatch(/HTTP|fetch/i);
  }
});

test('no answer (fetch rejects with a TypeError) is a network failure; an abort is not', () => {
  expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
  expect(isNetworkFailure(new DOMException('aborted', 'AbortError'))).toBe(false);
});
