import type { Express } from 'express';
import { recordRouteTemplate } from '../ops/route-label.js';

const QUERY = Symbol('authpay.query');
const IP = Symbol('authpay.ip');
const ROUTE = Symbol('authpay.route');

/**
 * Per-request work Express would otherwise repeat, moved onto the app's request prototype (installed once,
 * so request objects keep one shape):
 * - `req.query`: Express 5 parses the query string again on every read; authorization, the plugin guards
 *   and the operation handler each read it, and a checkAuth query carries a 500-character license. The
 *   query string of a request never changes, so the first parse is kept.
 * - `req.ip`: Express 5 works it out again on every read (the X-Forwarded-For chain against the trust
 *   setting); the rate limiters and the access log each read it. Fixed for the request, so kept too.
 * - `req.route`: Express assigns the matched route here; the setter also records the route template for
 *   logs and metrics (ops/route-label.ts) while req.baseUrl still holds the mount path.
 */
export function installRequestAccessors(app: Express): void {
  const proto = app.request as object;
  keepFirstRead(proto, 'query', QUERY);
  keepFirstRead(proto, 'ip', IP);
  Object.defineProperty(proto, 'route', {
    configurable: true,
    enumerable: true,
    get(this: { [ROUTE]?: unknown }) {
      return this[ROUTE];
    },
    set(this: Parameters<typeof recordRouteTemplate>[0] & { [ROUTE]?: unknown }, value: { path?: unknown } | undefined) {
      this[ROUTE] = value;
      recordRouteTemplate(this, value);
    },
  });
}

/** Replaces an Express getter on the app's request prototype by one that computes once per request. */
function keepFirstRead(proto: object, property: 'query' | 'ip', slot: symbol): void {
  const compute = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(proto), property)?.get;
  if (!compute) throw new Error(`express request has no ${property} getter`);
  Object.defineProperty(proto, property, {
    configurable: true,
    enumerable: true,
    get(this: Record<symbol, unknown>) {
      return slot in this ? this[slot] : (this[slot] = compute.call(this));
    },
  });
}
