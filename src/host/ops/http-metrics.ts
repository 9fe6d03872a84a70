import type { RequestHandler } from 'express';
import type { HostMetrics } from './metrics-registry.js';
import { routeTemplateOf } from './route-label.js';

/** Counts each answered request and observes its latency, labelled by route template and status. */
export function httpMetrics(metrics: HostMetrics): RequestHandler {
  return (req, res, next) => {
    const end = process.hrtime.bigint;
    const started = end();
    res.once('finish', () => {
      const labels = { method: req.method, route: routeTemplateOf(req, res), status: String(res.statusCode) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, Number(end() - started) / 1e9);
    });
    next();
  };
}
