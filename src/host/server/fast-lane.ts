import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logging/logger.js';
import { errorEnvelope } from '../api/envelope/envelope.js';
import { ANONYMOUS } from '../auth/principal.js';
import { PAT_PREFIX } from '../auth/tokens/pat-service.js';
import type { Authorizer } from '../rbac/authorizer.js';
import { denial } from '../rbac/authorize-middleware.js';
import { requestInfoOf, type RequestInfo } from '../rbac/request-info.js';
import { setRouteTemplate } from '../ops/route-label.js';
import { requestLog } from '../ops/request-log.js';
import { httpMetrics } from '../ops/http-metrics.js';
import { securityHeaders } from '../ops/security-headers.js';
import type { HostMetrics } from '../ops/metrics-registry.js';
import type { OperationRegistry } from '../api/operations/operation-registry.js';

/** One exact method and path served by the fast lane, with the handlers that answer it in order. */
export interface FastRoute {
  method: string;
  /** Full path, no parameters: `/apis/{group}/{version}/public/checkAuth`. */
  path: string;
  handlers: RequestHandler[];
}

export interface FastLaneOptions {
  /** Run first, as on the normal path: request log, metrics, security headers (the same middleware). */
  ops: RequestHandler[];
  authorizer: Authorizer;
  logger: Logger;
}

/**
 * A short pipeline for anonymous calls to a few hot public routes (checkAuth). The normal path runs every
 * request through authentication, RBAC and several routers (ops, generic API, log-in, operations) before the
 * operation; for an anonymous GET of a fixed public path none of them can change the outcome, so this lane
 * does only what still matters: the request log, metrics and security headers, the RBAC check of the
 * anonymous role (precomputed request info), then the route's handlers. A request that carries credentials
 * the host acts on (a session cookie, Basic, a personal access token) or a browser Origin (host CORS) takes
 * the normal path, as does every path not registered here.
 */
export function fastLane(routes: Map<string, FastRoute>, options: FastLaneOptions): RequestHandler {
  const anonymousAllowed: RequestHandler = (req, _res, next) => {
    const info = req.requestInfo as RequestInfo;
    return options.authorizer.allows(ANONYMOUS, info) ? next() : next(denial(req, info));
  };
  const prepared = new Map<FastRoute, { info: RequestInfo; chain: RequestHandler[] }>();
  return (req, res, next) => {
    const route = routes.get(`${req.method} ${req.path}`);
    if (!route || !eligible(req)) return next();
    let lane = prepared.get(route);
    if (!lane) prepared.set(route, (lane = { info: requestInfoOf(route.method, route.path) as RequestInfo, chain: [...options.ops, anonymousAllowed, ...route.handlers] }));
    req.principal = ANONYMOUS;
    req.requestInfo = lane.info;
    setRouteTemplate(res, route.path);
    const { chain } = lane;
    let index = 0;
    const step = (err?: unknown): void => {
      if (err) return sendError(err, req, res, options.logger);
      const handler = chain[index++];
      if (!handler) return sendError(new Error('fast route fell through'), req, res, options.logger);
      try {
        handler(req, res, step);
      } catch (thrown) {
        sendError(thrown, req, res, options.logger);
      }
    };
    step();
  };
}

/** Credentials or a cross-origin browser call: the normal path handles those. */
function eligible(req: Request): boolean {
  if (req.headers.cookie !== undefined || req.headers.origin !== undefined) return false;
  const authorization = req.headers.authorization;
  if (authorization === undefined) return true;
  return !/^basic\s/i.test(authorization) && !authorization.slice(7).trim().startsWith(PAT_PREFIX);
}

/** As the app's last error handler: the envelope, and a log line for server errors. */
function sendError(err: unknown, req: Request, res: Response, logger: Logger): void {
  const { status, body, headers } = errorEnvelope(err, req);
  if (status >= 500) logger.error({ err, requestId: req.requestId, path: req.path }, 'request failed');
  if (res.headersSent) {
    res.end();
    return;
  }
  res.set(headers).status(status).json(body);
}

/** The fast lane as the runtime mounts it: the same request log, metrics and security headers as the normal path. */
export function hostFastLane(routes: Map<string, FastRoute>, o: { logger: Logger; metrics: HostMetrics; production: boolean; authorizer: Authorizer }): RequestHandler {
  return fastLane(routes, { ops: [requestLog(o.logger), httpMetrics(o.metrics), securityHeaders({ hsts: o.production })], authorizer: o.authorizer, logger: o.logger });
}

/** Adds a registered operation (fixed path, no parameters) to the fast lane, behind `before` (e.g. a guard). */
export function addFastRoute(routes: Map<string, FastRoute>, operations: OperationRegistry, operationId: string, before: RequestHandler[] = []): void {
  const found = operations.find(operationId);
  if (!found) throw new Error(`fast route: no operation ${operationId}`);
  const { def } = found;
  if (def.path.includes(':')) throw new Error(`fast route: ${operationId} has path parameters`);
  const method = def.method.toUpperCase();
  const path = `/apis/${def.group}/${def.version ?? 'v1alpha1'}${def.path}`;
  routes.set(`${method} ${path}`, { method, path, handlers: [...before, found.handler] });
}
