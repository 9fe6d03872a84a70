import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { pino } from 'pino';
import type { Logger } from '../../../src/host/logging/logger.js';
import { createApp } from '../../../src/host/server/app.js';
import { observeRequests } from '../../../src/host/ops/request-observer.js';
import { HostMetrics } from '../../../src/host/ops/metrics-registry.js';
import { corsFor } from '../../../src/host/ops/cors.js';
import { healthRoutes } from '../../../src/host/ops/health.js';
import { SqliteStore } from '../../../src/host/store/sqlite-store.js';
import { AppError } from '../../../src/host/errors/app-error.js';

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger: Logger = pino({ level: 'info' }, stream) as unknown as Logger;
  return { logger, lines };
}

function appWith(logger: Logger, metrics = new HostMetrics({ defaultMetrics: false })) {
  const router = express.Router();
  router.get('/items/:id', (_req, res) => void res.json({ ok: true }));
  router.get('/broken/:id', () => {
    throw new AppError('CONFLICT', 'nope');
  });
  const app = createApp({ logger, before: [observeRequests({ logger, metrics })], routes: [{ path: '/api/:version', router }] });
  return { app, metrics };
}

test('one log line per request with id, route template and status, never headers or the query', async () => {
  const { logger, lines } = capturingLogger();
  const { app } = appWith(logger);
  await request(app)
    .get('/api/v1/items/42?apiAccessSecret=topsecret')
    .set('Authorization', 'Bearer very-secret-token')
    .set('Cookie', 'session=abc')
    .set('X-Request-Id', 'req-1')
    .expect(200);
  const line = lines.find((l) => l.requestId === 'req-1')!;
  expect(line).toMatchObject({
    component: 'http',
    method: 'GET',
    path: '/api/v1/items/42',
    route: '/api/v1/items/:id',
    status: 200,
    msg: 'request',
  });
  expect(typeof line.durationMs).toBe('number');
  const raw = JSON.stringify(lines);
  for (const secret of ['topsecret', 'very-secret-token', 'session=abc']) expect(raw).not.toContain(secret);
});

test('a failed request keeps its route template in logs and metrics', async () => {
  const { logger, lines } = capturingLogger();
  const { app, metrics } = appWith(logger);
  await request(app).get('/api/v1/broken/7').set('X-Request-Id', 'req-2').expect(409);
  await request(app).get('/nowhere/at/all').expect(404);
  expect(lines.find((l) => l.requestId === 'req-2')).toMatchObject({ route: '/api/v1/broken/:id', status: 409, level: 40 });
  const text = (await metrics.render()).body;
  expect(text).toContain('authpay_http_requests_total{method="GET",route="/api/v1/broken/:id",status="409"} 1');
  expect(text).toContain('authpay_http_requests_total{method="GET",route="<unmatched>",status="404"} 1');
});

test('a wildcard whitelist admits any origin without credentials and is warned about at start', async () => {
  const { logger, lines } = capturingLogger();
  const app = express();
  app.use(corsFor(() => ['*'], { logger, name: 'public-api' }));
  app.get('/x', (_req, res) => void res.send('ok'));
  await new Promise((r) => setImmediate(r));
  expect(lines.filter((l) => l.level === 40 && l.whitelist === 'public-api')).toHaveLength(1);
  const res = await request(app).get('/x').set('Origin', 'https://anyone.example').expect(200);
  expect(res.headers['access-control-allow-origin']).toBe('*');
  expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  expect(lines.filter((l) => l.level === 40)).toHaveLength(1);
});

test('two whitelists can stack: a preflight the first refuses is answered by the second', async () => {
  const app = express();
  app.use(corsFor(() => ['https://console.example.com']));
  app.use(
    '/public',
    corsFor(async () => ['https://shop.example.org/']),
  );
  app.options('/{*rest}', (_req, res) => void res.status(404).end());
  const ok = await request(app)
    .options('/public/check')
    .set('Origin', 'https://shop.example.org')
    .set('Access-Control-Request-Method', 'GET');
  expect(ok.status).toBe(204);
  expect(ok.headers['access-control-allow-origin']).toBe('https://shop.example.org');
  const no = await request(app).options('/private').set('Origin', 'https://shop.example.org').set('Access-Control-Request-Method', 'GET');
  expect(no.status).toBe(404);
  expect(no.headers['access-control-allow-origin']).toBeUndefined();
});

test('/readyz answers 503 when the store does not answer', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-ready-'));
  const store = new SqliteStore(path.join(dir, 'a.db'));
  const app = express().use(healthRoutes(() => store));
  await request(app).get('/readyz').expect(200);
  await store.close();
  const res = await request(app).get('/readyz').expect(503);
  expect(res.body).toEqual({ status: 'unavailable', store: 'unreachable' });
  await request(app).get('/healthz').expect(200);
  fs.rmSync(dir, { recursive: true, force: true });
});
