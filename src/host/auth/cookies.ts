import { parseCookie, type Cookies } from 'cookie';
import type { Request, Response, CookieOptions } from 'express';

export const SESSION_COOKIE = 'AUTHPAY_SESSION';
/** Readable by the page's script, which echoes it in the X-XSRF-TOKEN header (double submit). */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

/**
 * The request's cookies (the `cookie` package): the first value of a repeated name wins, pairs without `=`
 * are skipped, values are percent-decoded when they can be. Our own values (a JWT, a base64url token) never
 * carry quotes or escapes.
 */
export function readCookies(req: Pick<Request, 'headers'>): Cookies {
  return req.headers.cookie ? parseCookie(req.headers.cookie) : {};
}

/**
 * Secure when the request came over TLS (directly or through a trusted proxy). Cookies are written with
 * Express's res.cookie, which serializes them with the `cookie` package as well (its own pinned copy).
 */
function base(req: Request): CookieOptions {
  return { path: '/', sameSite: 'lax', secure: req.secure };
}

export function setSessionCookies(req: Request, res: Response, jwt: string, csrfToken: string, maxAgeMs: number): void {
  res.cookie(SESSION_COOKIE, jwt, { ...base(req), httpOnly: true, maxAge: maxAgeMs });
  res.cookie(CSRF_COOKIE, csrfToken, { ...base(req), httpOnly: false, maxAge: maxAgeMs });
}

export function setCsrfCookie(req: Request, res: Response, csrfToken: string): void {
  res.cookie(CSRF_COOKIE, csrfToken, { ...base(req), httpOnly: false });
}

export function clearSessionCookies(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { ...base(req), httpOnly: true });
  res.clearCookie(CSRF_COOKIE, { ...base(req), httpOnly: false });
}
