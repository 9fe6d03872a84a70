import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  assertCallbackMatchesOrder,
  callbackParams,
  ChannelError,
  decideAnswer,
  headerValue,
  parseChannelAmount,
} from '../../../src/payment/channels/index.js';
import { callGateway } from '../../../src/payment/channels/http/gateway-fetch.js';
import { WALLET_A_CURRENCIES } from '../../../src/payment/channels/wallet-a/index.js';

const order = { paymentId: 'P1', amountMinor: 1000, currency: 'CNY' };

describe('assertCallbackMatchesOrder', () => {
  test('passes a callback with the same order, amount (as integers) and currency', () => {
    expect(() =>
      assertCallbackMatchesOrder({ orderRef: 'P1', status: 'SUCCESS', amountMinor: 1000, currency: 'CNY', raw: {} }, order),
    ).not.toThrow();
    expect(() => assertCallbackMatchesOrder({ orderRef: 'P1', status: 'FAILED', raw: {} }, order)).not.toThrow();
  });

  test('refuses another order, another amount, another currency, or a success without an amount', () => {
    const cases = [
      [{ orderRef: 'P2', status: 'SUCCESS', amountMinor: 1000, currency: 'CNY' }, 'orderRef'],
      [{ orderRef: 'P1', status: 'SUCCESS', amountMinor: 999, currency: 'CNY' }, 'amount'],
      [{ orderRef: 'P1', status: 'SUCCESS', amountMinor: 1000, currency: 'USD' }, 'currency'],
      [{ orderRef: 'P1', status: 'SUCCESS' }, 'amount'],
    ] as const;
    for (const [event, field] of cases) {
      expect(() => assertCallbackMatchesOrder({ ...event, raw: {} }, order)).toThrow(
        expect.objectContaining({ code: 'CALLBACK_MISMATCH', status: 400, details: [expect.objectContaining({ field })] }),
      );
    }
  });
});

describe('parseChannelAmount', () => {
  const alipay = { id: 'WALLET_A' as const, currencies: WALLET_A_CURRENCIES };

  test('applies the channel bounds: Alipay takes 0.01 … 100000000.00 CNY', () => {
    expect(parseChannelAmount(alipay, '0.01', 'cny')).toEqual({ amountMinor: 1, currency: 'CNY' });
    expect(parseChannelAmount(alipay, 100000000, 'CNY').amountMinor).toBe(10_000_000_000);
    expect(() => parseChannelAmount(alipay, '100000000.01', 'CNY')).toThrow(expect.objectContaining({ code: 'INVALID_AMOUNT' }));
  });

  test('refuses a currency the channel does not take', () => {
    expect(() => parseChannelAmount(alipay, 1, 'USD')).toThrow(expect.objectContaining({ code: 'UNKNOWN_CURRENCY', status: 400 }));
  });
});

describe('decideAnswer', () => {
  test.each([
    [{ outcome: 'accepted' }, { acknowledged: true, status: 200 }],
    [
      { outcome: 'refused', error: new ChannelError('MISSING_SIGNATURE', 'x') },
      { acknowledged: false, status: 400 },
    ],
    [
      { outcome: 'refused', error: new ChannelError('BAD_SIGNATURE', 'x') },
      { acknowledged: false, status: 401 },
    ],
    [
      { outcome: 'refused', error: new ChannelError('UNSUPPORTED_EVENT', 'x') },
      { acknowledged: true, status: 200 },
    ],
    [
      { outcome: 'refused', error: new Error('plain') },
      { acknowledged: false, status: 400 },
    ],
    [
      { outcome: 'refused', error: new ChannelError('CHANNEL_UNAVAILABLE', 'x') },
      { acknowledged: false, status: 400 },
    ],
    [{ outcome: 'retry' }, { acknowledged: false, status: 503 }],
    [
      { outcome: 'retry', error: new ChannelError('CHANNEL_REJECTED', 'x') },
      { acknowledged: false, status: 502 },
    ],
  ] as const)('%o → %o', (input, expected) => {
    expect(decideAnswer(input)).toEqual(expected);
  });
});

describe('callback request helpers', () => {
  test('headerValue is case-insensitive and takes the first of repeated headers', () => {
    const req = { headers: { 'X-A': ['1', '2'], b: 'x' } };
    expect(headerValue(req, 'x-a')).toBe('1');
    expect(headerValue(req, 'B')).toBe('x');
    expect(headerValue(req, 'c')).toBeUndefined();
  });

  test('callbackParams reads the query for GET and decodes a form body exactly once', () => {
    expect(callbackParams({ method: 'GET', headers: {}, query: { a: '%41' }, rawBody: '' })).toEqual({ a: '%41' });
    expect(callbackParams({ method: 'POST', headers: {}, query: {}, rawBody: Buffer.from('a=%2541&b=x+y') })).toEqual({
      a: '%41',
      b: 'x y',
    });
  });
});

describe('callGateway', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/ok') return void res.end('fine');
      if (req.url === '/teapot') return void res.writeHead(418).end('no');
      if (req.url === '/busy') return void res.writeHead(429).end('slow down');
      if (req.url === '/big') return void res.end(Buffer.alloc(1024 * 1024 + 1));
      // '/hang': never answer
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('returns 2xx and 4xx answers for the adapter to interpret', async () => {
    await expect(callGateway({ url: `${base}/ok` })).resolves.toMatchObject({ status: 200, text: 'fine' });
    await expect(callGateway({ url: `${base}/teapot`, method: 'GET' })).resolves.toMatchObject({ status: 418, text: 'no' });
  });

  test('an answer over 1 MiB is CHANNEL_BAD_RESPONSE', async () => {
    await expect(callGateway({ url: `${base}/big` })).rejects.toMatchObject({ code: 'CHANNEL_BAD_RESPONSE' });
  });

  test('429, time-outs and refused connections are CHANNEL_UNAVAILABLE', async () => {
    await expect(callGateway({ url: `${base}/busy` })).rejects.toMatchObject({ code: 'CHANNEL_UNAVAILABLE' });
    await expect(callGateway({ url: `${base}/hang`, timeoutMs: 100 })).rejects.toMatchObject({
      code: 'CHANNEL_UNAVAILABLE',
      message: expect.stringContaining('timed out'),
    });
    await expect(callGateway({ url: 'http://127.0.0.1:1/x' })).rejects.toMatchObject({
      code: 'CHANNEL_UNAVAILABLE',
      message: expect.stringContaining('unreachable'),
    });
  });

  test('an aborted caller signal aborts the call', async () => {
    const controller = new AbortController();
    const pending = callGateway({ url: `${base}/hang`, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'CHANNEL_UNAVAILABLE' });
  });

  test('error messages name the host only, never the query (which may carry signed parameters)', async () => {
    const err = await callGateway({ url: `${base}/busy?app_id=1&sign=SECRET` }).catch((e) => e);
    expect(err.message).not.toContain('SECRET');
  });
});
