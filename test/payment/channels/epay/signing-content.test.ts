import { deviceOf, epaySigningContent, mapOrderStatus, phpUrlencode } from '../../../../src/payment/channels/epay/index.js';
import { fakeSignContent, phpUrlencodeForTest } from './fake-epay-gateway.js';

describe('the epay signing string', () => {
  test('sorts names in byte order, drops sign, sign_type and empty values, keeps raw values (also = and &)', () => {
    const params = { b: '2', a: 'x=1&y', sign: 's', sign_type: 'MD5', empty: '', Z: 'upper', _u: 'under' };
    expect(epaySigningContent(params)).toBe('Z=upper&_u=under&a=x=1&y&b=2');
  });

  test('a value of spaces is signed as it is (only the empty string is dropped)', () => {
    expect(epaySigningContent({ a: ' ', b: '' })).toBe('a= ');
  });

  test('the URL-encoded variant encodes like PHP urlencode: space as +, every byte but letters, digits and -_. escaped', () => {
    expect(phpUrlencode("a b-_.~!*'()中/&=+")).toBe('a+b-_.%7E%21%2A%27%28%29%E4%B8%AD%2F%26%3D%2B');
    expect(epaySigningContent({ name: 'VIP 会员', money: '9.90' }, 'urlencoded')).toBe('money=9.90&name=VIP+%E4%BC%9A%E5%91%98');
  });

  test('agrees with the fake gateway’s own implementation on awkward input', () => {
    const params = { name: "x (1) * ~ !'", url: 'https://a.example/?q=1&r=2', sign: 'x', n: '0', blank: '' };
    expect(epaySigningContent(params)).toBe(fakeSignContent(params));
    expect(epaySigningContent(params, 'urlencoded')).toBe(fakeSignContent(params, true));
    expect(phpUrlencode(params.name)).toBe(phpUrlencodeForTest(params.name));
  });
});

describe('epay order status and device', () => {
  test('status 1 is paid, 0 open, refunded / frozen / pre-authorised / anything else unknown', () => {
    expect(['1', 1, '0', 0, '2', 3, '4', undefined, 'x'].map(mapOrderStatus)).toEqual([
      'SUCCESS',
      'SUCCESS',
      'PAYING',
      'PAYING',
      'UNKNOWN',
      'UNKNOWN',
      'UNKNOWN',
      'UNKNOWN',
      'UNKNOWN',
    ]);
  });

  test('the device follows the payer’s browser', () => {
    expect(deviceOf(undefined)).toBe('pc');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0)')).toBe('pc');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14) Mobile')).toBe('mobile');
    expect(deviceOf('Mozilla/5.0 (iPhone) MicroMessenger/8.0.49')).toBe('wechat');
    expect(deviceOf('Mozilla/5.0 (iPhone) AlipayClient/10.5')).toBe('alipay');
    expect(deviceOf('Mozilla/5.0 (iPhone) QQ/9.0.0')).toBe('qq');
  });
});
