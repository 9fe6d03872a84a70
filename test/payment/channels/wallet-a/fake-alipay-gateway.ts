/**
 * A fake Alipay OpenAPI gateway on node:http (port 0) that speaks the protocol: it verifies request
 * signatures with the application's public key, answers JSON signed with its own ("Alipay") key over the
 * raw `<method>_response` text, keeps trade state (refunds too: alipay.trade.refund with out_request_no as the
 * idempotency key, alipay.trade.fastpay.refund.query), and sends signed asynchronous notifications.
 * Its signing code is written here, independently of src/, and is itself checked against alipay-sdk.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';

export type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';

export interface FakeTrade {
  out_trade_no: string;
  trade_no: string;
  total_amount: string;
  subject: string;
  product_code: string;
  method: string;
  notify_url?: string;
  /** Precreated trades are invisible to query until the payer scans the code (as at Alipay). */
  visible: boolean;
  status: TradeStatus;
  gmt_create: string;
  gmt_payment?: string;
}

export interface ReceivedCall {
  httpMethod: string;
  params: Record<string, string>;
  signatureValid: boolean;
}

/** `dropAfter`: the call is carried out, then the connection drops (the answer is lost, the effect is not). */
export type Fault = 'http500' | 'stall' | 'drop' | 'dropAfter' | 'badSign' | 'unsigned' | 'notJson' | 'systemError';

export interface FakeRefund {
  out_trade_no: string;
  out_request_no: string;
  /** Yuan string as requested. */
  refund_amount: string;
  refund_reason?: string;
  gmt_refund_pay: string;
}

