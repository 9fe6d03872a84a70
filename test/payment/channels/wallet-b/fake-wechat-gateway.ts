/**
 * A fake WeChat Pay APIv3 gateway on node:http (port 0) that speaks the protocol: it verifies the
 * merchant's Authorization signatures with the merchant public key, keeps trades, signs every answer with
 * its own platform key (certificate serial or PUB_KEY_ID in Wechatpay-Serial), and POSTs encrypted, signed
 * notifications to a trade's notify_url. Refunds: `POST /v3/refund/domestic/refunds` (out_refund_no is the
 * idempotency key), `GET …/refunds/{out_refund_no}`, and REFUND.* notifications to the refund's notify_url.
 * Its crypto is written here, independently of src/, and is itself checked against wechatpay-axios-plugin
 * (wechatpay-oracle.test.ts, refunds.test.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCipheriv, createSign, createVerify, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import type { PlatformSigner } from './test-keys.js';

export type WechatTradeState = 'NOTPAY' | 'USERPAYING' | 'SUCCESS' | 'CLOSED' | 'PAYERROR' | 'REVOKED' | 'REFUND';

export interface FakeWechatTrade {
  out_trade_no: string;
  transaction_id: string;
  trade_type: 'NATIVE' | 'MWEB' | 'JSAPI';
  trade_state: WechatTradeState;
  appid: string;
  mchid: string;
  description: string;
  amount: { total: number; currency: string };
  notify_url: string;
  time_expire?: string;
  payer?: { openid: string };
  scene_info?: Record<string, unknown>;
  prepay_id?: string;
  success_time?: string;
}

export interface ReceivedRequest {
  method: string;
  /** Path and query exactly as requested (what the signature covers). */
  path: string;
  body: string;
  authorization: string;
  signatureValid: boolean;
  reason?: string;
}

export type WechatRefundStatus = 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';

export interface FakeWechatRefund {
  refund_id: string;
  out_refund_no: string;
  transaction_id: string;
  out_trade_no: string;
  reason?: string;
  notify_url?: string;
  create_time: string;
  success_time?: string;
  status: WechatRefundStatus;
  amount: { refund: number; total: number; currency: string };
}

/**
 * Gateway misbehaviour for the next request(s): each request takes one from the front of the list.
 * `dropAfter`: the request is carried out, then the connection drops (the answer is lost, the effect is not).
 */
export type Fault = 'http500' | 'stall' | 'drop' | 'dropAfter' | 'badSign' | 'unsigned' | 'notJson' | 'staleSign' | 'unknownSerial';

export interface NotificationDelivery {
  body: string;
  headers: Record<string, string>;
}

export interface FakeWechatOptions {
  appId: string;
  mchId: string;
  apiV3Key: string;
  merchantSerial: string;
  merchantPublicKey: KeyObject;
  /** The platform key that signs answers and notifications (swap it to rotate). */
  signer: PlatformSigner;
  /** A path prefix in front of /v3 (self-hosted compatible gateways). */
  basePath?: string;
  now?: () => Date;
}

const SCHEME = 'WECHATPAY2-SHA256-RSA2048';
const lines = (...parts: Array<string | number>) => parts.map((p) => `${p}\n`).join('');
const sign = (message: string, key: KeyObject) => createSign('sha256WithRSAEncryption').update(message).sign(key, 'base64');
const nonce = (size = 32) =>
  Array.from(randomBytes(size), (b) => '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'[b % 62]).join('');

