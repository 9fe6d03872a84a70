/**
 * Mixed traffic through the proxy, as clients of a shop would send it: SANDBOX orders created and paid (the
 * simulated gateway's signed callback through the real callback path), status reads of the payment page,
 * plugin checkAuth calls and the odd log-in. A request that fails (no answer, or a 5xx) is counted and, when it
 * is safe to repeat, repeated: createPayment of the same orderId answers the same order, paying a paid
 * SANDBOX order again changes nothing, reads are reads.
 */
import { PAYMENT_CONSOLE, PAYMENT_PUBLIC, PLUGIN_PUBLIC, BOOTSTRAP_TOKEN } from './failover-world.js';

/** Per-operation counts from the client's side. */
export interface OperationCounts {
  requests: number;
  ok: number;
  /** Failed attempts by what came back: `502`, `no answer`, … */
  failures: Record<string, number>;
  /** 429 answers: the per-address limits (the traffic stays below them; counted should it reach one). */
  rateLimited: number;
  /** Answers that were neither a success nor a failure worth repeating (a refusal): each is a finding. */
  unexpected: string[];
}

export interface TrafficResult {
  counts: Record<string, OperationCounts>;
  /** Orders the client saw created: paymentId → amount in minor units. */
  created: Map<string, number>;
  /** Orders the client saw paid (the pay answer or a status read said SUCCESS). */
  seenPaid: Set<string>;
  /** A status read that showed a paid order as anything but SUCCESS: lost or rolled back. */
  paidThenNotPaid: string[];
}

export interface TrafficOptions {
  baseUrl: string;
  notifyUrl: string;
  pluginKey: string;
  user: { username: string; password: string };
  payers: number;
  until: () => boolean;
}

/** A request's own limit: far above anything a loaded machine needs, so only a hung request trips it. */
const REQUEST_MS = 60_000;
const ATTEMPTS = 6;

interface Reply {
  status: number;
  body: { data?: Record<string, unknown> } | undefined;
}

export class MixedTraffic {
  readonly result: TrafficResult = { counts: {}, created: new Map(), seenPaid: new Set(), paidThenNotPaid: [] };

  constructor(private readonly o: TrafficOptions) {}

  /** Runs every client until `until()` says stop and their current step is done. */
  async run(): Promise<TrafficResult> {
    const payers = Array.from({ length: this.o.payers }, (_, w) => this.payer(w));
    await Promise.all([...payers, this.reader(), this.logins()]);
    return this.result;
  }

  private async payer(worker: number): Promise<void> {
    for (let i = 0; !this.o.until(); i++) {
      const orderId = `fo-${worker}-${i}`;
      const amountMinor = 100 + ((worker * 131 + i * 17) % 900);
      const created = await this.repeatable('createPayment', 'POST', `${PAYMENT_CONSOLE}/payments`, admin, {
        orderId,
        subject: `failover ${orderId}`,
        paymentAmount: (amountMinor / 100).toFixed(2),
        paymentType: 'SANDBOX',
        paymentChannel: 'SIMULATED',
        notifyUrl: this.o.notifyUrl,
      });
      const paymentId = created?.body?.data?.paymentId as string | undefined;
      if (!paymentId) continue;
      this.result.created.set(paymentId, amountMinor);
      await this.readStatus(paymentId);
      if (i % 5 === 4) continue; // some orders stay unpaid: they must get no notification
      const paid = await this.repeatable(
        'sandboxPay',
        'POST',
        `${PAYMENT_PUBLIC}/payments/${paymentId}/sandboxPay`,
        {},
        { outcome: 'success' },
      );
      if (paid?.body?.data?.status === 'SUCCESS') this.result.seenPaid.add(paymentId);
      else if (paid) this.unexpected('sandboxPay', `${paymentId} answered ${JSON.stringify(paid.body)}`);
      await this.readStatus(paymentId);
    }
  }

