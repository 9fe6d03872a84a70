/**
 * Oracle: the epay V1 (彩虹易支付, MD5) vectors of ../shared/vectors/epay-v1.json, copied unchanged into
 * vectors/. They were computed by a separate implementation of the published rules (not by this project's
 * code): each case gives the parameters, the exact signed string without the key and the expected
 * signature; `"valid": false` cases must be refused. Our signing string, our MD5 signer, the parameters our
 * adapter really sends to mapi.php, and our notification verification (GET query and POST form) are each
 * checked against them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemClock } from '../../../../src/host/sdk/index.js';
import { aggregator1Definition, md5Signer, type Aggregator1Channel } from '../../../../src/payment/channels/aggregator-1/index.js';
import { epaySigningContent } from '../../../../src/payment/channels/epay/index.js';
import type { CallbackRequest, ChannelOrder } from '../../../../src/payment/channels/core/types.js';

interface VectorCase {
  name: string;
  key: string;
  params: Record<string, string>;
  signed_string_without_key?: string;
  sign?: string;
  valid?: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const vectors = JSON.parse(fs.readFileSync(path.join(here, 'vectors', 'epay-v1.json'), 'utf8')) as { cases: VectorCase[] };
const validCases = vectors.cases.filter((c) => c.valid !== false);
const invalidCases = vectors.cases.filter((c) => c.valid === false);
const notifyCases = vectors.cases.filter((c) => c.params.trade_status !== undefined);

function channelFor(c: VectorCase, fetchImpl?: typeof fetch): Aggregator1Channel {
  const options = aggregator1Definition.validateOptions({ gateway: 'https://epay.example.com/', pid: c.params.pid, key: c.key });
  return aggregator1Definition.create(options, { clock: systemClock, fetch: fetchImpl }) as Aggregator1Channel;
}

const getRequest = (params: Record<string, string>): CallbackRequest => ({ method: 'GET', headers: {}, query: params, rawBody: '' });
const postRequest = (params: Record<string, string>): CallbackRequest => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  query: {},
  rawBody: Buffer.from(new URLSearchParams(params).toString()),
});

describe('epay V1 shared vectors', () => {
  test('the vector file has initiation, notify and refused cases', () => {
    expect(validCases.length).toBeGreaterThanOrEqual(3);
    expect(invalidCases.length).toBeGreaterThanOrEqual(1);
    expect(notifyCases.length).toBeGreaterThanOrEqual(2);
  });

  test.each(validCases.map((c) => [c.name, c] as const))('%s: same signed string and MD5 signature', (_name, c) => {
    const content = epaySigningContent(c.params);
    expect(content).toBe(c.signed_string_without_key);
    expect(md5Signer(c.key).sign(content)).toBe(c.sign);
    expect(md5Signer(c.key).verify(content, c.sign!)).toBe(true);
  });

  test('the parameters our adapter sends to mapi.php carry exactly the vector signature', async () => {
    const c = vectors.cases[0];
    const sent: Array<Record<string, string>> = [];
    const fakeFetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      sent.push(Object.fromEntries(new URLSearchParams(String(init?.body))));
      return new Response(JSON.stringify({ code: 1, msg: 'ok', trade_no: '2026112500001', qrcode: 'weixin://x' }), { status: 200 });
    }) as typeof fetch;
    const order: ChannelOrder = {
      paymentId: c.params.out_trade_no,
      orderId: 'o-1',
      paymentType: 'AGGREGATOR_1',
      paymentChannel: c.params.type === 'alipay' ? 'WALLET_A' : 'WALLET_B',
      subject: c.params.name,
      amountMinor: 990,
      currency: 'CNY',
    };
    await channelFor(c, fakeFetch).initiate(order, {
      callbackUrl: c.params.notify_url,
      returnUrl: c.params.return_url,
      clientIp: c.params.clientip,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    });
    expect(sent).toHaveLength(1);
    const { sign, ...rest } = sent[0];
    expect(sign).toBe(c.sign);
    expect(rest).toEqual(Object.fromEntries(Object.entries(c.params).filter(([, v]) => v !== '')));
  });

  test.each(notifyCases.filter((c) => c.valid !== false).map((c) => [c.name, c] as const))(
    '%s: verifies as a GET query and as a POST form',
    async (_name, c) => {
      for (const request of [getRequest(c.params), postRequest(c.params)]) {
        const event = await channelFor(c).verifyCallback(request);
        expect(event).toMatchObject({ orderRef: c.params.out_trade_no, status: 'SUCCESS', amountMinor: 990, currency: 'CNY' });
        expect(event.eventId).toBe(`${c.params.out_trade_no}:${c.params.trade_no}:TRADE_SUCCESS`);
      }
    },
  );

  test.each(invalidCases.map((c) => [c.name, c] as const))('%s: refused with BAD_SIGNATURE (GET and POST)', async (_name, c) => {
    for (const request of [getRequest(c.params), postRequest(c.params)]) {
      await expect(channelFor(c).verifyCallback(request)).rejects.toMatchObject({ code: 'BAD_SIGNATURE', status: 401 });
    }
  });

  test('a vector notification verified with another key is refused', async () => {
    const c = notifyCases.find((v) => v.valid !== false)!;
    await expect(channelFor({ ...c, key: `${c.key.slice(1)}x` }).verifyCallback(getRequest(c.params))).rejects.toMatchObject({
      code: 'BAD_SIGNATURE',
    });
  });
});
