import type { RequestHandler } from 'express';
import type { Logger } from '../logging/logger.js';
import type { HostMetrics } from './metrics-registry.js';
import { observeRequests } from './request-observer.js';
import { securityHeaders } from './security-headers.js';
import { corsFor, type WhitelistSource } from './cors.js';

export interface OpsMiddlewareOptions {
  logger: Logger;
  metrics: HostMetrics;
  /** The host's CORS whitelist setting. */
  corsWhitelist: WhitelistSource;
  production?: boolean;
  /** The server speaks HTTPS itself (AUTHPAY_TLS_CERT/KEY): HSTS is sent in any mode. */
  tls?: boolean;
  /** Path prefixes of static files that keep their own caching (the browser apps). */
  cacheablePrefixes?: string[];
}

/** The middleware that runs before authentication on every request, in order. */
export function opsMiddleware(o: OpsMiddlewareOptions): RequestHandler[] {
  return [
    observeRequests(o),
    securityHeaders({ hsts: o.production || o.tls, cacheablePrefixes: o.cacheablePrefixes }),
    corsFor(o.corsWhitelist, { logger: o.logger, name: 'host', exposedHeaders: ['X-Request-Id'] }),
  ];
}
