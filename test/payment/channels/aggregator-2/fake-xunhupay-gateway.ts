/**
 * A fake xunhupay (虎皮椒) gateway on node:http that speaks the v1.1 protocol: payment/do.html and
 * payment/query.html on two servers (xunhupay answers queries on another host), each checking the
 * merchant's MD5 `hash` and the request time, keeping trades, answering JSON (initiation answers carry a
 * hash), and POSTing signed notifications to the trade's notify_url. Its hash code is written here,
 * independently of src/, and is itself checked against the shared vectors.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';

export type XunhupayStatus = 'WP' | 'OD' | 'CD';

export interface FakeTrade {
  trade_order_id: string;
  open_order_id: string;
  total_fee: string;
  title: string;
  payment: string;
  notify_url: string;
  return_url?: string;
  status: XunhupayStatus;
  transaction_id?: string;
}

export interface ReceivedCall {
  path: string;
  params: Record<string, string>;
  hashValid: boolean;
}

/** drop/stall/http500 break the connection or the status; notJson, badHash and noData break the answer. */
export type Fault = 'drop' | 'stall' | 'http500' | 'notJson' | 'badHash' | 'noData' | 'refuse';

export interface NotifyDelivery {
  status: number;
  body: string;
  params: Record<string, string>;
}

export interface FakeXunhupayOptions {
  appId: string;
  appSecret: string;
  now?: () => number;
}

/** The published rule: sorted, non-empty, not `hash`, `k=v` joined by `&`, the secret appended, MD5 hex. */
export function fakeHash(params: Record<string, unknown>, secret: string): string {
  const text = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '');
  const content = Object.keys(params)
    .sort()
    .filter((k) => k !== 'hash' && text(params[k]) !== '')
    .map((k) => `${k}=${text(params[k])}`)
    .join('&');
  return createHash('md5').update(`${content}${secret}`, 'utf8').digest('hex');
}

/** xunhupay refuses requests whose `time` is far from its clock (replayed or forged requests). */
const TIME_WINDOW_S = 300;

export class FakeXunhupayGateway {
  readonly trades = new Map<string, FakeTrade>();
  readonly calls: ReceivedCall[] = [];
  readonly notifications: NotifyDelivery[] = [];
  faults: Fault[] = [];
  #servers: http.Server[] = [];
  #stalled: http.ServerResponse[] = [];
  #nextOpenId = 20_297_475_748;

  constructor(readonly options: FakeXunhupayOptions) {}

  /** payment/do.html on the API host. */
  get url(): string {
    return `${this.#origin(0)}/payment/do.html`;
  }

  /** payment/query.html on the pay host (another server). */
  get queryUrl(): string {
    return `${this.#origin(1)}/v2/payment/query.html`;
  }

