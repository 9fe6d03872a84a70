import { validateAggregator1Options } from '../../../../src/payment/channels/aggregator-1/index.js';
import { isChannelError } from '../../../../src/payment/channels/core/errors.js';
import { V1_KEY } from '../epay/test-keys.js';

function problemsOf(raw: unknown): { fields: string[]; text: string } {
  try {
    validateAggregator1Options(raw);
  } catch (err) {
    if (!isChannelError(err, 'CHANNEL_MISCONFIGURED')) throw err;
    return { fields: err.details.map((d) => d.field!), text: JSON.stringify({ message: err.message, details: err.details }) };
  }
  throw new Error('options were accepted');
}

describe('validateAggregator1Options', () => {
  const base = { gateway: 'https://pay.example.com', pid: '1001', key: V1_KEY };

  test('defaults: server initiation, raw values, GET or POST notifications, types alipay / wxpay; the gateway becomes a base URL', () => {
    expect(validateAggregator1Options(base)).toEqual({
      gatewayUrl: 'https://pay.example.com/',
      pid: '1001',
      key: V1_KEY,
      initiation: 'server',
      signEncoding: 'raw',
      notifyMethod: 'ANY',
      typeCodes: { WALLET_A: 'alipay', WALLET_B: 'wxpay' },
    });
  });

  test('an endpoint pasted as the gateway is cut back to the site; sub-paths are kept', () => {
    for (const [gateway, url] of [
      ['https://pay.example.com/submit.php', 'https://pay.example.com/'],
      ['https://pay.example.com/mapi.php', 'https://pay.example.com/'],
      ['http://127.0.0.1:8080/epay/api.php', 'http://127.0.0.1:8080/epay/'],
      ['https://pay.example.com/epay', 'https://pay.example.com/epay/'],
    ]) {
      expect(validateAggregator1Options({ ...base, gateway }).gatewayUrl).toBe(url);
    }
  });

  test('flags and type codes are taken; empty type codes keep the default', () => {
    const options = validateAggregator1Options({
      ...base,
      initiation: 'redirect',
      signEncoding: 'urlencoded',
      notifyMethod: 'POST',
      typeCodes: { WALLET_B: 'wechat', WALLET_A: '' },
    });
    expect(options).toMatchObject({ initiation: 'redirect', signEncoding: 'urlencoded', notifyMethod: 'POST' });
    expect(options.typeCodes).toEqual({ WALLET_A: 'alipay', WALLET_B: 'wechat' });
  });

  test('every bad field is named at once and the key is never echoed', () => {
    const secret = 'short key';
    const { fields, text } = problemsOf({
      gateway: 'ftp://pay.example.com',
      pid: 'a b',
      key: secret,
      initiation: 'fax',
      signEncoding: 'base64',
      notifyMethod: 'PUT',
      typeCodes: { WALLET_C: 'x', WALLET_A: 'ali pay' },
    });
    expect(new Set(fields)).toEqual(
      new Set(['gateway', 'pid', 'key', 'initiation', 'signEncoding', 'notifyMethod', 'typeCodes.WALLET_C', 'typeCodes.WALLET_A']),
    );
    expect(text).not.toContain(secret);
  });

  test('missing fields are REQUIRED; a gateway with credentials or a query is refused', () => {
    expect(new Set(problemsOf({}).fields)).toEqual(new Set(['gateway', 'pid', 'key']));
    expect(problemsOf(null).fields).toContain('key');
    expect(problemsOf({ ...base, gateway: 'https://user:pw@pay.example.com/' }).fields).toEqual(['gateway']);
    expect(problemsOf({ ...base, gateway: 'https://pay.example.com/?pid=1' }).fields).toEqual(['gateway']);
    expect(problemsOf({ ...base, key: V1_KEY.slice(0, 7) }).fields).toEqual(['key']);
  });
});
