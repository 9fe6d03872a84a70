import type { RequestHandler } from 'express';
import type { Logger } from '../logging/logger.js';

/** Allowed origins: exact `scheme://host[:port]` values, or `*` for any origin (without credentials). */
export type WhitelistSource = () => string[] | Promise<string[]>;

export interface CorsOptions {
  logger?: Logger;
  /** Name used in the wildcard warning (which whitelist allowed `*`). */
  name?: string;
  methods?: string[];
  /** Headers a browser may send; default: what the preflight asks for, if allowed at all. */
  allowedHeaders?: string[];
  exposedHeaders?: string[];
  maxAgeSeconds?: number;
}

const DEFAULT_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

export function normalizeOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '').toLowerCase();
}

/**
 * CORS for one whitelist, read on every request so a settings change applies at once. An allowed origin is
 * echoed with credentials; `*` admits any origin without credentials. A refused origin gets no CORS
 * headers and its preflight is passed on, so a later `corsFor` with its own whitelist (the plugin API's
 * /public/**) can still answer it. Requests themselves are never blocked here: same-origin POSTs carry an
 * Origin header too, and CSRF is the authentication layer's job.
 */
export function corsFor(getWhitelist: WhitelistSource, options: CorsOptions = {}): RequestHandler {
  const methods = (options.methods ?? DEFAULT_METHODS).join(', ');
  let warnedWildcard = false;
  const warn = () =>
    options.logger?.warn(
      { whitelist: options.name ?? 'cors' },
      'CORS whitelist contains "*": any web site may call this API from a browser (without credentials)',
    );
  // Checked once at creation (server start), then on each change to a list that admits every origin.
  if (options.logger) {
    void Promise.resolve()
      .then(getWhitelist)
      .then((list) => {
        if (warnedWildcard || !list.some((o) => o.trim() === '*')) return;
        warnedWildcard = true;
        warn();
      })
      .catch((err: unknown) => options.logger?.warn({ err, whitelist: options.name ?? 'cors' }, 'CORS whitelist could not be read'));
  }
  const answer = async (
    origin: string,
    req: Parameters<RequestHandler>[0],
    res: Parameters<RequestHandler>[1],
    next: Parameters<RequestHandler>[2],
  ) => {
    try {
      const list = (await getWhitelist()).map(normalizeOrigin);
      const wildcard = list.includes('*');
      if (wildcard && !warnedWildcard) warn();
      warnedWildcard = wildcard;
      const exact = list.includes(normalizeOrigin(origin));
      if (!exact && !wildcard) return next();
      res.vary('Origin');
      res.setHeader('Access-Control-Allow-Origin', exact ? origin : '*');
      if (exact) res.setHeader('Access-Control-Allow-Credentials', 'true');
      if (options.exposedHeaders?.length) res.setHeader('Access-Control-Expose-Headers', options.exposedHeaders.join(', '));
      if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return next();
      res.setHeader('Access-Control-Allow-Methods', methods);
      const requested = req.headers['access-control-request-headers'];
      const headers = options.allowedHeaders?.join(', ') ?? requested;
      if (headers) res.setHeader('Access-Control-Allow-Headers', headers);
      res.vary('Access-Control-Request-Headers');
      res.setHeader('Access-Control-Max-Age', String(options.maxAgeSeconds ?? 600));
      res.status(204).end();
    } catch (err) {
      next(err);
    }
  };
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (!origin) return next();
    void answer(origin, req, res, next);
  };
}
