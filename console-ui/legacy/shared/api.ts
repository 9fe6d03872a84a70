/**
 * The browser apps' API client: same-origin fetch with the session cookie, the CSRF double-submit header on
 * state-changing requests, and the host's envelope `{success, code, message, data}` unwrapped. A failed call
 * throws ApiError carrying the server's `message` (already in the user's language) and machine `code`.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** A host ListResult: pages start at 1. */
export interface Page<T> {
  page: number;
  size: number;
  total: number;
  items: T[];
  totalPages: number;
  hasNext: boolean;
  hasPrevious: boolean;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

const SAFE = new Set(['GET', 'HEAD']);

function cookie(name: string): string {
  const hit = document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : '';
}

/** Drops empty filter values so the server's defaults apply. */
export function withQuery(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** Sends the user to the log-in page, coming back here afterwards. */
export function toLogin(): void {
  const back = location.pathname + location.search;
  location.assign(`/login?redirect=${encodeURIComponent(back)}`);
}

async function send(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<Response> {
  // Server messages in the language of the page (the apps' labels are zh-CN), not the browser's default.
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': document.documentElement.lang || 'zh-CN' };
  if (!SAFE.has(method)) headers['x-xsrf-token'] = cookie('XSRF-TOKEN');
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    headers['content-type'] = contentType;
    payload = typeof body === 'string' ? body : JSON.stringify(body);
  }
  return fetch(path, { method, headers, body: payload, credentials: 'same-origin' });
}

async function failure(res: Response): Promise<ApiError> {
  const text = await res.text();
  try {
    const env = JSON.parse(text) as { code?: string; message?: string; details?: unknown };
    return new ApiError(env.message || `HTTP ${res.status}`, env.code ?? 'HTTP_ERROR', res.status, env.details);
  } catch {
    return new ApiError(text.slice(0, 200) || `HTTP ${res.status}`, 'HTTP_ERROR', res.status);
  }
}

/** Calls a business operation and returns its `data`. 401 sends the browser to log in. */
export async function call<T = unknown>(method: string, path: string, body?: unknown, contentType?: string): Promise<T> {
  const res = await send(method, path, body, contentType);
  if (!res.ok) {
    const err = await failure(res);
    if (res.status === 401 && err.code === 'UNAUTHORIZED') toLogin();
    throw err;
  }
  const env = (await res.json()) as { success: boolean; code: string; message: string; data: T };
  if (!env.success) throw new ApiError(env.message, env.code, res.status);
  return env.data;
}

export const api = {
  get: <T = unknown>(path: string, query?: Query) => call<T>('GET', withQuery(path, query)),
  post: <T = unknown>(path: string, body: unknown = {}) => call<T>('POST', path, body),
  put: <T = unknown>(path: string, body: unknown = {}) => call<T>('PUT', path, body),
  del: <T = unknown>(path: string) => call<T>('DELETE', path),
  /** Posts a raw text body (e.g. a YAML file) with its own content type. */
  postText: <T = unknown>(path: string, text: string, contentType: string) => call<T>('POST', path, text, contentType),
};

/** Downloads a file answer (export, license, key) and saves it under the server's or the given name. */
export async function download(path: string, query: Query | undefined, fallbackName: string): Promise<void> {
  const res = await send('GET', withQuery(path, query));
  if (!res.ok) throw await failure(res);
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
