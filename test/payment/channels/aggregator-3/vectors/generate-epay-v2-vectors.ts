/**
 * Writes epay-v2.json: epay V2 (RSA-SHA256) signature vectors made by the separate implementation in
 * epay-v2-forge.ts, never by src/. Run once with `npx tsx test/payment/channels/aggregator-3/vectors/generate-epay-v2-vectors.ts`;
 * the keys are fresh test keys (no secrets), the file is committed, and the tests re-check every case with
 * the same independent implementation before judging ours against it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { forgeKeyPair, forgeSign, forgeSigningString, type ForgeKeyPair } from './epay-v2-forge.js';

/** The instant the notification and answer cases are judged at (Unix seconds); requests are signed at it too. */
const NOW = 1_795_000_000;
const NOTIFY_URL = 'https://pay.example.com/apis/api.payment.authpay.dev/v1alpha1/asyncCallback/AGGREGATOR_3';

interface Case {
  name: string;
  /** request: signed with the merchant key (compare ours); received: signed by the platform (verify ours). */
  kind: 'request' | 'received';
  params: Record<string, string>;
  signed_string?: string;
  valid: boolean;
  why?: string;
}

function signedBy(keys: ForgeKeyPair, params: Record<string, string>, signType = 'RSA'): Record<string, string> {
  return { ...params, sign: forgeSign(forgeSigningString(params), keys.privateKeyPem), sign_type: signType };
}

function requestCase(name: string, merchant: ForgeKeyPair, params: Record<string, string>): Case {
  return { name, kind: 'request', params: signedBy(merchant, params), signed_string: forgeSigningString(params), valid: true };
}

function notification(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    pid: '1001',
    trade_no: '2026112514302512345',
    out_trade_no: 'p20261125a7k3m9q2x8',
    api_trade_no: '4200002345202611251234567890',
    type: 'wxpay',
    trade_status: 'TRADE_SUCCESS',
    addtime: '2026-11-25 14:30:25',
    endtime: '2026-11-25 14:31:02',
    name: 'VIP会员 年付 & <more>',
    money: '9.90',
    param: '',
    buyer: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    timestamp: String(NOW - 5),
    ...overrides,
  };
}

function cases(merchant: ForgeKeyPair, platform: ForgeKeyPair, stranger: ForgeKeyPair): Case[] {
  const valid = signedBy(platform, notification());
  return [
    requestCase('api/pay/create (alipay, server initiation)', merchant, {
      pid: '1001',
      method: 'web',
      device: 'pc',
      type: 'alipay',
      out_trade_no: 'p20261125a7k3m9q2x8',
      notify_url: NOTIFY_URL,
      return_url: 'https://shop.example.com/orders/42?from=pay&lang=zh',
      name: 'VIP会员 年付',
      money: '9.90',
      clientip: '203.0.113.7',
      timestamp: String(NOW),
    }),
    requestCase('api/pay/submit (wxpay, redirect, special characters)', merchant, {
      pid: '1001',
      type: 'wxpay',
      out_trade_no: 'p20261125b2c4d6e8f0',
      notify_url: NOTIFY_URL,
      name: 'Test & <order> = 100%',
      money: '0.01',
      timestamp: String(NOW),
    }),
    requestCase('api/pay/query by out_trade_no', merchant, { pid: '1001', out_trade_no: 'p20261125a7k3m9q2x8', timestamp: String(NOW) }),
    { name: 'notification (GET or POST)', kind: 'received', params: valid, signed_string: forgeSigningString(valid), valid: true },
    {
      name: 'api/pay/create answer (qrcode)',
      kind: 'received',
      params: signedBy(platform, {
        code: '0',
        trade_no: '2026112514302512345',
        pay_type: 'qrcode',
        pay_info: 'weixin://wxpay/bizpayurl?pr=abc123',
        timestamp: String(NOW - 1),
      }),
      valid: true,
    },
    { name: 'tampered money', kind: 'received', params: { ...valid, money: '99.00' }, valid: false, why: 'BAD_SIGNATURE' },
    {
      name: 'parameter added after signing',
      kind: 'received',
      params: { ...valid, param: 'extra' },
      valid: false,
      why: 'BAD_SIGNATURE',
    },
    {
      name: 'signed with another key',
      kind: 'received',
      params: signedBy(stranger, notification()),
      valid: false,
      why: 'BAD_SIGNATURE',
    },
    {
      name: 'stale timestamp (an hour old, correctly signed)',
      kind: 'received',
      params: signedBy(platform, notification({ timestamp: String(NOW - 3600) })),
      valid: false,
      why: 'BAD_SIGNATURE',
    },
    {
      name: 'timestamp from the future (10 minutes ahead, correctly signed)',
      kind: 'received',
      params: signedBy(platform, notification({ timestamp: String(NOW + 600) })),
      valid: false,
      why: 'BAD_SIGNATURE',
    },
    {
      name: 'sign_type MD5',
      kind: 'received',
      params: signedBy(platform, notification(), 'MD5'),
      valid: false,
      why: 'BAD_SIGNATURE',
    },
    {
      name: 'no signature',
      kind: 'received',
      params: notification(),
      valid: false,
      why: 'MISSING_SIGNATURE',
    },
  ];
}

function main(): void {
  const merchant = forgeKeyPair();
  const platform = forgeKeyPair();
  const stranger = forgeKeyPair();
  const file = {
    protocol: 'epay V2 (彩虹易支付 api/pay) RSA-SHA256',
    rule:
      'sort parameters by name (byte order); drop sign, sign_type and empty values; join name=value with & using the raw '
      + 'UTF-8 values; SHA256withRSA (PKCS#1 v1.5), base64; requests signed with the merchant key, answers and notifications '
      + 'with the platform key; a timestamp (Unix seconds) more than 300 s from now is refused',
    generator: 'test/payment/channels/aggregator-3/vectors/generate-epay-v2-vectors.ts (node-forge, not node:crypto)',
    now: NOW,
    keys: { merchant, platform: { publicKeyPem: platform.publicKeyPem } },
    cases: cases(merchant, platform, stranger),
  };
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'epay-v2.json');
  fs.writeFileSync(out, `${JSON.stringify(file, null, 2)}\n`);
  process.stdout.write(`wrote ${file.cases.length} cases to ${out}\n`);
}

main();
