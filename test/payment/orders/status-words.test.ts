/**
 * One word per order status everywhere: the payment page and the administrators' notification (server) say
 * what the lists and details of both apps say (the shared catalogs' enum.paymentStatus).
 */
import sharedZh from '../../../ui-shared/locales/zh-CN.js';
import sharedEn from '../../../ui-shared/locales/en.js';
import { ORDER_STATUS_WORDS } from '../../../src/payment/orders/status-words.js';
import { PAGE_MESSAGES } from '../../../src/payment/page/page-messages.js';
import { WITHDRAWAL_STATUS_WORDS } from '../../../src/payment/withdrawals/status-words.js';
import { MERCHANT_STATUS_WORDS } from '../../../src/payment/merchants/status-words.js';

test.each([
  ['zh-CN', sharedZh.enum.paymentStatus],
  ['en', sharedEn.enum.paymentStatus],
] as const)('%s: the payment page, the notification and the apps name each status with the same word', (language, catalog) => {
  expect(ORDER_STATUS_WORDS[language]).toEqual(catalog);
  expect(PAGE_MESSAGES[language].status).toEqual(catalog);
});

test('a failed order is not called a failed payment: it may have been closed or timed out', () => {
  expect(ORDER_STATUS_WORDS['zh-CN'].FAILED).toBe('已关闭或失败');
  expect(ORDER_STATUS_WORDS.en.FAILED).toBe('Closed or failed');
});

test.each([
  ['zh-CN', sharedZh.enum, 'zh-CN'],
  ['en', sharedEn.enum, 'en'],
] as const)("%s: the merchant notifications name withdrawal and merchant statuses with the apps' words", (_, words, language) => {
  expect(WITHDRAWAL_STATUS_WORDS[language]).toEqual(words.withdrawalStatus);
  expect(MERCHANT_STATUS_WORDS[language]).toEqual(words.merchantStatus);
});
