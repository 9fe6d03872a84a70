import type { RequestHandler } from 'express';
import type { Logger } from '../logging/logger.js';
import { routeTemplateOf } from './route-label.js';

/**
 * One structured log line per request when the answer is sent: request id, method, path (without the query
 * string, which may carry secrets such as an apiAccessSecret), route template, status, duration and the
 * caller's user name. Headers are never logged.
 */
export function requestLog(logger: Logger): RequestHandler {
  // The line holds only the fixed fields below (never headers, bodies or query strings), so it skips the
  // logger's redaction pass: wildcard redaction costs several times the rest of the line on every request.
  const log = logger.child({ component: 'http' }, { redact: [] });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let logged = false;
    const write = (aborted: boolean) => {
      if (logged) return;
      logged = true;
      const fields = {
        requestId: req.requestId,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        route: routeTemplateOf(req, res),
        status: res.statusCode,
        durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        user: req.principal && !req.principal.anonymous ? req.principal.username : undefined,
        ip: req.ip,
      };
      if (aborted) log.warn(fields, 'request aborted by the client');
      else if (res.statusCode >= 500) log.error(fields, 'request failed');
      else if (res.statusCode >= 400) log.warn(fields, 'request refused');
      else log.info(fields, 'request');
    };
    res.once('finish', () => write(false));
    res.once('close', () => write(!res.writableFinished));
    next();
  };
}
