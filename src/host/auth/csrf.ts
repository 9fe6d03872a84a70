import crypto from 'node:crypto';
import type { Request } from 'express';
import { AppError } from '../errors/app-error.js';
import { safeEqual } from '../security/safe-equal.js';
import { CSRF_COOKIE, CSRF_HEADER, readCookies } from './cookies.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** The CSRF token of a session: an HMAC of its id, so a token from another session never passes. */
export function csrfTokenFor(key: Uint8Array, sessionId: string): string {
  return crypto.createHmac('sha256', key).update(`csrf\n${sessionId}`).digest('base64url');
}

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The origins the site answers as: the request's own host and the configured public base URL. */
export function allowedOrigins(req: Request, baseUrl: string): Set<string> {
  const set = new Set<string>();
  const own = originOf(`${req.protocol}://${req.get('host') ?? ''}`);
  if (own) set.add(own);
  const configured = originOf(baseUrl);
  if (configured) set.add(configured);
  return set;
}

/** Origin, else Referer, must name this site when either is sent ("null" never does). */
export function checkOrigin(req: Request, baseUrl: string): void {
  const origin = req.get('origin');
  const referer = origin === undefined ? req.get('referer') : undefined;
  const claimed = origin ?? referer;
  if (claimed === undefined) return;
  const from = originOf(claimed);
  if (!from || !allowedOrigins(req, baseUrl).has(from)) {
    throw new AppError('CSRF_FAILED', '跨站请求被拒绝', {
      status: 403,
      messageEn: 'cross-site request refused: Origin/Referer does not match this site',
    });
  }
}

/**
 * Double-submit check for a session-authenticated state-changing request: the X-XSRF-TOKEN header (or the
 * `_csrf` field of a form post) must equal the XSRF-TOKEN cookie and the session's own token.
 */
export function checkCsrf(req: Request, key: Uint8Array, sessionId: string, baseUrl: string): void {
  checkOrigin(req, baseUrl);
  const expected = csrfTokenFor(key, sessionId);
  const cookie = readCookies(req)[CSRF_COOKIE] ?? '';
  const formField =
    typeof req.body === 'object' && req.body !== null && req.is('application/x-www-form-urlencoded')
      ? (req.body as Record<string, unknown>)._csrf
      : undefined;
  const sent = req.get(CSRF_HEADER) ?? (typeof formField === 'string' ? formField : '');
  if (!sent || !safeEqual(sent, expected) || !safeEqual(cookie, expected)) {
    throw new AppError('CSRF_FAILED', 'CSRF 校验失败', {
      status: 403,
      messageEn: 'missing or invalid CSRF token (send the XSRF-TOKEN cookie value in the X-XSRF-TOKEN header)',
    });
  }
}
