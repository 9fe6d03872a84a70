import crypto from 'node:crypto';
import express, { type Express, type Request, type Response, type NextFunction, type RequestHandler, type Router } from 'express';
import type { Logger } from '../logging/logger.js';
import { errorEnvelope } from '../api/envelope/envelope.js';
import { AppError } from '../errors/app-error.js';
import type { TrustProxy } from './trust-proxy.js';
import { installRequestAccessors } from './request-prototype.js';
import { compose } from './compose.js';
import { withFlatFastPath, type QueryParser } from './query-string.js';
import { refuseDeepJson, refuseMalformedPath } from './input-guards.js';

/** The body limit of every route but those that declare their own (AppParts.bodyLimitFor). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppParts {
  logger: Logger;
  /** In order: authentication, authorization, then the route groups. */
  before: RequestHandler[];
  routes: Array<{ path: string; router: Router | RequestHandler }>;
  /** Error handlers that answer for their own paths (the generic API answers with Status objects). */
  errorHandlers?: Array<(err: unknown, req: Request, res: Response, next: NextFunction) => void>;
  /** A larger body limit (bytes) for the routes that declare one; undefined keeps BODY_LIMIT_BYTES. */
  bodyLimitFor?: (req: Request) => number | undefined;
  /** Express's `trust proxy` (config.ts, AUTHPAY_TRUST_PROXY); loopback when absent. */
  trustProxy?: TrustProxy;
}

/** Keeps the raw bytes of every parsed body: provider callbacks verify signatures over them. */
function keepRaw(req: Request, _res: Response, buf: Buffer): void {
  req.rawBody = buf;
}

/** JSON bodies (merge and JSON patches included) are checked for depth before they are parsed. */
function keepRawJson(req: Request, res: Response, buf: Buffer): void {
  refuseDeepJson(req, res, buf);
  keepRaw(req, res, buf);
}

function parsersWithLimit(limit: number): RequestHandler {
  return compose([
    express.json({ limit, type: ['application/json', 'application/*+json'], verify: keepRawJson }),
    express.urlencoded({ limit, extended: false, verify: keepRaw }),
    express.text({ limit, type: ['text/plain', 'application/yaml', 'application/x-yaml', 'text/yaml'], verify: keepRaw }),
  ]);
}

/**
 * The parsers only see requests with a body (type-is's hasBody test): most calls are GETs without one. A
 * route may take a larger body (the records import: 16 MiB); every other keeps 1 MiB.
 */
function bodyParsers(bodyLimitFor: AppParts['bodyLimitFor']): RequestHandler {
  const byLimit = new Map<number, RequestHandler>([[BODY_LIMIT_BYTES, parsersWithLimit(BODY_LIMIT_BYTES)]]);
  return (req, res, next) => {
    if (req.headers['transfer-encoding'] === undefined && req.headers['content-length'] === undefined) return next();
    const limit = bodyLimitFor?.(req) ?? BODY_LIMIT_BYTES;
    let parsers = byLimit.get(limit);
    if (!parsers) byLimit.set(limit, (parsers = parsersWithLimit(limit)));
    parsers(req, res, next);
  };
}

const assignRequestId: RequestHandler = (req, res, next) => {
  req.requestId = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || crypto.randomUUID();
  res.setHeader('X-Request-Id', req.requestId);
  next();
};

export function createApp(parts: AppParts): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', parts.trustProxy ?? 'loopback');
  app.set('query parser', 'extended');
  app.set('query parser', withFlatFastPath(app.get('query parser fn') as QueryParser));
  installRequestAccessors(app);
  app.use(compose([assignRequestId, refuseMalformedPath, bodyParsers(parts.bodyLimitFor), ...parts.before]));
  for (const r of layersOf(parts.routes)) app.use(r.path, r.router);
  app.use((_req, _res, next) => next(new AppError('NOT_FOUND', '资源不存在', { messageEn: 'not found' })));
  for (const h of parts.errorHandlers ?? []) app.use(h);
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const { status, body, headers } = errorEnvelope(err, req);
    if (status >= 500) parts.logger.error({ err, requestId: req.requestId, path: req.path }, 'request failed');
    if (res.headersSent) return res.end();
    res.vary('Accept-Language').set(headers).status(status).json(body);
  });
  return app;
}

/** Consecutive routes mounted at `/` run as one composed layer (see compose.ts); others keep their own. */
function layersOf(routes: AppParts['routes']): AppParts['routes'] {
  const layers: AppParts['routes'] = [];
  let atRoot: Array<Router | RequestHandler> = [];
  const flush = () => {
    if (atRoot.length) layers.push({ path: '/', router: compose(atRoot as RequestHandler[]) });
    atRoot = [];
  };
  for (const route of routes) {
    if (route.path === '/') {
      atRoot.push(route.router);
      continue;
    }
    flush();
    layers.push(route);
  }
  flush();
  return layers;
}
