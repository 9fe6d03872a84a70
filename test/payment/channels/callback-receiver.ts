/**
 * A stand-in for the callback route in channel tests: a node:http server that hands the raw request to
 * an adapter's verifyCallback and answers with its answerCallback, as the real route will.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isAppError } from '../../../src/host/sdk/index.js';
import type { PaymentChannel } from '../../../src/payment/channels/core/channel.js';
import type { CallbackEvent, CallbackRequest } from '../../../src/payment/channels/core/types.js';

export interface CallbackReceiver {
  url: string;
  events: CallbackEvent[];
  errors: unknown[];
  stop(): Promise<void>;
}

export function toCallbackRequest(req: http.IncomingMessage, rawBody: Buffer): CallbackRequest {
  const url = new URL(req.url ?? '/', 'http://receiver');
  return { method: req.method ?? 'GET', headers: req.headers, query: Object.fromEntries(url.searchParams), rawBody };
}

export async function startCallbackReceiver(channel: () => PaymentChannel): Promise<CallbackReceiver> {
  const events: CallbackEvent[] = [];
  const errors: unknown[] = [];
  // The handler catches the adapter's errors itself, and node:http does not wait for a listener's promise.
  const server = http.createServer((req, res) => void respond(req, res));
  async function respond(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const adapter = channel();
    let answer;
    try {
      events.push(await adapter.verifyCallback(toCallbackRequest(req, Buffer.concat(chunks))));
      answer = adapter.answerCallback({ outcome: 'accepted' });
    } catch (err) {
      errors.push(err);
      answer = adapter.answerCallback({ outcome: isAppError(err) && err.status >= 500 ? 'retry' : 'refused', error: err });
    }
    res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/apis/api.payment.authpay.dev/v1alpha1/asyncCallback/${channel().id}`;
  return {
    url,
    events,
    errors,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
