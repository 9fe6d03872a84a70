import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logging/logger.js';
import type { HostMetrics } from './metrics-registry.js';
import { routeTemplateOf } from './route-label.js';

export interface RequestObserverOptions {
  logger: Logger;
  metrics: HostMetrics;
}

/**
 * When the answer is sent (or the client goes away first), one structured log line and the request's
 * metrics. The line holds the request id, method, path (without the query string, which may carry secrets
 * such as an apiAccessSecret), route template, status, duration, the caller's user name and address;
 * headers are never logged. Metrics count the request and observe its latency, labelled by route template
 * and status. One pair of listeners serves both: this runs on every request, the hottest included.
 */
export function observeRequests(o: RequestObserverOptions): RequestHandler {
  // The line holds only the fixed fields below (never headers, bodies or query strings), so it skips the
  // logger's redaction pass: wildcard redaction costs several times the rest of the line on every request.
  const log = o.logger.child({ component: 'http' }, { redact: [] });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let observed = false;
    const observe = (aborted: boolean) => {
      if (observed) return;
      observed = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeTemplateOf(req, res);
      if (!aborted) o.metrics.recordHttpRequest(req.method, route, res.statusCode, seconds);
      writeLine(log, req, res, route, seconds * 1000, aborted);
    };
    res.once('finish', () => observe(false));
    res.once('close', () => observe(!res.writableFinished));
    next();
  };
}

function writeLine(log: Logger, req: Request, res: Response, route: string, durationMs: number, aborted: boolean): void {
  const fields = {
    requestId: req.requestId,
    method: req.method,
    path: pathOf(req.originalUrl),
    route,
    status: res.statusCode,
    durationMs,
    user: req.principal && !req.principal.anonymous ? req.principal.username : undefined,
    ip: req.ip,
  };
  if (aborted) log.warn(fields, 'request aborted by the client');
  else if (res.statusCode >= 500) log.error(fields, 'request failed');
  else if (res.statusCode >= 400) log.warn(fields, 'request refused');
  else log.info(fields, 'request');
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
