import type { Request, RequestHandler } from 'express';
import { AppError } from '../errors/app-error.js';
import { BoundedCache } from '../cache/bounded-cache.js';
import { ANONYMOUS, type Principal } from '../request/principal.js';
import type { Authorizer } from './authorizer.js';
import { requestInfoOf, type RequestInfo } from './request-info.js';

/** Longer paths are parsed each time, so odd requests cannot fill the memo with large strings. */
const MAX_MEMO_PATH = 512;

/** Resources no API request may touch, whoever asks (host secrets and stored answers stay inside the process). */
const SEALED_RESOURCES = new Set(['host.authpay.dev/signingkeys', 'host.authpay.dev/idempotencyrecords']);

function describe(info: RequestInfo): string {
  if (!info.isResourceRequest) return `${info.verb} ${info.path}`;
  const res = info.subresource ? `${info.resource}/${info.subresource}` : info.resource;
  return `${info.verb} ${res}${info.name ? ` "${info.name}"` : ''} in API group "${info.apiGroup}"`;
}

function isWatch(req: Request): boolean {
  const w = req.query.watch;
  return w === 'true' || w === '1';
}

export function denial(req: Request, info: RequestInfo): AppError {
  const principal = req.principal ?? ANONYMOUS;
  if (principal.anonymous) {
    const reason = req.authFailure;
    return new AppError('UNAUTHORIZED', reason?.message ?? '未登录或登录已过期', {
      messageEn: reason?.messageEn ?? `authentication required to ${describe(info)}`,
      headers: { 'WWW-Authenticate': 'Bearer realm="authpay"' },
    });
  }
  return new AppError('FORBIDDEN', '没有权限执行此操作', { messageEn: `user "${principal.username}" cannot ${describe(info)}` });
}

/** A token restricted to some API groups reaches only resource requests of those groups. */
function outsideTokenScope(principal: Principal, info: RequestInfo): boolean {
  if (!principal.apiGroups) return false;
  return !info.isResourceRequest || !principal.apiGroups.includes(info.apiGroup);
}

function scopeDenial(principal: Principal, info: RequestInfo): AppError {
  const groups = (principal.apiGroups ?? []).join(', ');
  return new AppError('TOKEN_SCOPE_DENIED', `此访问令牌仅限调用以下 API 组：${groups}`, {
    status: 403,
    messageEn: `this access token is restricted to the API groups ${groups}; it cannot ${describe(info)}`,
  });
}

/**
 * The one authorization middleware: every request, business or generic, static page or API, is mapped to a
 * Kubernetes request (verb + resource or non-resource URL) and checked against the caller's effective
 * rules (and, for a token restricted to API groups, against its groups first). Refusals are thrown as AppError UNAUTHORIZED (anonymous caller) or FORBIDDEN, so the envelope
 * handler or the generic API's Status handler formats them for the path family.
 */
export function authorizationMiddleware(authorizer: Authorizer): RequestHandler {
  // Request infos by method, path and watch flag: API clients call the same few paths over and over. Frozen,
  // as one object serves many requests.
  const infos = new BoundedCache<string, Readonly<RequestInfo> | null>(10_000);
  const infoOf = (req: Request): RequestInfo | undefined => {
    const watch = isWatch(req);
    if (req.path.length > MAX_MEMO_PATH) return requestInfoOf(req.method, req.path, watch);
    const key = `${req.method}${watch ? ' watch ' : ' '}${req.path}`;
    let info = infos.get(key);
    if (info === undefined) infos.set(key, (info = Object.freeze(requestInfoOf(req.method, req.path, watch)) ?? null));
    return info ?? undefined;
  };
  return (req, _res, next) => {
    const info = infoOf(req);
    if (!info) return next(new AppError('BAD_REQUEST', '请求路径无效', { messageEn: 'malformed request path' }));
    req.requestInfo = info;
    const principal = req.principal ?? ANONYMOUS;
    if (outsideTokenScope(principal, info)) return next(scopeDenial(principal, info));
    const sealed = info.isResourceRequest && SEALED_RESOURCES.has(`${info.apiGroup}/${info.resource}`);
    if (!sealed && authorizer.allows(principal, info)) return next();
    next(denial(req, info));
  };
}
