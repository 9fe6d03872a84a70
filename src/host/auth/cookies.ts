import type { Request, Response, CookieOptions } from 'express';

export const SESSION_COOKIE = 'AUTHPAY_SESSION';
/** Readable by the page's script, which echoes it in the X-XSRF-TOKEN header (double submit). */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

/** Parses the Cookie header; the first value of a repeated name wins, malformed pairs are skipped. */
export function readCookies(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  const header = req.headers.cookie;
  if (!header) return out;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (name in out) continue;
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

/** Secure when the request came over TLS (directly or through a trusted proxy). */
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
