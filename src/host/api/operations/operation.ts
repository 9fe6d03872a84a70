import type { Request, Response } from 'express';
import type { Principal } from '../../request/principal.js';
import type { Language } from '../../errors/language.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type JsonSchema = Record<string, unknown>;

export interface OperationContext<Q = Record<string, unknown>, B = unknown, P = Record<string, string>> {
  query: Q;
  body: B;
  params: P;
  principal: Principal;
  req: Request;
  res: Response;
  /** Prefers English messages (Accept-Language: en). */
  english: boolean;
  /** The language of messages for this request (Accept-Language; zh-CN by default). */
  language: Language;
}

/**
 * One business endpoint: where it lives, what it accepts (JSON Schemas compiled once at registration) and
 * what it does. The registry validates input, wraps the handler's result in the envelope, and documents the
 * operation in /openapi.json under its operationId.
 */
export interface OperationDef<Q = unknown, B = unknown, P = unknown, R = unknown> {
  operationId: string;
  /** API group, e.g. console.api.pluginauth.authpay.dev. */
  group: string;
  version?: string;
  method: HttpMethod;
  /** Path below /apis/{group}/{version}, Express syntax: '/plugins/:name'. */
  path: string;
  summary: string;
  description?: string;
  tags?: string[];
  query?: JsonSchema;
  body?: JsonSchema;
  params?: JsonSchema;
  /** Schema of `data` in the success envelope, for the documentation. */
  response?: JsonSchema;
  /** Status of a successful answer (default 200). */
  successStatus?: number;
  /** The handler writes the answer itself (files, HTML, provider callbacks); its return value is ignored. */
  raw?: boolean;
  /** Content types documented for a raw answer. */
  produces?: string[];
  /** Keep the unparsed body in req.rawBody (signature checks) and accept any content type. */
  rawBody?: boolean;
  /**
   * Content types the body may have (type-is patterns), default JSON (`application/json`,
   * `application/*+json`). A POST, PUT or PATCH whose body has another type answers 415 instead of being
   * read as an empty object.
   */
  consumes?: string[];
  /**
   * Largest body this operation takes, in bytes (default: the app's 1 MiB). Only for operations without
   * path parameters (the limit is chosen before routing, by method and path).
   */
  bodyLimit?: number;
  /**
   * A POST that honours `Idempotency-Key`: the same caller, key and body within 24 hours get the first answer
   * again; another body with the key is 422 IDEMPOTENCY_KEY_REUSED (idempotency.ts). JSON answers only.
   */
  idempotent?: boolean;
  handler(ctx: OperationContext<Q, B, P>): Promise<R> | R;
}

/** Types an operation's validated query, body and params (its schemas describe the same shapes). */
export function defineOperation<Q = unknown, B = unknown, P = unknown, R = unknown>(
  def: OperationDef<Q, B, P, R>,
): OperationDef<Q, B, P, R> {
  return def;
}
