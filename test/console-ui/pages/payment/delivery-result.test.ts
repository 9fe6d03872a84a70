/**
 * The order details' delivery table says what the receiving server did in the reader's language, the HTTP
 * status or the system error code only as a detail (issue 29): never a bare "HTTP 500".
 */
import { createI18n } from 'vue-i18n';
import sharedZh from '../../../../ui-shared/locales/zh-CN.js';
import sharedEn from '../../../../ui-shared/locales/en.js';
import consoleZh from '../../../../console-ui/src/locales/zh-CN/index.js';
import consoleEn from '../../../../console-ui/src/locales/en/index.js';
import { deliveryResultText } from '../../../../console-ui/src/pages/payment/delivery-result.js';

function words(locale: 'zh-CN' | 'en') {
  const i18n = createI18n({
    legacy: false,
    locale,
    messages: { 'zh-CN': { ...sharedZh, ...consoleZh }, en: { ...sharedEn, ...consoleEn } },
  });
  return (key: string, named?: Record<string, unknown>) => i18n.global.t(key, named ?? {});
}

test('zh-CN: a server error, a refusal, an answer and a dropped connection are sentences with the code as a detail', () => {
  const t = words('zh-CN');
  expect(deliveryResultText({ lastStatusCode: 500, lastError: 'HTTP 500' }, t)).toBe('对方服务器出错（HTTP 500）');
  expect(deliveryResultText({ lastStatusCode: 404, lastError: 'HTTP 404' }, t)).toBe('对方服务器拒绝了通知（HTTP 404）');
  expect(deliveryResultText({ lastStatusCode: 200 }, t)).toBe('对方已收到（HTTP 200）');
  expect(deliveryResultText({ lastError: 'request failed: ECONNREFUSED' }, t)).toBe('无法连接对方服务器（ECONNREFUSED）');
  expect(deliveryResultText({ lastError: 'no answer within 10 s' }, t)).toBe('对方服务器没有在时限内回应');
  expect(deliveryResultText({}, t)).toBe('-');
});

test('en: the same in English', () => {
  const t = words('en');
  expect(deliveryResultText({ lastStatusCode: 502, lastError: 'HTTP 502' }, t)).toBe('The receiving server failed (HTTP 502)');
  expect(deliveryResultText({ lastStatusCode: 302 }, t)).toBe('The receiving server gave an answer we cannot read (HTTP 302)');
  expect(deliveryResultText({ lastError: 'request failed' }, t)).toBe('Could not reach the receiving server');
});
