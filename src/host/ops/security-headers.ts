import helmet from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { RequestHandler } from 'express';

export interface SecurityHeaderOptions {
  /**
   * Send Strict-Transport-Security: when the server speaks TLS itself, and in production (where a proxy
   * terminates TLS). Not for a development server on plain HTTP.
   */
  hsts?: boolean;
  /** Extra sources per CSP directive, e.g. `{ 'img-src': ['https://cdn.example.com'] }`. */
  extraSources?: Record<string, string[]>;
  /**
   * Path prefixes whose answers choose their own caching (the built browser apps' static files). Every
   * other answer gets `Cache-Control: no-store` unless its route sets another value.
   */
  cacheablePrefixes?: string[];
}

/** Paths whose answers are API data (JSON, plain text, files), never documents a browser renders. */
const API_PREFIXES = ['/apis/', '/api/'];

/**
 * Two header sets, both from helmet and computed once:
 * - Documents (pages, the browser apps, and anything not under an API prefix): helmet's full set with a
 *   Content-Security-Policy that fits the pages we serve: scripts only from our own origin (the Vue apps are
 *   built bundles), inline styles allowed (server-rendered pages and the payment page use them), images from
 *   data: URLs (QR codes) and https. form-action stays open because the payment page submits forms to the
 *   payment provider's gateway.
 * - API answers (`/apis/**`, `/api/**`): the set OWASP's REST Security Cheat Sheet gives for APIs, which
 *   is stricter where it matters for data (CSP `default-src 'none'; frame-ancestors 'none'`,
 *   `X-Frame-Options: DENY`, nosniff, `Cross-Origin-Resource-Policy`, no referrer, HSTS under TLS or in production) and
 *   leaves out what only applies to rendered documents (opener and origin-agent isolation, DNS prefetch,
 *   download and Flash policies, the legacy XSS auditor). It is about a third of the bytes, on every answer
 *   of the public check API.
 * - Every answer outside `cacheablePrefixes`: `Cache-Control: no-store`.
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
  const strictTransportSecurity = options.hsts ? { maxAge: 15552000, includeSubDomains: false } : false;
  // Resources such as the JWKS under /public/ are read by other sites through CORS.
  const crossOriginResourcePolicy = { policy: 'same-site' as const };
  const documentHeaders = headersOf(
    helmet({ contentSecurityPolicy: { useDefaults: false, directives }, strictTransportSecurity, crossOriginResourcePolicy }),
  );
  const apiHeaders = headersOf(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
      strictTransportSecurity,
      crossOriginResourcePolicy,
      referrerPolicy: { policy: 'no-referrer' },
      xContentTypeOptions: true,
      xFrameOptions: { action: 'deny' },
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }),
  );
  const cacheable = options.cacheablePrefixes ?? [];
  return (req, res, next) => {
    const path = req.path;
    const headers = path.startsWith(API_PREFIXES[0]) || path.startsWith(API_PREFIXES[1]) ? apiHeaders : documentHeaders;
    for (const [name, value] of headers) res.setHeader(name, value);
    // API answers (tokens, sessions, personal data) must never sit in a browser or proxy cache; a route that
    // serves something shareable (the JWKS, the payment page's script) sets its own value over this one.
    if (!cacheable.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}

/** A response that is never sent and remembers every header set on it, in order and with its case. */
class HeaderRecorder extends ServerResponse {
  readonly recorded: Array<[string, string]> = [];

  override setHeader(name: string, value: number | string | readonly string[]): this {
    this.recorded.push([name, String(value)]);
    return super.setHeader(name, value);
  }
}

/**
 * The headers helmet sets, computed once. With this configuration (no per-request CSP nonce) they are the
 * same for every response, and replaying a list costs a fraction of running helmet's eleven nested
 * middleware functions on every request (this runs on the hot checkAuth path too).
 */
function headersOf(middleware: ReturnType<typeof helmet>): Array<[string, string]> {
  const req = new IncomingMessage(new Socket());
  const res = new HeaderRecorder(req);
  let failure: unknown;
  middleware(req, res, (err) => (failure = err));
  if (failure) throw failure;
  return res.recorded;
}
