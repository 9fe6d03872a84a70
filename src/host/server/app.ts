import crypto from 'node:crypto';
import express, { type Express, type Request, type Response, type NextFunction, type RequestHandler, type Router } from 'express';
import type { Logger } from '../logging/logger.js';
import { errorEnvelope } from '../api/envelope/envelope.js';
import { AppError } from '../errors/app-error.js';
import type { TrustProxy } from './trust-proxy.js';
import { installRequestAccessors } from './request-prototype.js';
import { compose } from './compose.js';
import { withFlatFastPath, type QueryParser } from './query-string.js';

const BODY_LIMIT = '1mb';

export interface AppParts {
  logger: Logger;
  /** In order: authentication, authorization, then the route groups. */
  before: RequestHandler[];
  routes: Array<{ path: string; router: Router | RequestHandler }>;
  /** Error handlers that answer for their own paths (the generic API answers with Status objects). */
  errorHandlers?: Array<(err: unknown, req: Request, res: Response, next: NextFunction) => void>;
  /** Express's `trust proxy` (config.ts, AUTHPAY_TRUST_PROXY); loopback when absent. */
  trustProxy?: TrustProxy;
}

/** Keeps the raw bytes of every parsed body: provider callbacks verify signatures over them. */
function keepRaw(req: Request, _res: Response, buf: Buffer): void {
  req.rawBody = buf;
}

const parsers = compose([
  express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'], verify: keepRaw }),
  express.urlencoded({ limit: BODY_LIMIT, extended: false, verify: keepRaw }),
  express.text({ limit: BODY_LIMIT, type: ['text/plain', 'application/yaml', 'application/x-yaml', 'text/yaml'], verify: keepRaw }),
]);

/** The parsers only see requests with a body (type-is's hasBody test): most calls are GETs without one. */
const bodyParsers: RequestHandler = (req, res, next) => {
  if (req.headers['transfer-encoding'] === undefined && req.headers['content-length'] === undefined) return next();
  parsers(req, res, next);
};

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
  app.use(compose([assignRequestId, bodyParsers, ...parts.before]));
  for (const r of layersOf(parts.routes)) app.use(r.path, r.router);
  app.use((_req, _res, next) => next(new AppError('NOT_FOUND', '资源不存在', { messageEn: 'not found' })));
  for (const h of parts.errorHandlers ?? []) app.use(h);
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const { status, body, headers } = errorEnvelope(err, req);
    if (status >= 500) parts.logger.error({ err, requestId: req.requestId, path: req.path }, 'request failed');
    if (res.headersSent) return res.end();
    res.set(headers).status(status).json(body);
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