/** `2024-05-01T12:00:00+08:00` */
export function beijingRfc3339(instant: Date): string {
  return `${new Date(instant.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** AES-256-GCM as WeChat Pay encrypts resources: base64(ciphertext ‖ 16-byte tag). */
export function encryptResource(plaintext: string, apiV3Key: string, iv: string, aad: string): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(iv)).setAAD(Buffer.from(aad));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
}

/** Parses `WECHATPAY2-SHA256-RSA2048 k="v",…` (field order free). */
export function parseAuthorization(header: string): Record<string, string> | undefined {
  if (!header.startsWith(`${SCHEME} `)) return undefined;
  const fields: Record<string, string> = {};
  for (const match of header.slice(SCHEME.length + 1).matchAll(/(\w+)="([^"]*)"/g)) fields[match[1]] = match[2];
  return fields;
}

export class FakeWechatPayGateway {
  readonly trades = new Map<string, FakeWechatTrade>();
  readonly requests: ReceivedRequest[] = [];
  readonly notifications: Array<{ status: number; body: string; delivery: NotificationDelivery }> = [];
  /** Refunds by out_refund_no. */
  readonly refunds = new Map<string, FakeWechatRefund>();
  /** The status a new refund answers with: WeChat Pay usually says PROCESSING and notifies SUCCESS later. */
  refundStatus: WechatRefundStatus = 'PROCESSING';
  faults: Fault[] = [];
  #server?: http.Server;
  #stalled: http.ServerResponse[] = [];
  #origin = '';

  constructor(readonly options: FakeWechatOptions) {}

  /** The base URL our adapter is configured with. */
  get url(): string {
    return `${this.#origin}${this.options.basePath ?? ''}`;
  }

  async start(): Promise<this> {
    this.#server = http.createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.#origin = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.#stalled) res.destroy();
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }

  /** The payer pays (the trade becomes SUCCESS) without any notification: a lost callback. */
  settle(outTradeNo: string, state: WechatTradeState = 'SUCCESS'): FakeWechatTrade {
    const trade = this.#trade(outTradeNo);
    trade.trade_state = state;
    if (state === 'SUCCESS') trade.success_time = beijingRfc3339(this.#now());
    if (trade.trade_type === 'JSAPI' || state === 'SUCCESS') trade.payer ??= { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' };
    return trade;
  }

  /** The payer pays, and WeChat Pay sends the encrypted, signed notification to the trade's notify_url. */
  async pay(outTradeNo: string): Promise<{ status: number; body: string }> {
    this.settle(outTradeNo);
    return this.notify(outTradeNo);
  }

  /** The decrypted `resource` of a notification about a trade, as WeChat Pay writes it. */
  transactionOf(trade: FakeWechatTrade): Record<string, unknown> {
    return {
      mchid: trade.mchid,
      appid: trade.appid,
      out_trade_no: trade.out_trade_no,
      transaction_id: trade.transaction_id,
      trade_type: trade.trade_type,
      trade_state: trade.trade_state,
      trade_state_desc: trade.trade_state === 'SUCCESS' ? '支付成功' : '未支付',
      bank_type: 'OTHERS',
      attach: '',
      ...(trade.success_time ? { success_time: trade.success_time } : {}),
      payer: trade.payer ?? { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total: trade.amount.total, payer_total: trade.amount.total, currency: trade.amount.currency, payer_currency: 'CNY' },
    };
  }

  /** A notification body for a trade (transaction fields may be overridden), encrypted and signed. */
  notification(
    outTradeNo: string,
    overrides: { transaction?: Record<string, unknown>; event?: Record<string, unknown>; apiV3Key?: string } = {},
  ): NotificationDelivery {
    const transaction = { ...this.transactionOf(this.#trade(outTradeNo)), ...overrides.transaction };
    const iv = nonce(12);
    const aad = 'transaction';
    const body = {
      id: randomUUID(),
      create_time: beijingRfc3339(this.#now()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encryptResource(JSON.stringify(transaction), overrides.apiV3Key ?? this.options.apiV3Key, iv, aad),
        associated_data: aad,
        nonce: iv,
      },
      ...overrides.event,
    };
    const text = JSON.stringify(body);
    return { body: text, headers: this.signedHeaders(text) };
  }

  /** Wechatpay-* headers over `TIMESTAMP\nNONCE\nBODY\n` (a resend is signed afresh, as WeChat Pay does). */
  signedHeaders(body: string, options: { timestamp?: number; signer?: PlatformSigner } = {}): Record<string, string> {
    const signer = options.signer ?? this.options.signer;
    const timestamp = options.timestamp ?? Math.floor(this.#now().getTime() / 1000);
    const n = nonce();
    return {
      'content-type': 'application/json',
      'wechatpay-timestamp': String(timestamp),
      'wechatpay-nonce': n,
      'wechatpay-serial': signer.serial,
      'wechatpay-signature': sign(lines(timestamp, n, body), signer.pair.privateKey),
      'wechatpay-signature-type': SCHEME,
    };
  }

  /** POSTs a notification to the trade's notify_url (or another URL) and records the merchant's answer. */
  async notify(outTradeNo: string, delivery = this.notification(outTradeNo), url?: string): Promise<{ status: number; body: string }> {
    const target = url ?? this.#trade(outTradeNo).notify_url;
    const response = await fetch(target, { method: 'POST', headers: delivery.headers, body: delivery.body });
    const answer = { status: response.status, body: await response.text() };
    this.notifications.push({ ...answer, delivery });
    return answer;
  }

  /** The refund ends at WeChat Pay (SUCCESS by default) without any notification: a lost notification. */
  settleRefund(outRefundNo: string, status: WechatRefundStatus = 'SUCCESS'): FakeWechatRefund {
    const refund = this.#refund(outRefundNo);
    refund.status = status;
    if (status === 'SUCCESS') refund.success_time ??= beijingRfc3339(this.#now());
    return refund;
  }

  /** A refund's result notification (REFUND.{status}), its `refund` resource encrypted, the body signed. */
  refundNotification(
    outRefundNo: string,
    overrides: { refund?: Record<string, unknown>; event?: Record<string, unknown> } = {},
  ): NotificationDelivery {
    const r = this.#refund(outRefundNo);
    const doc = {
      mchid: this.options.mchId,
      out_trade_no: r.out_trade_no,
      transaction_id: r.transaction_id,
      out_refund_no: r.out_refund_no,
      refund_id: r.refund_id,
      refund_status: r.status,
      ...(r.success_time ? { success_time: r.success_time } : {}),
      user_received_account: '支付用户零钱',
      amount: { total: r.amount.total, refund: r.amount.refund, payer_total: r.amount.total, payer_refund: r.amount.refund },
      ...overrides.refund,
    };
    const iv = nonce(12);
    const body = {
      id: randomUUID(),
      create_time: beijingRfc3339(this.#now()),
      resource_type: 'encrypt-resource',
      event_type: `REFUND.${r.status}`,
      summary: r.status === 'SUCCESS' ? '退款成功' : '退款异常',
      resource: {
        original_type: 'refund',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encryptResource(JSON.stringify(doc), this.options.apiV3Key, iv, 'refund'),
        associated_data: 'refund',
        nonce: iv,
      },
      ...overrides.event,
    };
    const text = JSON.stringify(body);
    return { body: text, headers: this.signedHeaders(text) };
  }

  /** Settles a refund and POSTs its notification to the refund's notify_url. */
  async notifyRefund(outRefundNo: string, status: WechatRefundStatus = 'SUCCESS'): Promise<{ status: number; body: string }> {
    const refund = this.settleRefund(outRefundNo, status);
    if (!refund.notify_url) throw new Error(`refund ${outRefundNo} has no notify_url`);
    return this.notify(refund.out_trade_no, this.refundNotification(outRefundNo), refund.notify_url);
  }

  #refund(outRefundNo: string): FakeWechatRefund {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`no refund ${outRefundNo}`);
    return refund;
  }

  #now(): Date {
    return this.options.now?.() ?? new Date();
  }

  #trade(outTradeNo: string): FakeWechatTrade {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    return trade;
  }

  async #handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const fault = this.faults.shift();
    if (fault === 'drop') return void req.socket.destroy();
    if (fault === 'stall') return void this.#stalled.push(res);
    if (fault === 'http500')
      return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"code":"SYSTEM_ERROR","message":"系统错误"}');
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    const check = this.#checkAuthorization(method, path, body, req.headers.authorization ?? '');
    this.requests.push({
      method,
      path,
      body,
      authorization: req.headers.authorization ?? '',
      signatureValid: check === undefined,
      reason: check,
    });
    const [status, answer] =
      check === undefined ? this.#dispatch(method, path, body) : [401, { code: 'SIGN_ERROR', message: `签名错误: ${check}` }];
    if (fault === 'dropAfter') return void req.socket.destroy();
    this.#answer(res, status, answer, fault);
  }

  #checkAuthorization(method: string, path: string, body: string, header: string): string | undefined {
    const fields = parseAuthorization(header);
    if (!fields) return 'no WECHATPAY2-SHA256-RSA2048 Authorization';
    if (fields.mchid !== this.options.mchId) return 'mchid';
    if (fields.serial_no !== this.options.merchantSerial) return 'serial_no';
    if (!fields.nonce_str || !/^\d+$/.test(fields.timestamp ?? '')) return 'nonce_str/timestamp';
    if (Math.abs(this.#now().getTime() / 1000 - Number(fields.timestamp)) > 300) return 'timestamp expired';
    const message = lines(method, path, fields.timestamp, fields.nonce_str, body);
    try {
      const ok = createVerify('sha256WithRSAEncryption')
        .update(message)
        .verify(this.options.merchantPublicKey, fields.signature ?? '', 'base64');
      return ok ? undefined : 'signature';
    } catch {
      return 'signature';
    }
  }

  #answer(res: http.ServerResponse, status: number, answer: Record<string, unknown> | undefined, fault?: Fault): void {
    const text = fault === 'notJson' ? '<html>bad gateway</html>' : answer === undefined ? '' : JSON.stringify(answer);
    const headers: Record<string, string> = { 'request-id': randomUUID() };
    if (text) headers['content-type'] = 'application/json; charset=utf-8';
    if (fault !== 'unsigned') {
      const signed = this.signedHeaders(fault === 'badSign' ? `${text} ` : text, {
        timestamp: fault === 'staleSign' ? Math.floor(this.#now().getTime() / 1000) - 900 : undefined,
      });
      delete signed['content-type'];
      delete signed['wechatpay-signature-type'];
      if (fault === 'unknownSerial') signed['wechatpay-serial'] = 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF';
      Object.assign(headers, signed);
    }
    res.writeHead(status, headers).end(text);
  }

  #dispatch(method: string, fullPath: string, body: string): [number, Record<string, unknown> | undefined] {
    const url = new URL(fullPath, 'http://fake');
    const prefix = this.options.basePath ?? '';
    if (!url.pathname.startsWith(`${prefix}/v3/`)) return [404, { code: 'NOT_FOUND', message: 'no such API' }];
    const path = url.pathname.slice(prefix.length);
    const prepay = /^\/v3\/pay\/transactions\/(native|h5|jsapi)$/.exec(path);
    const byOutTradeNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    let json: Record<string, unknown> = {};
    if (body) {
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return [400, { code: 'PARAM_ERROR', message: '请求体不是 JSON' }];
      }
    }
    if (method === 'POST' && prepay) return this.#prepay(prepay[1] as 'native' | 'h5' | 'jsapi', json);
    if (method === 'GET' && byOutTradeNo && !byOutTradeNo[2])
      return this.#query(decodeURIComponent(byOutTradeNo[1]), url.searchParams.get('mchid'));
    if (method === 'POST' && byOutTradeNo?.[2]) return this.#close(decodeURIComponent(byOutTradeNo[1]), json);
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') return this.#createRefund(json);
    const refundPath = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundPath) return this.#queryRefund(decodeURIComponent(refundPath[1]));
    return [404, { code: 'NOT_FOUND', message: 'no such API' }];
  }

  /**
   * A refund of a paid trade: amount.total must be the trade's, the refunds together at most the total; the same
   * out_refund_no again answers the same refund (with another amount it is refused).
   */
  #createRefund(json: Record<string, unknown>): [number, Record<string, unknown>] {
    const invalid = (message: string): [number, Record<string, unknown>] => [400, { code: 'INVALID_REQUEST', message }];
    const amount = (json.amount ?? {}) as { refund?: unknown; total?: unknown; currency?: unknown };
    if (typeof json.out_refund_no !== 'string' || !/^[0-9A-Za-z_\-|*@]{1,64}$/.test(json.out_refund_no))
      return [400, { code: 'PARAM_ERROR', message: 'out_refund_no' }];
    if (!Number.isSafeInteger(amount.refund) || (amount.refund as number) < 1 || amount.currency !== 'CNY')
      return [400, { code: 'PARAM_ERROR', message: 'amount' }];
    const trade = this.trades.get(String(json.out_trade_no ?? ''));
    if (!trade) return [404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' }];
    const earlier = this.refunds.get(json.out_refund_no);
    if (earlier) return earlier.amount.refund === amount.refund ? [200, this.#refundDoc(earlier)] : invalid('退款金额与原退款请求不一致');
    if (trade.trade_state !== 'SUCCESS' && trade.trade_state !== 'REFUND') return invalid('订单未支付');
    if (amount.total !== trade.amount.total) return invalid('订单金额与实际不符');
    let refunded = 0;
    for (const r of this.refunds.values()) if (r.out_trade_no === trade.out_trade_no && r.status !== 'CLOSED') refunded += r.amount.refund;
    if (refunded + (amount.refund as number) > trade.amount.total) return invalid('申请退款金额超过订单可退金额');
    const refund: FakeWechatRefund = {
      refund_id: `50300${Date.now()}${randomBytes(4).toString('hex')}`.slice(0, 32),
      out_refund_no: json.out_refund_no,
      transaction_id: trade.transaction_id,
      out_trade_no: trade.out_trade_no,
      reason: typeof json.reason === 'string' ? json.reason : undefined,
      notify_url: typeof json.notify_url === 'string' ? json.notify_url : undefined,
      create_time: beijingRfc3339(this.#now()),
      status: this.refundStatus,
      amount: { refund: amount.refund as number, total: trade.amount.total, currency: 'CNY' },
    };
    if (refund.status === 'SUCCESS') refund.success_time = refund.create_time;
    this.refunds.set(refund.out_refund_no, refund);
    trade.trade_state = 'REFUND';
    return [200, this.#refundDoc(refund)];
  }

  #queryRefund(outRefundNo: string): [number, Record<string, unknown>] {
    const refund = this.refunds.get(outRefundNo);
    return refund ? [200, this.#refundDoc(refund)] : [404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' }];
  }

  /** A refund as WeChat Pay answers it (create and query share the shape). */
  #refundDoc(r: FakeWechatRefund): Record<string, unknown> {
    return {
      refund_id: r.refund_id,
      out_refund_no: r.out_refund_no,
      transaction_id: r.transaction_id,
      out_trade_no: r.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(r.success_time ? { success_time: r.success_time } : {}),
      create_time: r.create_time,
      status: r.status,
      funds_account: 'UNSETTLED',
      amount: {
        total: r.amount.total,
        refund: r.amount.refund,
        payer_total: r.amount.total,
        payer_refund: r.amount.refund,
        settlement_refund: r.amount.refund,
        settlement_total: r.amount.total,
        discount_refund: 0,
        currency: r.amount.currency,
      },
    };
  }

  #prepay(kind: 'native' | 'h5' | 'jsapi', json: Record<string, unknown>): [number, Record<string, unknown>] {
    const param = (message: string): [number, Record<string, unknown>] => [400, { code: 'PARAM_ERROR', message }];
    const amount = json.amount as { total?: unknown; currency?: unknown } | undefined;
    if (json.appid !== this.options.appId || json.mchid !== this.options.mchId)
      return [400, { code: 'INVALID_REQUEST', message: 'appid和mch_id不匹配' }];
    if (typeof json.out_trade_no !== 'string' || !/^[0-9A-Za-z_*|-]{6,32}$/.test(json.out_trade_no)) return param('out_trade_no');
    if (typeof json.description !== 'string' || !json.description || json.description.length > 127) return param('description');
    if (typeof json.notify_url !== 'string' || !/^https?:\/\//.test(json.notify_url)) return param('notify_url');
    if (!Number.isSafeInteger(amount?.total) || (amount!.total as number) < 1 || (amount?.currency ?? 'CNY') !== 'CNY')
      return param('amount');
    const scene = json.scene_info as { payer_client_ip?: unknown; h5_info?: { type?: unknown } } | undefined;
    if (kind === 'h5' && (typeof scene?.payer_client_ip !== 'string' || typeof scene.h5_info?.type !== 'string'))
      return param('scene_info');
    const payer = json.payer as { openid?: unknown } | undefined;
    if (kind === 'jsapi' && typeof payer?.openid !== 'string') return param('payer.openid');
    const existing = this.trades.get(json.out_trade_no);
    if (existing && existing.trade_state !== 'NOTPAY') return [400, { code: 'ORDERPAID', message: '该订单已支付' }];
    if (existing && existing.amount.total !== amount!.total) return [400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' }];
    const trade: FakeWechatTrade = existing ?? {
      out_trade_no: json.out_trade_no,
      transaction_id: `4200001${Date.now()}${randomBytes(4).toString('hex')}`.slice(0, 28),
      trade_type: kind === 'h5' ? 'MWEB' : (kind.toUpperCase() as 'NATIVE' | 'JSAPI'),
      trade_state: 'NOTPAY',
      appid: json.appid as string,
      mchid: json.mchid as string,
      description: json.description,
      amount: { total: amount!.total as number, currency: 'CNY' },
      notify_url: json.notify_url,
      time_expire: typeof json.time_expire === 'string' ? json.time_expire : undefined,
      payer: kind === 'jsapi' ? { openid: payer!.openid as string } : undefined,
      scene_info: scene as Record<string, unknown> | undefined,
      prepay_id: `wx${Date.now()}${randomBytes(8).toString('hex')}`,
    };
    this.trades.set(trade.out_trade_no, trade);
    if (kind === 'native') return [200, { code_url: `weixin://wxpay/bizpayurl?pr=${trade.prepay_id!.slice(-10)}` }];
    if (kind === 'h5')
      return [200, { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${trade.prepay_id}&package=1` }];
    return [200, { prepay_id: trade.prepay_id }];
  }

  #query(outTradeNo: string, mchid: string | null): [number, Record<string, unknown>] {
    if (mchid !== this.options.mchId) return [400, { code: 'PARAM_ERROR', message: 'mchid' }];
    const trade = this.trades.get(outTradeNo);
    if (!trade) return [404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' }];
    const paid = trade.trade_state === 'SUCCESS' || trade.trade_state === 'REFUND';
    return [
      200,
      {
        appid: trade.appid,
        mchid: trade.mchid,
        out_trade_no: trade.out_trade_no,
        trade_state: trade.trade_state,
        trade_state_desc: paid ? '支付成功' : '订单未支付',
        ...(paid
          ? {
              transaction_id: trade.transaction_id,
              trade_type: trade.trade_type,
              bank_type: 'OTHERS',
              success_time: trade.success_time,
              payer: trade.payer,
              amount: { total: trade.amount.total, payer_total: trade.amount.total, currency: 'CNY', payer_currency: 'CNY' },
            }
          : { amount: { payer_currency: 'CNY' } }),
      },
    ];
  }

  #close(outTradeNo: string, json: Record<string, unknown>): [number, Record<string, unknown> | undefined] {
    if (json.mchid !== this.options.mchId) return [400, { code: 'PARAM_ERROR', message: 'mchid' }];
    const trade = this.trades.get(outTradeNo);
    if (!trade) return [404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' }];
    if (trade.trade_state === 'SUCCESS' || trade.trade_state === 'REFUND') return [400, { code: 'ORDERPAID', message: '订单已支付' }];
    trade.trade_state = 'CLOSED';
    return [204, undefined];
  }
}
