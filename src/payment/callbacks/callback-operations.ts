import type { Request } from 'express';
import { defineOperation, payloadTooLarge, type OperationDef } from '../../host/sdk/index.js';
import { PUBLIC_GROUP } from '../api/api-groups.js';
import type { CallbackRequest } from '../channels/index.js';
import type { OrderDeps } from '../orders/order-events.js';
import { handleCallback } from './handle-callback.js';

const MAX_BODY = 1024 * 1024;

/** The request as the adapter must see it: raw bytes (signatures), lower-case headers, string query values. */
async function callbackRequestOf(req: Request): Promise<CallbackRequest> {
  let rawBody = req.rawBody;
  if (rawBody === undefined && req.readable) rawBody = await readBody(req);
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.query)) if (typeof v === 'string') query[k] = v;
  return { method: req.method, headers: req.headers, query, rawBody: rawBody ?? Buffer.alloc(0) };
}

/**
 * Bodies of content types the app's parsers skip (XML, octet streams) are read here, up to 1 MiB. A larger
 * one is a 413 naming the limit, as the parsers answer: a cut body would only fail its signature check later.
 */
async function readBody(req: Request): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY) throw payloadTooLarge(MAX_BODY);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw payloadTooLarge(MAX_BODY);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * `asyncCallback/{paymentType}` for POST (most providers) and GET (epay-style notifications); anonymous,
 * authenticity is the channel signature. The answer is exactly what the provider expects (Alipay:
 * `success` / `fail`).
 */
export function callbackOperations(deps: OrderDeps): OperationDef[] {
  const params = { type: 'object', properties: { paymentType: { type: 'string', maxLength: 32 } }, required: ['paymentType'] };
  const handler = async ({ req, res, params: p }: { req: Request; res: import('express').Response; params: { paymentType: string } }) => {
    const answer = await handleCallback(deps, p.paymentType, await callbackRequestOf(req));
    res.status(answer.status).type(answer.contentType).send(answer.body);
  };
  const common = {
    group: PUBLIC_GROUP,
    path: '/asyncCallback/:paymentType',
    params,
    raw: true,
    rawBody: true,
    tags: ['payment-callbacks'],
    produces: ['text/plain', 'application/json'],
  };
  return [
    defineOperation({
      ...common,
      operationId: 'asyncCallback',
      method: 'post',
      summary: "Asynchronous payment callback of a channel (signature-verified, answered in the provider's format)",
      handler,
    }),
    defineOperation({
      ...common,
      operationId: 'asyncCallbackGet',
      method: 'get',
      summary: 'Asynchronous payment callback sent as GET (epay-style aggregators)',
      handler,
    }),
  ];
}
