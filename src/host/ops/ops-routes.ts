import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Router } from 'express';
import type { Store } from '../store/store.js';
import type { Logger } from '../logging/logger.js';
import type { OperationDef } from '../api/operations/operation.js';
import type { HostMetrics } from './metrics-registry.js';
import { healthRoutes } from './health.js';
import { buildOpenApi, type OpenApiInfo } from './openapi.js';

export interface OpsRouteOptions {
  getStore: () => Store | undefined;
  metrics: HostMetrics;
  logger: Logger;
  /** The operation registry's current list; read on each request so late registrations appear. */
  operations: () => OperationDef[];
  /** Default: title "AuthPay API" and the package version. */
  info?: OpenApiInfo;
}

/** package.json sits three levels above this file, in src/ and in dist/ alike. */
function packageVersion(): string {
  try {
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'package.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The paths opsRoutes answers. */
export const OPS_PATHS = ['/healthz', '/readyz', '/metrics', '/openapi.json'] as const;

/** /healthz, /readyz, /metrics and /openapi.json. */
export function opsRoutes(o: OpsRouteOptions): Router {
  const router = express.Router();
  const info = o.info ?? { title: 'AuthPay API', version: packageVersion(), description: 'Business operations of the host and its plugins; every answer is the envelope {success, code, message, data}.' };
  router.use(healthRoutes(o.getStore, o.logger));
  router.get('/metrics', async (_req, res, next) => {
    try {
      const { contentType, body } = await o.metrics.render();
      res.setHeader('Cache-Control', 'no-store');
      res.type(contentType).send(body);
    } catch (err) {
      next(err);
    }
  });
  let cached: { key: OperationDef[]; doc: unknown } | undefined;
  router.get('/openapi.json', (_req, res) => {
    const ops = o.operations();
    // Rebuilt whenever the set of operations changes (same length and members means the same document).
    if (!cached || cached.key.length !== ops.length || cached.key.some((d, i) => d !== ops[i])) cached = { key: ops, doc: buildOpenApi(ops, info) };
    res.json(cached.doc);
  });
  return router;
}
