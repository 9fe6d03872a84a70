/** A rate limit's wait in words and sensible units (src/host/ratelimit/wait-words.ts), in both languages. */
import { expect, test } from '@jest/globals';
import { tryAgainIn, waitWords } from '../../../src/host/ratelimit/wait-words.js';

test('seconds up to a minute, then whole minutes rounded up, then whole hours past two hours', () => {
  expect(waitWords(1)).toEqual({ zh: '1 秒', en: '1 second' });
  expect(waitWords(45)).toEqual({ zh: '45 秒', en: '45 seconds' });
  expect(waitWords(60)).toEqual({ zh: '60 秒', en: '60 seconds' });
  expect(waitWords(61)).toEqual({ zh: '2 分钟', en: '2 minutes' });
  expect(waitWords(875)).toEqual({ zh: '15 分钟', en: '15 minutes' });
  expect(waitWords(7200)).toEqual({ zh: '120 分钟', en: '120 minutes' });
  expect(waitWords(7201)).toEqual({ zh: '3 小时', en: '3 hours' });
});

test('the message is one sentence per language: what happened, then when to try again', () => {
  expect(tryAgainIn({ zh: '登录尝试过于频繁', en: 'Too many log-in attempts' }, 875)).toEqual({
    zh: '登录尝试过于频繁，请 15 分钟后再试',
    en: 'Too many log-in attempts. Try again in 15 minutes.',
  });
});