  async start(): Promise<this> {
    for (let i = 0; i < 2; i++) {
      const server = http.createServer((req, res) => void this.#handle(req, res));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      this.#servers.push(server);
    }
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.#stalled) res.destroy();
    for (const server of this.#servers) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  /** The payer pays: status OD with the wallet's transaction id, then the signed notification. */
  async pay(tradeOrderId: string): Promise<NotifyDelivery> {
    const trade = this.#trade(tradeOrderId);
    trade.status = 'OD';
    trade.transaction_id ??= `4200${Date.now()}${randomBytes(3).toString('hex')}`;
    return this.notify(tradeOrderId);
  }

  /** The notification form of a trade, signed with the appsecret (fresh time and nonce_str each time). */
  notifyParams(tradeOrderId: string, overrides: Record<string, string> = {}, secret = this.options.appSecret): Record<string, string> {
    const trade = this.#trade(tradeOrderId);
    const params: Record<string, string> = {
      trade_order_id: trade.trade_order_id,
      total_fee: trade.total_fee,
      transaction_id: trade.transaction_id ?? '',
      open_order_id: trade.open_order_id,
      order_title: trade.title,
      status: trade.status,
      plugins: '',
      appid: this.options.appId,
      time: String(Math.floor(this.#now() / 1000)),
      nonce_str: randomBytes(6).toString('hex'),
      ...overrides,
    };
    return { ...params, hash: fakeHash(params, secret) };
  }

  /** POSTs a notification form to the trade's notify_url and records our answer. */
  async notify(tradeOrderId: string, params = this.notifyParams(tradeOrderId)): Promise<NotifyDelivery> {
    const response = await fetch(this.#trade(tradeOrderId).notify_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    const delivery = { status: response.status, body: await response.text(), params };
    this.notifications.push(delivery);
    return delivery;
  }

  #origin(index: number): string {
    return `http://127.0.0.1:${(this.#servers[index].address() as AddressInfo).port}`;
  }

  #now(): number {
    return this.options.now?.() ?? Date.now();
  }

  #trade(tradeOrderId: string): FakeTrade {
    const trade = this.trades.get(tradeOrderId);
    if (!trade) throw new Error(`no trade ${tradeOrderId}`);
    return trade;
  }

  async #handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const fault = this.faults.shift();
    if (fault === 'drop') return void req.socket.destroy();
    if (fault === 'stall') return void this.#stalled.push(res);
    if (fault === 'http500') return void res.writeHead(500).end('busy');
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const hashValid = params.hash === fakeHash(params, this.options.appSecret);
    this.calls.push({ path, params, hashValid });
    const answer = this.#answer(path, params, hashValid, fault);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    if (fault === 'notJson') return void res.end('<html>502 Bad Gateway</html>');
    const hash = fakeHash(answer, fault === 'badHash' ? 'not-the-secret' : this.options.appSecret);
    res.end(JSON.stringify({ ...answer, hash }));
  }

  #answer(path: string, params: Record<string, string>, hashValid: boolean, fault?: Fault): Record<string, unknown> {
    if (!hashValid || params.appid !== this.options.appId) return { errcode: 40029, errmsg: 'invalid sign!' };
    if (Math.abs(Number(params.time) - this.#now() / 1000) > TIME_WINDOW_S) return { errcode: 40030, errmsg: 'request expired' };
    if (fault === 'refuse') return { errcode: 40090, errmsg: 'merchant suspended' };
    if (path === '/payment/do.html') return this.#create(params);
    if (path === '/v2/payment/query.html') return fault === 'noData' ? { errcode: 0, errmsg: 'success!' } : this.#query(params);
    return { errcode: 404, errmsg: 'no such api' };
  }

  #create(params: Record<string, string>): Record<string, unknown> {
    const required = ['version', 'trade_order_id', 'total_fee', 'title', 'notify_url', 'nonce_str', 'payment'];
    if (params.version !== '1.1' || required.some((k) => !params[k])) return { errcode: 40001, errmsg: 'missing parameter' };
    if (!['alipay', 'wechat'].includes(params.payment)) return { errcode: 40002, errmsg: 'unknown payment' };
    if (!/^\d+(\.\d{1,2})?$/.test(params.total_fee) || Number(params.total_fee) < 0.01) return { errcode: 40003, errmsg: 'bad total_fee' };
    if ([...params.title].length > 32) return { errcode: 40004, errmsg: 'title too long' };
    const existing = this.trades.get(params.trade_order_id);
    if (existing && (existing.status !== 'WP' || existing.total_fee !== params.total_fee))
      return { errcode: 40005, errmsg: 'order exists' };
    const trade: FakeTrade = existing ?? {
      trade_order_id: params.trade_order_id,
      open_order_id: String(this.#nextOpenId++),
      total_fee: params.total_fee,
      title: params.title,
      payment: params.payment,
      notify_url: params.notify_url,
      return_url: params.return_url,
      status: 'WP',
    };
    this.trades.set(trade.trade_order_id, trade);
    const base = `https://api.xunhupay.example/${trade.payment}/pay/index.html?id=${trade.open_order_id}`;
    // openid is a JSON number in xunhupay's answers.
    return { openid: Number(trade.open_order_id), url_qrcode: `${base}&qrcode=1.png`, url: base, errcode: 0, errmsg: 'success!' };
  }

  #query(params: Record<string, string>): Record<string, unknown> {
    const trade = this.trades.get(params.out_trade_order ?? '');
    if (!trade) return { errcode: 40040, errmsg: 'order not found' };
    return {
      errcode: 0,
      errmsg: 'success!',
      data: {
        out_trade_order: trade.trade_order_id,
        open_order_id: trade.open_order_id,
        transaction_id: trade.transaction_id ?? '',
        status: trade.status,
        total_fee: trade.total_fee,
      },
    };
  }
}