/** "12.30" → 1230 (integer fen, read from the text: no floating point near money, even in a fake). */
export function fen(yuan: string): number {
  const [whole, fraction = ''] = yuan.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const yuan = (fenAmount: number): string => `${Math.floor(fenAmount / 100)}.${String(fenAmount % 100).padStart(2, '0')}`;

export interface NotifyDelivery {
  status: number;
  body: string;
  params: Record<string, string>;
}

export interface FakeGatewayOptions {
  appId: string;
  appPublicKey: KeyObject;
  gatewayPrivateKey: KeyObject;
  sellerId?: string;
  now?: () => Date;
}

export function alipaySignContent(params: Record<string, string | undefined>, exclude: string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function rsaSha256(content: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
}

function beijing(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export class FakeAlipayGateway {
  readonly trades = new Map<string, FakeTrade>();
  readonly calls: ReceivedCall[] = [];
  readonly notifications: NotifyDelivery[] = [];
  /** Refunds by `out_trade_no|out_request_no`. */
  readonly refunds = new Map<string, FakeRefund>();
  faults: Fault[] = [];
  #server?: http.Server;
  #stalled: http.ServerResponse[] = [];
  #url = '';

  constructor(readonly options: FakeGatewayOptions) {}

  get url(): string {
    return this.#url;
  }

  async start(): Promise<this> {
    this.#server = http.createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.#url = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}/gateway.do`;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.#stalled) res.destroy();
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }

  /** The payer scans a precreated code: the trade becomes visible, waiting for payment. */
  scan(outTradeNo: string): FakeTrade {
    const trade = this.#trade(outTradeNo);
    trade.visible = true;
    return trade;
  }

  /** The payer pays: TRADE_SUCCESS, then the signed notification goes to the trade's notify_url. */
  async pay(outTradeNo: string, status: TradeStatus = 'TRADE_SUCCESS'): Promise<NotifyDelivery> {
    const trade = this.scan(outTradeNo);
    trade.status = status;
    trade.gmt_payment = beijing(this.#now());
    return this.notify(outTradeNo);
  }

  /** Builds the notification parameters of a trade, signed like Alipay (sign and sign_type excluded). */
  notifyParams(outTradeNo: string, overrides: Record<string, string> = {}): Record<string, string> {
    const trade = this.#trade(outTradeNo);
    const params: Record<string, string> = {
      gmt_create: trade.gmt_create,
      charset: 'utf-8',
      seller_email: 'seller@example.com',
      subject: trade.subject,
      buyer_id: '2088102177846880',
      invoice_amount: trade.total_amount,
      notify_id: `2024${randomBytes(10).toString('hex')}`,
      fund_bill_list: JSON.stringify([{ amount: trade.total_amount, fundChannel: 'ALIPAYACCOUNT' }]),
      notify_type: 'trade_status_sync',
      trade_status: trade.status,
      receipt_amount: trade.total_amount,
      app_id: this.options.appId,
      buyer_pay_amount: trade.total_amount,
      seller_id: this.options.sellerId ?? '2088102177649450',
      ...(trade.gmt_payment ? { gmt_payment: trade.gmt_payment } : {}),
      notify_time: beijing(this.#now()),
      version: '1.0',
      out_trade_no: trade.out_trade_no,
      total_amount: trade.total_amount,
      trade_no: trade.trade_no,
      auth_app_id: this.options.appId,
      point_amount: '0.00',
      ...overrides,
    };
    return {
      ...params,
      sign_type: 'RSA2',
      sign: rsaSha256(alipaySignContent(params, ['sign', 'sign_type']), this.options.gatewayPrivateKey),
    };
  }

  /** POSTs a notification form to the trade's notify_url and records the merchant's answer. */
  async notify(outTradeNo: string, params = this.notifyParams(outTradeNo)): Promise<NotifyDelivery> {
    const url = this.#trade(outTradeNo).notify_url;
    if (!url) throw new Error(`trade ${outTradeNo} has no notify_url`);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(params).toString(),
    });
    const delivery = { status: response.status, body: await response.text(), params };
    this.notifications.push(delivery);
    return delivery;
  }

  #now(): Date {
    return this.options.now?.() ?? new Date();
  }

  #trade(outTradeNo: string): FakeTrade {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    return trade;
  }

  async #handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const fault = this.faults.shift();
    if (fault === 'drop') return void req.socket.destroy();
    if (fault === 'stall') return void this.#stalled.push(res);
    if (fault === 'http500') return void res.writeHead(500).end('busy');
    const url = new URL(req.url ?? '/', 'http://fake');
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    Object.assign(params, Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    const signatureValid = this.#verifyRequest(params);
    this.calls.push({ httpMethod: req.method ?? '', params, signatureValid });
    const node = !signatureValid
      ? invalidSignature()
      : fault === 'systemError'
        ? failure('20000', 'ACQ.SYSTEM_ERROR')
        : this.#dispatch(params);
    if (fault === 'dropAfter') return void req.socket.destroy();
    if (params.method === 'alipay.trade.page.pay' || params.method === 'alipay.trade.wap.pay') {
      const ok = node.code === '10000';
      res.writeHead(ok ? 200 : 400, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(
        ok ? `<html><body>cashier for ${params.method}</body></html>` : `<html><body>${String(node.sub_code)}</body></html>`,
      );
    }
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(fault === 'notJson' ? '<html>gateway error</html>' : this.#signedBody(params.method ?? 'unknown', node, fault));
  }

  #verifyRequest(params: Record<string, string>): boolean {
    if (params.app_id !== this.options.appId || params.sign_type !== 'RSA2' || params.charset !== 'utf-8') return false;
    if (params.version !== '1.0' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp ?? '')) return false;
    try {
      return createVerify('RSA-SHA256')
        .update(alipaySignContent(params, ['sign']), 'utf8')
        .verify(this.options.appPublicKey, params.sign ?? '', 'base64');
    } catch {
      return false;
    }
  }

  /** Alipay escapes `/` in its JSON; the signature covers exactly this text. */
  #signedBody(method: string, node: Record<string, unknown>, fault?: Fault): string {
    const key =
      node.code === '40002' && node.sub_code === 'isv.invalid-method' ? 'error_response' : `${method.replaceAll('.', '_')}_response`;
    const nodeText = JSON.stringify(node).replace(/\//g, '\\/');
    if (fault === 'unsigned') return `{"${key}":${nodeText}}`;
    let sign = rsaSha256(nodeText, this.options.gatewayPrivateKey);
    if (fault === 'badSign') sign = rsaSha256(`${nodeText} `, this.options.gatewayPrivateKey);
    return `{"${key}":${nodeText},"sign":"${sign}"}`;
  }

  #dispatch(params: Record<string, string>): Record<string, unknown> {
    let biz: Record<string, string>;
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    } catch {
      return failure('40002', 'isv.invalid-biz-content');
    }
    switch (params.method) {
      case 'alipay.trade.precreate':
        return this.#create(params, biz, false);
      case 'alipay.trade.page.pay':
      case 'alipay.trade.wap.pay':
        return this.#create(params, biz, true);
      case 'alipay.trade.query':
        return this.#query(biz);
      case 'alipay.trade.close':
        return this.#close(biz);
      case 'alipay.trade.refund':
        return this.#refund(biz);
      case 'alipay.trade.fastpay.refund.query':
        return this.#refundQuery(biz);
      default:
        return failure('40002', 'isv.invalid-method');
    }
  }

  #create(params: Record<string, string>, biz: Record<string, string>, visible: boolean): Record<string, unknown> {
    const amount = biz.total_amount ?? '';
    if (!biz.out_trade_no || !biz.subject || !biz.product_code) return failure('40002', 'isv.missing-biz-param');
    if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) < 0.01 || Number(amount) > 100_000_000)
      return failure('40004', 'ACQ.TOTAL_FEE_EXCEED');
    const existing = this.trades.get(biz.out_trade_no);
    if (existing && existing.status !== 'WAIT_BUYER_PAY') return failure('40004', 'ACQ.TRADE_HAS_SUCCESS');
    if (existing && existing.total_amount !== amount) return failure('40004', 'ACQ.CONTEXT_INCONSISTENT');
    const trade: FakeTrade = existing ?? {
      out_trade_no: biz.out_trade_no,
      trade_no: `2024${Date.now()}${randomBytes(4).toString('hex')}`,
      total_amount: amount,
      subject: biz.subject,
      product_code: biz.product_code,
      method: params.method,
      notify_url: params.notify_url,
      visible,
      status: 'WAIT_BUYER_PAY',
      gmt_create: beijing(this.#now()),
    };
    trade.visible ||= visible;
    this.trades.set(trade.out_trade_no, trade);
    return {
      code: '10000',
      msg: 'Success',
      out_trade_no: trade.out_trade_no,
      qr_code: `https://qr.alipay.com/bax0${trade.trade_no.slice(-8)}`,
    };
  }

  #query(biz: Record<string, string>): Record<string, unknown> {
    const trade = this.trades.get(biz.out_trade_no ?? '');
    if (!trade || !trade.visible) return failure('40004', 'ACQ.TRADE_NOT_EXIST');
    const paid = trade.status === 'TRADE_SUCCESS' || trade.status === 'TRADE_FINISHED';
    return {
      code: '10000',
      msg: 'Success',
      buyer_logon_id: 'lzn***@sandbox.com',
      out_trade_no: trade.out_trade_no,
      total_amount: trade.total_amount,
      trade_no: trade.trade_no,
      trade_status: trade.status,
      ...(paid ? { send_pay_date: trade.gmt_payment, buyer_pay_amount: trade.total_amount } : {}),
    };
  }

  /**
   * alipay.trade.refund: a paid trade, the amount within what is left; the same out_request_no again refunds
   * nothing more (fund_change N), with another amount it is refused. A full refund closes the trade.
   */
  #refund(biz: Record<string, string>): Record<string, unknown> {
    const trade = this.trades.get(biz.out_trade_no ?? '');
    if (!trade || !trade.visible) return failure('40004', 'ACQ.TRADE_NOT_EXIST');
    const amount = biz.refund_amount ?? '';
    if (!biz.out_request_no || !/^\d+(\.\d{1,2})?$/.test(amount) || fen(amount) < 1) return failure('40002', 'isv.invalid-parameter');
    const key = `${trade.out_trade_no}|${biz.out_request_no}`;
    const earlier = this.refunds.get(key);
    if (earlier && earlier.refund_amount !== amount) return failure('40004', 'ACQ.DISCORDANT_REPEAT_REQUEST');
    if (!earlier) {
      if (trade.status !== 'TRADE_SUCCESS') return failure('40004', 'ACQ.TRADE_STATUS_ERROR');
      if (refundedFen(this.refunds, trade.out_trade_no) + fen(amount) > fen(trade.total_amount))
        return failure('40004', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL');
      const refund = {
        out_trade_no: trade.out_trade_no,
        out_request_no: biz.out_request_no,
        refund_amount: amount,
        refund_reason: biz.refund_reason,
        gmt_refund_pay: beijing(this.#now()),
      };
      this.refunds.set(key, refund);
      if (refundedFen(this.refunds, trade.out_trade_no) === fen(trade.total_amount)) trade.status = 'TRADE_CLOSED';
    }
    return {
      code: '10000',
      msg: 'Success',
      trade_no: trade.trade_no,
      out_trade_no: trade.out_trade_no,
      buyer_logon_id: 'lzn***@sandbox.com',
      fund_change: earlier ? 'N' : 'Y',
      refund_fee: yuan(refundedFen(this.refunds, trade.out_trade_no)),
      gmt_refund_pay: this.refunds.get(key)!.gmt_refund_pay,
    };
  }

  /** alipay.trade.fastpay.refund.query: the refund when it succeeded, nothing about it otherwise. */
  #refundQuery(biz: Record<string, string>): Record<string, unknown> {
    const trade = this.trades.get(biz.out_trade_no ?? '');
    if (!trade || !trade.visible) return failure('40004', 'ACQ.TRADE_NOT_EXIST');
    const refund = this.refunds.get(`${trade.out_trade_no}|${biz.out_request_no ?? ''}`);
    const base = { code: '10000', msg: 'Success', trade_no: trade.trade_no, out_trade_no: trade.out_trade_no };
    if (!refund) return base;
    return {
      ...base,
      out_request_no: refund.out_request_no,
      total_amount: trade.total_amount,
      refund_amount: refund.refund_amount,
      refund_status: 'REFUND_SUCCESS',
      gmt_refund_pay: refund.gmt_refund_pay,
    };
  }

  #close(biz: Record<string, string>): Record<string, unknown> {
    const trade = this.trades.get(biz.out_trade_no ?? '');
    if (!trade || !trade.visible) return failure('40004', 'ACQ.TRADE_NOT_EXIST');
    if (trade.status !== 'WAIT_BUYER_PAY') return failure('40004', 'ACQ.TRADE_STATUS_ERROR');
    trade.status = 'TRADE_CLOSED';
    return { code: '10000', msg: 'Success', out_trade_no: trade.out_trade_no, trade_no: trade.trade_no };
  }
}

/** What a trade has had refunded so far, in fen. */
function refundedFen(refunds: Map<string, FakeRefund>, outTradeNo: string): number {
  let sum = 0;
  for (const r of refunds.values()) if (r.out_trade_no === outTradeNo) sum += fen(r.refund_amount);
  return sum;
}

function failure(code: string, subCode: string): Record<string, unknown> {
  const msg = code === '40002' ? 'Invalid Arguments' : 'Business Failed';
  return { code, msg, sub_code: subCode, sub_msg: `fake gateway: ${subCode}` };
}

function invalidSignature(): Record<string, unknown> {
  return failure('40002', 'isv.invalid-signature');
}
