/**
 * The oracle: the shared vectors xunhupay.json (a copy next to this test, checked to equal the team's copy
 * in ../shared/vectors/ where that exists), computed by a separate implementation of the published rules:
 * the parameters, the exact signed string and the expected hash. Every case is checked against our hash,
 * our notification verifier and the fake gateway's own hash; the cases marked invalid must be refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from '@jest/globals';
import { hashContent, verifyXunhupayHash, xunhupayHash } from '../../../../src/payment/channels/aggregator-2/index.js';
import { aggregator2Definition } from '../../../../src/payment/channels/index.js';
import { fakeHash } from './fake-xunhupay-gateway.js';

interface VectorCase {
  name: string;
  appsecret: string;
  params: Record<string, string>;
  signed_string_without_secret?: string;
  hash?: string;
  valid?: boolean;
}

const VECTORS_FILE = fileURLToPath(new URL('./xunhupay-vectors.json', import.meta.url));
const SHARED_FILE = path.resolve('../shared/vectors/xunhupay.json');
const vectors = JSON.parse(fs.readFileSync(VECTORS_FILE, 'utf8')) as { cases: VectorCase[] };
const valid = vectors.cases.filter((c) => c.valid !== false);
const invalid = vectors.cases.filter((c) => c.valid === false);

const formRequest = (params: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  query: {},
  rawBody: new URLSearchParams(params).toString(),
});

test('the vector file has valid and invalid cases (the oracle is not empty) and is the shared one, unchanged', () => {
  expect(valid.length).toBeGreaterThanOrEqual(2);
  expect(invalid.length).toBeGreaterThanOrEqual(1);
  if (fs.existsSync(SHARED_FILE)) expect(vectors).toEqual(JSON.parse(fs.readFileSync(SHARED_FILE, 'utf8')));
});

describe.each(valid.map((c) => [c.name, c] as const))('vector "%s"', (_name, vector) => {
  test("our signed string and hash are the vector's", () => {
    expect(hashContent(vector.params)).toBe(vector.signed_string_without_secret);
    expect(xunhupayHash(vector.params, vector.appsecret)).toBe(vector.hash);
  });

  test('the fake gateway hashes the same way', () => {
    expect(fakeHash(vector.params, vector.appsecret)).toBe(vector.hash);
  });

  test('the hash verifies with its secret, and not with another one or after a change', () => {
    const signed = { ...vector.params, hash: vector.hash! };
    expect(verifyXunhupayHash(signed, vector.appsecret)).toBe(true);
    expect(verifyXunhupayHash({ ...signed, hash: vector.hash!.toUpperCase() }, vector.appsecret)).toBe(true);
    expect(verifyXunhupayHash(signed, `${vector.appsecret}x`)).toBe(false);
    expect(verifyXunhupayHash({ ...signed, total_fee: '0.11' }, vector.appsecret)).toBe(false);
    expect(verifyXunhupayHash({ ...signed, extra: 'added' }, vector.appsecret)).toBe(false);
  });
});

test('the notification vector is accepted by the adapter as a paid event for its order', async () => {
  const notify = valid.find((c) => c.params.status !== undefined)!;
  const channel = aggregator2Definition.create(
    aggregator2Definition.validateOptions({ appId: notify.params.appid, appSecret: notify.appsecret }),
  );
  const event = await channel.verifyCallback(formRequest(notify.params));
  expect(event).toMatchObject({
    orderRef: notify.params.trade_order_id,
    status: 'SUCCESS',
    amountMinor: 10,
    currency: 'CNY',
    channelTradeNo: notify.params.open_order_id,
    vendorStatus: 'OD',
    sentAt: new Date(Number(notify.params.time) * 1000).toISOString(),
  });
});

describe.each(invalid.map((c) => [c.name, c] as const))('invalid vector "%s"', (_name, vector) => {
  test('is refused by our hash check, the fake gateway and the adapter', async () => {
    expect(verifyXunhupayHash(vector.params, vector.appsecret)).toBe(false);
    expect(fakeHash(vector.params, vector.appsecret)).not.toBe(vector.params.hash);
    const channel = aggregator2Definition.create(
      aggregator2Definition.validateOptions({ appId: vector.params.appid, appSecret: vector.appsecret }),
    );
    await expect(channel.verifyCallback(formRequest(vector.params))).rejects.toMatchObject({ code: 'BAD_SIGNATURE', status: 401 });
  });
});
