/**
 * The browser apps' API client: same-origin fetch with the session cookie, the CSRF double-submit header on
 * state-changing requests, `Accept-Language` of the page's language on every call, and the host's envelope
 * `{success, code, message, data}` unwrapped. A failure throws ApiError. Only a 401 means "not signed in"
 * and sends the browser to the log-in page; every other status (a wrong current password is a 400) is the
 * caller's to show, at a field or in the page's message region.
 *
 * Operations are called by their operationId (`call('listMyAuthLogs', {query})`), typed from the server's
 * generated OpenAPI types (schema.d.ts, `npm run gen:api-types`).
 */
import type { operations } from './schema.js';
import { OPERATIONS, type OperationId } from './operations.js';
import { failureWithoutEnvelope, isNetworkFailure, TRANSPORT_CODES } from './transport-failure.js';

/** One problem of a request, as the server lists it in `details`: `field` is a dotted path of the form. */
export interface FieldProblem {
  field?: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: object;
  body?: unknown;
  /** Content type of a string body (e.g. a YAML file); objects are sent as JSON. */
  contentType?: string;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: a create the server already did with this key and body is answered again, not repeated. */
  idempotencyKey?: string;
}

const SAFE = new Set(['GET', 'HEAD']);
let language = 'zh-CN';
let unauthorized: () => void = toLogin;
let words: (key: string, named?: Record<string, unknown>) => string = (key) => key;

/** The language every request asks the server's messages in (set by the i18n module on each switch). */
export function setRequestLanguage(tag: string): void {
  language = tag;
}

/**
 * How the client puts a failure into words when the server did not (a proxy's error page, no answer): the
 * i18n module hands its translate here, as it hands the language (the client cannot import it: i18n imports
 * the client).
 */
export function setMessageWords(translate: (key: string, named?: Record<string, unknown>) => string): void {
  words = translate;
}

/** What a 401 does (tests and the sign-up page may replace it); by default: go to the log-in page. */
export function onUnauthorized(handler: () => void): void {
  unauthorized = handler;
}

function cookie(name: string): string {
  const hit = document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : '';
}

/** Adds a query string; empty values are dropped so the server's defaults apply. Arrays repeat the key. */
export function withQuery(path: string, query?: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Query)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== null && one !== '') params.append(key, String(one));
    }
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** The log-in page's address, in the app's language, coming back to `back` afterwards. */
export function loginUrl(back = '/'): string {
  return `/login?lang=${encodeURIComponent(language)}&redirect=${encodeURIComponent(back)}`;
}

/** Sends the user to the log-in page, coming back here afterwards. */
export function toLogin(): void {
  location.assign(loginUrl(location.pathname + location.search));
}

async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': language };
  if (!SAFE.has(method)) headers['x-xsrf-token'] = cookie('XSRF-TOKEN');
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    const raw = typeof options.body === 'string';
    headers['content-type'] = raw ? (options.contentType ?? 'text/plain') : 'application/json';
    body = raw ? (options.body as string) : JSON.stringify(options.body);
  }
  try {
    return await fetch(withQuery(path, options.query), { method, headers, body, credentials: 'same-origin', signal: options.signal });
  } catch (err) {
    // No answer: the connection dropped or the server is down. An abort stays an abort.
    if (isNetworkFailure(err)) throw new ApiError(0, TRANSPORT_CODES.network, words('error.network'));
    throw err;
  }
}

function problems(details: unknown): FieldProblem[] {
  if (!Array.isArray(details)) return [];
  return details
    .filter((d): d is { field?: unknown; message?: unknown } => typeof d === 'object' && d !== null)
    .map((d) => ({ field: typeof d.field === 'string' ? d.field : undefined, message: String(d.message ?? '') }));
}

interface FailedEnvelope {
  code?: string;
  message?: string;
  details?: unknown;
}

/** The host's envelope in a failed answer's body, or undefined for anything else (HTML, text, nothing). */
function envelopeOf(text: string): FailedEnvelope | undefined {
  try {
    const env = JSON.parse(text) as FailedEnvelope | null;
    if (typeof env === 'object' && env !== null && ('code' in env || 'message' in env)) return env;
  } catch {
    // not JSON: a proxy's error page
  }
  return undefined;
}

