import { paypalTimeToIso } from '../../../src/payment/channels/intl-wallet/paypal-time.js';
import { readCapture } from '../../../src/payment/channels/intl-wallet/paypal-order.js';
import { refundResultOf } from '../../../src/payment/channels/intl-wallet/refund-calls.js';
import { transmissionOf } from '../../../src/payment/channels/intl-wallet/webhook-signature.js';
import { beijingTimeToIso } from '../../../src/payment/channels/wallet-a/beijing-time.js';
import { wechatTimeToIso } from '../../../src/payment/channels/wallet-b/wechat-time.js';
import { ChannelError } from '../../../src/payment/channels/core/errors.js';

// Date.parse rolls an impossible day over ("02-30" → 2 March), so a provider's time that does not exist
// used to become a different, plausible one. Each parser now answers undefined for it.

describe('Alipay (WALLET_A) Beijing times', () => {
  test('a time that exists becomes UTC', () => {
    expect(beijingTimeToIso('2024-02-29 08:00:00')).toBe('2024-02-29T00:00:00.000Z');
    expect(beijingTimeToIso('2024-05-01 12:00:00.320')).toBe('2024-05-01T04:00:00.320Z');
  });
  test.each([
    '2025-02-29 08:00:00',
    '2025-02-30 12:00:00',
    '2025-04-31 00:00:00',
    '2025-01-01 24:00:00',
    '2025-01-01 12:60:00',
    '2016-12-31 23:59:60',
  ])('%s is not a time', (text) => expect(beijingTimeToIso(text)).toBeUndefined());
});

describe('WeChat Pay (WALLET_B) RFC 3339 times', () => {
  test('a time that exists becomes UTC', () => {
    expect(wechatTimeToIso('2024-02-29T12:00:00+08:00')).toBe('2024-02-29T04:00:00.000Z');
  });
  test.each([
    '2025-02-29T12:00:00+08:00',
    '2025-06-31T00:00:00+08:00',
    '2025-01-01T23:59:60+08:00',
    '2025-01-01T12:00:00+25:00',
    '2025-01-01 12:00:00+08:00',
  ])('%s is not a time', (text) => expect(wechatTimeToIso(text)).toBeUndefined());
});

describe('PayPal (INTL_WALLET) times', () => {
  test('a time that exists becomes UTC', () => {
    expect(paypalTimeToIso('2024-02-29T10:00:00Z')).toBe('2024-02-29T10:00:00Z');
  });
  test.each(['2025-02-29T10:00:00Z', '2025-09-31T10:00:00Z', '2025-01-01T24:00:00Z', 'yesterday', 42])('%p is not a time', (text) =>
    expect(paypalTimeToIso(text)).toBeUndefined(),
  );

  test('a capture or refund with an impossible time reports no time rather than a rolled-over one', () => {
    expect(readCapture({ id: 'C1', status: 'COMPLETED', update_time: '2025-02-30T10:00:00Z' }).time).toBeUndefined();
    expect(readCapture({ id: 'C1', status: 'COMPLETED', create_time: '2025-02-28T10:00:00Z' }).time).toBe('2025-02-28T10:00:00Z');
    expect(refundResultOf({ id: 'R1', status: 'COMPLETED', update_time: '2025-02-30T10:00:00Z' }).refundedAt).toBeUndefined();
  });

  test('a webhook whose PAYPAL-TRANSMISSION-TIME does not exist is refused', () => {
    const headers = {
      'paypal-transmission-id': 't-1',
      'paypal-transmission-time': '2025-02-30T10:00:00Z',
      'paypal-transmission-sig': 'sig',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/cert.pem',
      'paypal-auth-algo': 'SHA256withRSA',
    };
    const request = { method: 'POST', headers, query: {}, rawBody: '{}' };
    expect(() => transmissionOf(request)).toThrow(ChannelError);
    expect(transmissionOf({ ...request, headers: { ...headers, 'paypal-transmission-time': '2025-02-28T10:00:00Z' } }).time).toBe(
      '2025-02-28T10:00:00Z',
    );
  });
});
