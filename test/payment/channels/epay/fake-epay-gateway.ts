/**
 * A fake epay (彩虹易支付) site on node:http (port 0) speaking V1 (MD5: mapi.php, submit.php,
 * api.php?act=order, api.php?act=refund) or V2 (RSA + timestamp: api/pay/create, api/pay/submit, api/pay/query,
 * api/pay/close, api/pay/refund, api/pay/refundquery).
 * It verifies our request signatures, keeps trades, lets a payer pay, and sends signed notifications by GET
 * or POST to the trade's notify_url. Its signing code is written here, independently of src/; the V1 rule
 * is pinned by the shared vectors and the V2 rule by the node-forge vectors (aggregator-3/).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';

export type EpayVersion = 'v1' | 'v2';
export type Fault = 'http500' | 'stall' | 'drop' | 'notJson' | 'badSign' | 'unsigned' | 'staleAnswer' | 'noPayment' | 'twoPayments';
/** What a successful V1 mapi.php / V2 api/pay/create answer hands the payer. */
export type AnswerKind = 'qrcode' | 'payurl' | 'urlscheme' | 'html';

export interface FakeEpayOptions {
  version: EpayVersion;
  pid: string;
  /** V1: the merchant key. */
  key?: string;
  /** V2: verifies the merchant's requests. */
  merchantPublicKey?: KeyObject;
  /** V2: signs answers and notifications. */
  platformPrivateKey?: KeyObject;
  /** Sites that sign URL-encoded values. */
  encodeValues?: boolean;
  now?: () => Date;
}

export interface FakeEpayTrade {
  trade_no: string;
  out_trade_no: string;
  type: string;
  name: string;
  money: string;
  notify_url: string;
  return_url?: string;
  via: string;
  clientip?: string;
  device?: string;
  status: 0 | 1;
  closed: boolean;
  addtime: string;
  endtime?: string;
}

export interface FakeEpayRefund {
  refund_no: string;
  /** V2 only: V1 refunds carry no refund number of the merchant. */
  out_refund_no?: string;
  trade_no: string;
  out_trade_no: string;
  money: string;
  addtime: string;
}

/** "12.30" → 1230, from the text. */
const fenOf = (money: string) => {
  const [whole, fraction = ''] = money.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

export interface ReceivedCall {
  path: string;
  method: string;
  params: Record<string, string>;
  signatureValid: boolean;
}

export interface NotifyDelivery {
  method: 'GET' | 'POST';
  status: number;
  body: string;
  params: Record<string, string>;
}

/** PHP urlencode. */
export function phpUrlencodeForTest(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, '+');
}

/** The epay signing string, written for the fake: sorted names, no sign/sign_type/empty values. */
export function fakeSignContent(params: Record<string, string>, encodeValues = false): string {
  const names = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort();
  return names.map((k) => `${k}=${encodeValues ? phpUrlencodeForTest(params[k]) : params[k]}`).join('&');
}