async function failure(res: Response): Promise<ApiError> {
  const env = envelopeOf(await res.text().catch(() => ''));
  const plain = failureWithoutEnvelope(res.status);
  if (!env || !env.message) return new ApiError(res.status, env?.code ?? plain.code, words(plain.key, plain.named), problems(env?.details));
  return new ApiError(res.status, env.code ?? plain.code, env.message, problems(env.details));
}

/**
 * Only a 401 means "sign in again". A 401 that names a form field is a field's problem (servers before the
 * INVALID_CURRENT_PASSWORD change answered a wrong current password so), never a lost session.
 */
export function isSessionExpiry(err: ApiError): boolean {
  return err.status === 401 && !err.details.some((d) => d.field);
}

/** Any same-origin JSON call (log-in, log-out, operations newer than the generated types). Returns `data`. */
export async function request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(method.toUpperCase(), path, options);
  if (!res.ok) {
    const err = await failure(res);
    if (isSessionExpiry(err)) unauthorized();
    throw err;
  }
  if (res.status === 204) return undefined as T;
  const env = (await res.json()) as { success: boolean; code: string; message: string; data: T; details?: unknown };
  if (!env.success) throw new ApiError(res.status, env.code, env.message, problems(env.details));
  return env.data;
}

// ---- typed operations -------------------------------------------------------------------------------------

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type SuccessOf<R> = R extends { 200: infer S } ? S : R extends { 201: infer S } ? S : R extends { 202: infer S } ? S : never;
type PathOf<O> = O extends { parameters: { path: infer P } } ? P : O extends { parameters: { path?: infer P } } ? P : never;
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? Q : never;
type BodyOf<O> = O extends { requestBody?: infer B } ? (B extends { content: { 'application/json': infer J } } ? J : never) : never;

/** What an operation answers in `data`. */
export type ApiData<I extends OperationId> = operations[I] extends { responses: infer R }
  ? JsonOf<SuccessOf<R>> extends { data: infer D }
    ? D
    : unknown
  : unknown;
/**
 * One item of an operation whose answer holds `items` (a paged list, or a whole one). `items` optional in the
 * schema counts too, so an operation whose schema forgets `required: ['items']` still names its item.
 */
export type ApiItem<I extends OperationId> = ApiData<I> extends { items?: (infer T)[] } ? T : never;
/** The JSON body an operation takes. */
export type ApiBody<I extends OperationId> = BodyOf<operations[I]>;
/** The query parameters an operation takes. */
export type ApiQuery<I extends OperationId> = QueryOf<operations[I]>;

export interface CallArgs<I extends OperationId> {
  path?: PathOf<operations[I]>;
  query?: QueryOf<operations[I]>;
  body?: BodyOf<operations[I]>;
  signal?: AbortSignal;
  idempotencyKey?: string;
}

/** The URL of an operation with its path parameters filled in. */
export function operationUrl(id: OperationId, pathParams?: object): string {
  const params = (pathParams ?? {}) as Record<string, string | number>;
  return OPERATIONS[id].path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (params[name] === undefined) throw new Error(`${id}: path parameter ${name} missing`);
    return encodeURIComponent(String(params[name]));
  });
}

/** Calls a business operation by its operationId and returns its `data`. */
export function call<I extends OperationId>(id: I, args: CallArgs<I> = {}): Promise<ApiData<I>> {
  const { method } = OPERATIONS[id];
  const { query, body, signal, idempotencyKey } = args;
  return request<ApiData<I>>(method, operationUrl(id, args.path), { query, body, signal, idempotencyKey });
}

/** Downloads a file answer (export, license, key) and saves it under the server's or the given name. */
export async function download(id: OperationId, args: { path?: object; query?: object }, fallbackName: string): Promise<void> {
  const res = await send(OPERATIONS[id].method.toUpperCase(), operationUrl(id, args.path), { query: args.query });
  if (!res.ok) {
    const err = await failure(res);
    if (isSessionExpiry(err)) unauthorized();
    throw err;
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A host ListResult (pages start at 1). */
export interface Page<T> {
  page: number;
  size: number;
  total: number;
  items: T[];
  totalPages: number;
  hasNext: boolean;
  hasPrevious: boolean;
}
