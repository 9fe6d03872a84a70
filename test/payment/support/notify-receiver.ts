/**
 * A business system's notifyUrl endpoint on node:http (port 0): it records every delivery, verifies the
 * RSA-SHA256 signature over `timestamp + "." + raw body` with the interface public key (written here,
 * independently of src/), and can be told to answer 500 for the first n requests.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVerify } from 'node:crypto';

export interface ReceivedNotify {
  eventId: string;
  timestamp: string;
  signature: string;
  rawBody: string;
  body: Record<string, unknown>;
  signatureValid: boolean;
  answered: number;
  /** When it arrived (Date.now()). */
  at: number;
}

export class NotifyReceiver {
  readonly received: ReceivedNotify[] = [];
  publicKeyPem = '';
  /** Answer 500 to this many requests before answering 200. */
  failFirst = 0;
  /** The body of those 500 answers (a target's answer must never be stored: tests put a secret here). */
  failBody = 'try later';
  /** When set, every request is answered 302 with this Location (redirects must not be followed). */
  redirectTo?: string;
  private server?: http.Server;

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/notify`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  forPayment(paymentId: string): ReceivedNotify[] {
    return this.received.filter((r) => r.body.paymentId === paymentId);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const timestamp = String(req.headers['x-authpay-timestamp'] ?? '');
    const signature = String(req.headers['x-authpay-signature'] ?? '');
    const signatureValid =
      Boolean(this.publicKeyPem)
      && createVerify('RSA-SHA256').update(`${timestamp}.${rawBody}`, 'utf8').verify(this.publicKeyPem, signature, 'base64');
    const answered = this.redirectTo ? 302 : this.failFirst > 0 ? 500 : 200;
    if (answered === 500) this.failFirst--;
    this.received.push({
      eventId: String(req.headers['x-authpay-event-id'] ?? ''),
      timestamp,
      signature,
      rawBody,
      body: JSON.parse(rawBody),
      signatureValid,
      answered,
      at: Date.now(),
    });
    const location: Record<string, string> = this.redirectTo ? { location: this.redirectTo } : {};
    res.writeHead(answered, { 'content-type': 'text/plain', ...location }).end(answered === 200 ? 'OK' : this.failBody);
  }
}
