/**
 * Oracle for AGGREGATOR_3 (epay V2, RSA-SHA256). vectors/epay-v2.json was produced by a separate small
 * implementation of the published rules (vectors/epay-v2-forge.ts): its own signing string and node-forge's
 * pure-JavaScript SHA-256 and RSA, where the adapter uses src/payment/channels/epay and node:crypto. The keys
 * are test keys made by the generator. First every case is re-checked with that independent implementation
 * (so the file is what it claims), then ours is judged against it: the signed strings, the exact signatures
 * of the requests our adapter really sends (RSA PKCS#1 v1.5 is deterministic), a signed answer, and the
 * notifications — valid ones accepted by GET and POST, tampered, re-signed with another key, stale, future,
 * wrong sign_type and unsigned ones refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { aggregator3Definition, rsaSigner, type Aggregator3Channel } from '../../../../src/payment/channels/aggregator-3/index.js';
import { epaySigningContent } from '../../../../src/payment/channels/epay/index.js';
import type { CallbackRequest, ChannelOrder } from '../../../../src/payment/channels/core/types.js';
import { systemClock } from '../../../../src/host/sdk/index.js';
import { forgeSign, forgeSigningString, forgeVerify } from './vectors/epay-v2-forge.js';

interface V2Case {
  name: string;
  kind: 'request' | 'received';
  params: Record<string, string>;
  signed_string?: string;
  valid: boolean;
  why?: string;
}
interface V2File {
  now: number;
  keys: { merchant: { privateKeyPem: string; publicKeyPem: string }; platform: { publicKeyPem: string } };
  cases: V2Case[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const file = JSON.parse(fs.readFileSync(path.join(here, 'vectors', 'epay-v2.json'), 'utf8')) as V2File;
const { merchant, platform } = file.keys;
const requests = file.cases.filter((c) => c.kind === 'request');
const received = file.cases.filter((c) => c.kind === 'received');
const nowMs = file.now * 1000;

function channel(fetchImpl?: typeof fetch): Aggregator3Channel {
  const options = aggregator3Definition.validateOptions({
    gateway: 'https://epay.example.com/',
    pid: '1001',
    merchantPrivateKey: merchant.privateKeyPem,
    platformPublicKey: platform.publicKeyPem,
  });
  return aggregator3Definition.create(options, { clock: { ...systemClock, now: () => nowMs }, fetch: fetchImpl }) as Aggregator3Channel;
}

/** A fetch that records the form it is sent and answers the given JSON. */
function recordingFetch(answer: unknown, sent: Array<Record<string, string>>): typeof fetch {
  return (async (_url: string | URL | Request, init?: RequestInit) => {
    sent.push(Object.fromEntries(new URLSearchParams(String(init?.body))));
    return new Response(JSON.stringify(answer), { status: 200 });
  }) as typeof fetch;
}

const asGet = (params: Record<string, string>): CallbackRequest => ({ method: 'GET', headers: {}, query: params, rawBody: '' });
const asPost = (params: Record<string, string>): CallbackRequest => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  query: {},
  rawBody: Buffer.from(new URLSearchParams(params).toString()),
});

describe('the epay V2 vector file agrees with its independent implementation (node-forge)', () => {
  test.each(requests.map((c) => [c.name, c] as const))('request %s: signed string and signature reproduce', (_n, c) => {
    expect(forgeSigningString(c.params)).toBe(c.signed_string);
    expect(forgeSign(c.signed_string!, merchant.privateKeyPem)).toBe(c.params.sign);
    expect(forgeVerify(c.signed_string!, c.params.sign, merchant.publicKeyPem)).toBe(true);
  });

  test.each(received.map((c) => [c.name, c] as const))('received %s: the platform signature verifies only where it should', (_n, c) => {
    const signatureHolds = Boolean(c.params.sign) && forgeVerify(forgeSigningString(c.params), c.params.sign, platform.publicKeyPem);
    const timeHolds = Math.abs(file.now - Number(c.params.timestamp)) <= 300;
    const typeHolds = (c.params.sign_type ?? 'RSA') === 'RSA';
    expect(signatureHolds && timeHolds && typeHolds).toBe(c.valid);
  });
});

describe('our epay V2 implementation against the vectors', () => {
  test.each(requests.map((c) => [c.name, c] as const))('request %s: same signed string and the same signature', (_n, c) => {
    const content = epaySigningContent(c.params);
    expect(content).toBe(c.signed_string);
    const signer = rsaSigner(createPrivateKey(merchant.privateKeyPem), createPublicKey(platform.publicKeyPem));
    expect(signer.sign(content)).toBe(c.params.sign);
  });

  test('the api/pay/create request our adapter sends is the vector, signature included; the signed answer is accepted', async () => {
    const request = requests[0].params;
    const answer = received.find((c) => c.name.startsWith('api/pay/create answer'))!.params;
    const sent: Array<Record<string, string>> = [];
    const order: ChannelOrder = {
      paymentId: request.out_trade_no,
      orderId: 'o-1',
      paymentType: 'AGGREGATOR_3',
      paymentChannel: 'WALLET_A',
      subject: request.name,
      amountMinor: 990,
      currency: 'CNY',
    };
    const result = await channel(recordingFetch(answer, sent)).initiate(order, {
      callbackUrl: request.notify_url,
      returnUrl: request.return_url,
      clientIp: request.clientip,
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
    });
    expect(sent).toEqual([request]);
    expect(result).toMatchObject({ status: 'PAYING', qrCode: answer.pay_info, channelTradeNo: answer.trade_no });
  });

  test('the api/pay/query request our adapter sends is the vector', async () => {
    const request = requests.find((c) => c.name.startsWith('api/pay/query'))!.params;
    const sent: Array<Record<string, string>> = [];
    const order = { paymentId: request.out_trade_no, orderId: 'o', paymentType: 'AGGREGATOR_3', paymentChannel: 'WALLET_A' } as const;
    const result = await channel(recordingFetch({ code: -1, msg: '订单号不存在' }, sent)).query({
      ...order,
      subject: 's',
      amountMinor: 990,
      currency: 'CNY',
    });
    expect(sent).toEqual([request]);
    expect(result.status).toBe('UNPAID');
  });

  test.each(received.filter((c) => c.valid && c.params.trade_status).map((c) => [c.name, c] as const))(
    '%s verifies by GET and by POST',
    async (_n, c) => {
      for (const request of [asGet(c.params), asPost(c.params)]) {
        const event = await channel().verifyCallback(request);
        expect(event).toMatchObject({
          orderRef: c.params.out_trade_no,
          status: 'SUCCESS',
          amountMinor: 990,
          channelTradeNo: c.params.trade_no,
          eventId: `${c.params.out_trade_no}:${c.params.trade_no}:TRADE_SUCCESS`,
          sentAt: new Date(Number(c.params.timestamp) * 1000).toISOString(),
          paidAt: '2026-11-25T06:31:02.000Z',
        });
      }
    },
  );

  test.each(received.filter((c) => !c.valid).map((c) => [c.name, c] as const))('%s is refused', async (_n, c) => {
    for (const request of [asGet(c.params), asPost(c.params)]) {
      await expect(channel().verifyCallback(request)).rejects.toMatchObject({ code: c.why });
    }
  });
});
