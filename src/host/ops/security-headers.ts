import helmet from 'helmet';
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

export interface SecurityHeaderOptions {
  /** Send Strict-Transport-Security (only in production: a dev server on https://localhost would be pinned). */
  hsts?: boolean;
  /** Extra sources per CSP directive, e.g. `{ 'img-src': ['https://cdn.example.com'] }`. */
  extraSources?: Record<string, string[]>;
}

/**
 * helmet's headers with a Content-Security-Policy that fits the pages we serve: scripts only from our own
 * origin (the Vue apps are built bundles), inline styles allowed (server-rendered pages and the payment
 * page use them), images from data: URLs (QR codes) and https. form-action stays open because the payment
 * page submits forms to the payment provider's gateway.
 */
export function securityHeaders(options: SecurityHeaderOptions = {}): RequestHandler {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  for (const [name, sources] of Object.entries(options.extraSources ?? {})) directives[name] = [...(directives[name] ?? []), ...sources];
  const headers = headersOf(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives },
      strictTransportSecurity: options.hsts ? { maxAge: 15552000, includeSubDomains: false } : false,
      // Resources such as the JWKS under /public/ are read by other sites through CORS.
      crossOriginResourcePolicy: { policy: 'same-site' },
    }) as unknown as HelmetMiddleware,
  );
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

type HelmetMiddleware = (req: unknown, res: Pick<ServerResponse, 'setHeader' | 'removeHeader'>, next: (err?: unknown) => void) => void;

/**
 * The headers helmet sets, computed once. With this configuration (no per-request CSP nonce) they are the
 * same for every response, and replaying a list costs a fraction of running helmet's eleven nested
 * middleware functions on every request (this runs on the hot checkAuth path too).
 */
function headersOf(middleware: HelmetMiddleware): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  let failure: unknown;
  const recorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers.push([name, String(value)]);
      return this as unknown as ServerResponse;
    },
    removeHeader() {},
  };
  middleware({}, recorder, (err) => (failure = err));
  if (failure) throw failure;
  return headers;
}