export function beijingText(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export class FakeEpayGateway {
  readonly trades = new Map<string, FakeEpayTrade>();
  readonly calls: ReceivedCall[] = [];
  readonly notifications: NotifyDelivery[] = [];
  readonly refunds: FakeEpayRefund[] = [];
  faults: Fault[] = [];
  answerKind: AnswerKind = 'qrcode';
  #server?: http.Server;
  #stalled: http.ServerResponse[] = [];
  #base = '';

  constructor(readonly options: FakeEpayOptions) {}

  /** The site's base URL (what the merchant configures). */
  get url(): string {
    return this.#base;
  }

  async start(): Promise<this> {
    this.#server = http.createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.#base = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}/`;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.#stalled) res.destroy();
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }

  /** Signs a parameter set as this site does (V2 adds the timestamp unless one is given). */
  sign(params: Record<string, string>): Record<string, string> {
    const o = this.options;
    if (o.version === 'v1') {
      const sign = createHash('md5')
        .update(fakeSignContent(params, o.encodeValues) + o.key!, 'utf8')
        .digest('hex');
      return { ...params, sign, sign_type: 'MD5' };
    }
    const all = { timestamp: String(Math.floor(this.#now().getTime() / 1000)), ...params };
    const sign = createSign('RSA-SHA256').update(fakeSignContent(all, o.encodeValues), 'utf8').sign(o.platformPrivateKey!, 'base64');
    return { ...all, sign, sign_type: 'RSA' };
  }

  /** The payer pays the trade; the signed notification goes to its notify_url by GET (the published way) or POST. */
  async pay(outTradeNo: string, method: 'GET' | 'POST' = 'GET'): Promise<NotifyDelivery> {
    const trade = this.#trade(outTradeNo);
    if (trade.closed) throw new Error(`trade ${outTradeNo} is closed`);
    trade.status = 1;
    trade.endtime = beijingText(this.#now());
    return this.notify(outTradeNo, this.notifyParams(outTradeNo), method);
  }

  /** The notification parameters of a trade, signed (overrides are applied before signing). */
  notifyParams(outTradeNo: string, overrides: Record<string, string> = {}): Record<string, string> {
    const t = this.#trade(outTradeNo);
    const base: Record<string, string> = {
      pid: this.options.pid,
      trade_no: t.trade_no,
      out_trade_no: t.out_trade_no,
      type: t.type,
      name: t.name,
      money: t.money,
      trade_status: 'TRADE_SUCCESS',
      param: '',
    };
    if (this.options.version === 'v2') {
      Object.assign(base, { api_trade_no: `4200${t.trade_no.slice(-10)}`, addtime: t.addtime, endtime: t.endtime ?? '', buyer: 'o_buyer' });
    }
    return this.sign({ ...base, ...overrides });
  }

  async notify(outTradeNo: string, params: Record<string, string>, method: 'GET' | 'POST' = 'GET'): Promise<NotifyDelivery> {
    const target = new URL(this.#trade(outTradeNo).notify_url);
    const form = new URLSearchParams(params).toString();
    let response: Response;
    if (method === 'GET') {
      for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
      response = await fetch(target);
    } else {
      response = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    }
    const delivery = { method, status: response.status, body: await response.text(), params };
    this.notifications.push(delivery);
    return delivery;
  }

  #now(): Date {
    return this.options.now?.() ?? new Date();
  }

  #trade(outTradeNo: string): FakeEpayTrade {
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
    const path = url.pathname.slice(1);
    const authentic = path === 'api.php' ? params.key === this.options.key : this.#verifyRequest(params);
    this.calls.push({ path, method: req.method ?? '', params, signatureValid: authentic });
    if (fault === 'notJson') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>502 Bad Gateway</html>');
    if (path === 'submit.php' || path === 'api/pay/submit') return this.#cashier(res, params, authentic, path);
    const answer = authentic ? this.#dispatch(path, params, fault) : { code: -1, msg: '签名校验失败' };
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(this.#signAnswer(answer, fault)));
  }

  #verifyRequest(params: Record<string, string>): boolean {
    const o = this.options;
    if (params.pid !== o.pid || !params.sign) return false;
    if (o.version === 'v1') {
      if (params.sign_type !== 'MD5') return false;
      const expected = createHash('md5')
        .update(fakeSignContent(params, o.encodeValues) + o.key!, 'utf8')
        .digest('hex');
      return expected === params.sign;
    }
    if (params.sign_type !== 'RSA') return false;
    if (Math.abs(Math.floor(this.#now().getTime() / 1000) - Number(params.timestamp)) > 300) return false;
    try {
      return createVerify('RSA-SHA256')
        .update(fakeSignContent(params, o.encodeValues), 'utf8')
        .verify(o.merchantPublicKey!, params.sign, 'base64');
    } catch {
      return false;
    }
  }

  #cashier(res: http.ServerResponse, params: Record<string, string>, authentic: boolean, path: string): void {
    if (!authentic) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>签名校验失败</html>');
    this.#create(params, path);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html>cashier ${params.type}</html>`);
  }

  #dispatch(path: string, params: Record<string, string>, fault?: Fault): Record<string, unknown> {
    switch (path) {
      case 'mapi.php':
      case 'api/pay/create':
        return this.#apiCreate(path, params, fault);
      case 'api.php':
        if (params.act === 'refund') return this.#refund(params);
        return params.act === 'order' ? this.#query(params.out_trade_no) : { code: -5, msg: 'act 不支持' };
      case 'api/pay/refund':
        return this.#refund(params);
      case 'api/pay/refundquery':
        return this.#refundQuery(params.out_refund_no);
      case 'api/pay/query':
        return this.#query(params.out_trade_no);
      case 'api/pay/close':
        return this.#close(params.out_trade_no);
      default:
        return { code: -4, msg: `no such interface ${path}` };
    }
  }

  #create(params: Record<string, string>, via: string): FakeEpayTrade | string {
    if (!params.out_trade_no || !params.notify_url || !params.name || !/^\d+(\.\d{1,2})?$/.test(params.money ?? '')) return '参数不完整';
    if (!['alipay', 'wxpay', 'wechat'].includes(params.type)) return '支付方式不存在';
    const existing = this.trades.get(params.out_trade_no);
    if (existing && existing.money !== params.money) return '订单金额与原订单不符';
    const trade: FakeEpayTrade = existing ?? {
      trade_no: `2026${Date.now()}${randomBytes(3).toString('hex')}`,
      out_trade_no: params.out_trade_no,
      type: params.type,
      name: params.name,
      money: params.money,
      notify_url: params.notify_url,
      return_url: params.return_url,
      via,
      clientip: params.clientip,
      device: params.device,
      status: 0,
      closed: false,
      addtime: beijingText(this.#now()),
    };
    this.trades.set(trade.out_trade_no, trade);
    return trade;
  }

  #apiCreate(path: string, params: Record<string, string>, fault?: Fault): Record<string, unknown> {
    if (path === 'mapi.php' && !params.clientip) return { code: -1, msg: 'clientip 不能为空' };
    const trade = this.#create(params, path);
    if (typeof trade === 'string') return { code: -1, msg: trade };
    const link = `${this.#base}pay/${trade.trade_no}`;
    const facts: Record<AnswerKind, string> = {
      qrcode: `weixin://wxpay/bizpayurl?pr=${trade.trade_no.slice(-8)}`,
      payurl: link,
      urlscheme: `alipays://platformapi/startapp?saId=10000007&qrcode=${encodeURIComponent(link)}`,
      html: '<form action="x"></form>',
    };
    if (this.options.version === 'v2') {
      const payType = { qrcode: 'qrcode', payurl: 'jump', urlscheme: 'urlscheme', html: 'html' }[this.answerKind];
      return { code: 0, trade_no: trade.trade_no, pay_type: payType, pay_info: facts[this.answerKind] };
    }
    const answer: Record<string, unknown> = { code: 1, msg: '下单成功', trade_no: trade.trade_no };
    if (fault !== 'noPayment') answer[this.answerKind] = facts[this.answerKind];
    if (fault === 'twoPayments') answer.payurl = link;
    return answer;
  }

  #query(outTradeNo: string | undefined): Record<string, unknown> {
    const t = this.trades.get(outTradeNo ?? '');
    if (!t) return { code: -1, msg: '订单号不存在' };
    return {
      code: this.options.version === 'v1' ? 1 : 0,
      msg: '查询订单号成功！',
      trade_no: t.trade_no,
      out_trade_no: t.out_trade_no,
      api_trade_no: t.status === 1 ? `4200${t.trade_no.slice(-10)}` : '',
      type: t.type,
      pid: Number(this.options.pid),
      addtime: t.addtime,
      endtime: t.endtime ?? '',
      name: t.name,
      money: t.money,
      status: t.status,
      param: '',
      buyer: t.status === 1 ? 'o_buyer' : '',
    };
  }

  /** A refund of a paid trade within what is left; V2 answers a repeated out_refund_no with the same refund. */
  #refund(params: Record<string, string>): Record<string, unknown> {
    const t = this.trades.get(params.out_trade_no ?? '');
    if (!t) return { code: -1, msg: '订单不存在' };
    const ok = this.options.version === 'v1' ? 1 : 0;
    const answer = (r: FakeEpayRefund) =>
      ok === 1
        ? { code: 1, msg: '退款成功' }
        : {
            code: 0,
            msg: '退款成功',
            refund_no: r.refund_no,
            out_refund_no: r.out_refund_no,
            trade_no: r.trade_no,
            money: r.money,
            reducemoney: r.money,
          };
    const earlier = params.out_refund_no ? this.refunds.find((r) => r.out_refund_no === params.out_refund_no) : undefined;
    if (earlier) return earlier.money === params.money ? answer(earlier) : { code: -1, msg: '退款金额与原退款不一致' };
    if (t.status !== 1) return { code: -1, msg: '订单未支付，无法退款' };
    if (!/^\d+(\.\d{1,2})?$/.test(params.money ?? '') || fenOf(params.money) < 1) return { code: -1, msg: '退款金额不正确' };
    const refunded = this.refunds.filter((r) => r.out_trade_no === t.out_trade_no).reduce((sum, r) => sum + fenOf(r.money), 0);
    if (refunded + fenOf(params.money) > fenOf(t.money)) return { code: -1, msg: '退款金额超过订单可退金额' };
    const refund: FakeEpayRefund = {
      refund_no: `9026${Date.now()}${randomBytes(3).toString('hex')}`,
      out_refund_no: this.options.version === 'v2' ? params.out_refund_no : undefined,
      trade_no: t.trade_no,
      out_trade_no: t.out_trade_no,
      money: params.money,
      addtime: beijingText(this.#now()),
    };
    this.refunds.push(refund);
    return answer(refund);
  }

  #refundQuery(outRefundNo: string | undefined): Record<string, unknown> {
    const r = this.refunds.find((x) => x.out_refund_no === outRefundNo && outRefundNo);
    if (!r) return { code: -1, msg: '退款单号不存在' };
    return {
      code: 0,
      msg: '查询成功',
      refund_no: r.refund_no,
      out_refund_no: r.out_refund_no,
      trade_no: r.trade_no,
      out_trade_no: r.out_trade_no,
      money: r.money,
      reducemoney: r.money,
      status: 1,
      addtime: r.addtime,
    };
  }

  #close(outTradeNo: string | undefined): Record<string, unknown> {
    const t = this.trades.get(outTradeNo ?? '');
    if (!t) return { code: -1, msg: '订单号不存在' };
    if (t.status === 1) return { code: -1, msg: '订单已支付，无法关闭' };
    t.closed = true;
    return { code: 0, msg: '关闭订单成功' };
  }

  /** V2 signs its successful answers (with a timestamp); faults make them unsigned, mis-signed or stale. */
  #signAnswer(answer: Record<string, unknown>, fault?: Fault): Record<string, unknown> {
    if (this.options.version === 'v1' || answer.code !== 0 || fault === 'unsigned') return answer;
    const stamp = Math.floor(this.#now().getTime() / 1000) - (fault === 'staleAnswer' ? 3600 : 0);
    const fields: Record<string, string> = { timestamp: String(stamp) };
    for (const [k, v] of Object.entries(answer)) if (typeof v === 'string' || typeof v === 'number') fields[k] = String(v);
    const signed = this.sign(fields);
    const sign = fault === 'badSign' ? this.sign({ ...fields, msg: 'other' }).sign : signed.sign;
    return { ...answer, timestamp: stamp, sign, sign_type: 'RSA' };
  }
}