  /** Status reads of known orders and checkAuth calls, a few a second (checkAuth's limit is 600 a minute per address). */
  private async reader(): Promise<void> {
    for (let i = 0; !this.o.until(); i++) {
      const next = Date.now() + 250;
      const ids = [...this.result.created.keys()];
      if (ids.length) await this.readStatus(ids[(i * 7919) % ids.length]);
      const query = new URLSearchParams({ pluginKey: this.o.pluginKey, authDomain: `shop-${i % 50}.example.com` });
      const checked = await this.repeatable('checkAuth', 'GET', `${PLUGIN_PUBLIC}/checkAuth?${query}`, {});
      if (checked && typeof checked.body?.data?.valid !== 'boolean') this.unexpected('checkAuth', JSON.stringify(checked.body));
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    }
  }

  /** A log-in every few seconds: within the limit of 10 a minute per client address. */
  private async logins(): Promise<void> {
    while (!this.o.until()) {
      const answer = await this.attempt('login', 'POST', '/login', {}, this.o.user);
      if (answer && answer.status !== 200 && answer.status !== 429 && answer.status < 500)
        this.unexpected('login', `answered ${answer.status}`);
      for (let waited = 0; waited < 6000 && !this.o.until(); waited += 200) await new Promise((r) => setTimeout(r, 200));
    }
  }

  private async readStatus(paymentId: string): Promise<void> {
    const answer = await this.repeatable('getPaymentStatus', 'GET', `${PAYMENT_PUBLIC}/payments/${paymentId}/status`, {});
    const status = answer?.body?.data?.status;
    if (status === 'SUCCESS') this.result.seenPaid.add(paymentId);
    else if (answer && this.result.seenPaid.has(paymentId)) this.result.paidThenNotPaid.push(`${paymentId}: ${String(status)}`);
  }

  /** A request that is safe to repeat: repeated after a failure, up to ATTEMPTS times. */
  private async repeatable(
    op: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    json?: unknown,
  ): Promise<Reply | undefined> {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const answer = await this.attempt(op, method, path, headers, json);
      if (answer && answer.status < 500) {
        if (answer.status >= 300 && answer.status !== 429)
          this.unexpected(op, `${method} ${path} answered ${answer.status} ${JSON.stringify(answer.body)}`);
        return answer.status < 300 ? answer : undefined;
      }
      await new Promise((r) => setTimeout(r, 250 * attempt));
    }
    return undefined;
  }

  /** One attempt, counted; undefined when no answer came (connection refused, reset, timed out). */
  private async attempt(
    op: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    json?: unknown,
  ): Promise<Reply | undefined> {
    const counts = this.counts(op);
    counts.requests++;
    try {
      const res = await fetch(`${this.o.baseUrl}${path}`, {
        method,
        headers: { ...headers, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
        body: json === undefined ? undefined : JSON.stringify(json),
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_MS),
      });
      const text = await res.text();
      if (res.status >= 500) counts.failures[String(res.status)] = (counts.failures[String(res.status)] ?? 0) + 1;
      else if (res.status === 429) counts.rateLimited++;
      else counts.ok++;
      return { status: res.status, body: parse(text) };
    } catch (err) {
      const why = `no answer (${(err as Error).name})`;
      counts.failures[why] = (counts.failures[why] ?? 0) + 1;
      return undefined;
    }
  }

  private counts(op: string): OperationCounts {
    return (this.result.counts[op] ??= { requests: 0, ok: 0, failures: {}, rateLimited: 0, unexpected: [] });
  }

  /** A finding, kept short; the first few of each operation are enough to see what went wrong. */
  private unexpected(op: string, what: string): void {
    const list = this.counts(op).unexpected;
    if (list.length < 5) list.push(what.slice(0, 300));
    else if (list.length === 5) list.push('… and more');
  }
}

const admin = { authorization: `Bearer ${BOOTSTRAP_TOKEN}` };

function parse(text: string): Reply['body'] {
  try {
    return JSON.parse(text) as Reply['body'];
  } catch {
    return undefined;
  }
}
