import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HostRuntime } from '../../../src/host/runtime.js';
import { defineOperation } from '../../../src/host/api/operations/operation.js';

const ADMIN = { authorization: 'Bearer ops-test-admin-token-0123' };
let runtime: HostRuntime;
let base: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-ops-'));
  runtime = new HostRuntime(
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      bootstrapToken: ADMIN.authorization.slice(7),
      logLevel: 'silent',
      adminPassword: 'admin-password-1',
    },
    {},
  );
  await runtime.init();
  runtime.corsWhitelist = () => ['https://console.example.com'];
  runtime.operations.add(
    defineOperation<{ verbose?: boolean }, unknown, { name: string }>({
      operationId: 'getWidgetForOpsTest',
      group: 'opstest.authpay.dev',
      method: 'get',
      path: '/widgets/:name',
      summary: 'Reads a widget',
      query: { type: 'object', properties: { verbose: { type: 'boolean' } } },
      params: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 20 } } },
      response: { type: 'object', properties: { name: { type: 'string' } } },
      handler: ({ params }) => ({ name: params.name }),
    }),
  );
  runtime.operations.add(
    defineOperation<unknown, { size: number }>({
      operationId: 'createWidgetForOpsTest',
      group: 'opstest.authpay.dev',
      method: 'post',
      path: '/widgets',
      summary: 'Creates a widget',
      body: { type: 'object', required: ['size'], properties: { size: { type: 'integer' } } },
      successStatus: 201,
      handler: ({ body }) => body,
    }),
  );
  base = `http://127.0.0.1:${await runtime.listen()}`;
});

afterAll(async () => {
  await runtime.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('/healthz and /readyz answer anonymous probes', async () => {
  const health = await fetch(`${base}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  const ready = await fetch(`${base}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toMatchObject({ status: 'ok', store: 'sqlite' });
});

test('/metrics counts requests per route template and shows the outbox by status', async () => {
  for (const name of ['a', 'b'])
    expect((await fetch(`${base}/apis/opstest.authpay.dev/v1alpha1/widgets/${name}`, { headers: ADMIN })).status).toBe(200);
  await runtime.notifications.send({ content: { title: 't', html: 'h' }, to: [{ email: 'someone@example.com' }] });
  const res = await fetch(`${base}/metrics`, { headers: ADMIN });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  const text = await res.text();
  expect(text).toContain(
    'authpay_http_requests_total{method="GET",route="/apis/opstest.authpay.dev/v1alpha1/widgets/:name",status="200"} 2',
  );
  expect(text).toMatch(
    /authpay_http_request_duration_seconds_count\{method="GET",route="\/apis\/opstest.authpay.dev\/v1alpha1\/widgets\/:name",status="200"\} 2/,
  );
  expect(text).not.toContain('widgets/a"');
  expect(text).toContain('authpay_outbox_messages{status="WAITING_CONFIG"} 1');
  expect(text).toContain('authpay_outbox_messages{status="FAILED"} 0');
  runtime.metrics.recordJobRun('ops-test-job', 'SUCCEEDED', 0.2);
  expect(await (await fetch(`${base}/metrics`, { headers: ADMIN })).text()).toContain(
    'authpay_job_runs_total{job="ops-test-job",outcome="SUCCEEDED"} 1',
  );
});

test('/metrics is not open to anonymous callers', async () => {
  expect([401, 403]).toContain((await fetch(`${base}/metrics`)).status);
});

test('security headers are set, with a CSP for scripts from self and inline styles', async () => {
  const res = await fetch(`${base}/healthz`);
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  expect(csp).toContain("object-src 'none'");
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-powered-by')).toBeNull();
  expect(res.headers.get('x-request-id')).toBeTruthy();
});

test('API answers get the API header set: strict CSP, DENY framing, nothing that only applies to documents', async () => {
  const res = await fetch(`${base}/apis/no.such.group/v1/things`);
  expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-site');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  for (const documentOnly of [
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ]) {
    expect([documentOnly, res.headers.get(documentOnly)]).toEqual([documentOnly, null]);
  }
  expect((await fetch(`${base}/login`)).headers.get('cross-origin-opener-policy')).toBe('same-origin');
});

test('CORS admits whitelisted origins and refuses others', async () => {
  const allowed = await fetch(`${base}/healthz`, { headers: { origin: 'https://console.example.com' } });
  expect(allowed.headers.get('access-control-allow-origin')).toBe('https://console.example.com');
  expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
  expect(allowed.headers.get('vary')).toMatch(/Origin/);

  const refused = await fetch(`${base}/healthz`, { headers: { origin: 'https://evil.example.net' } });
  expect(refused.status).toBe(200);
  expect(refused.headers.get('access-control-allow-origin')).toBeNull();

  const preflight = await fetch(`${base}/apis/opstest.authpay.dev/v1alpha1/widgets`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://console.example.com',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,authorization',
    },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,authorization');

  const refusedPreflight = await fetch(`${base}/apis/opstest.authpay.dev/v1alpha1/widgets`, {
    method: 'OPTIONS',
    headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'POST' },
  });
  expect(refusedPreflight.headers.get('access-control-allow-origin')).toBeNull();
  expect(refusedPreflight.status).not.toBe(204);
});

test('/openapi.json documents every registered operation and is structurally sane', async () => {
  const res = await fetch(`${base}/openapi.json`, { headers: ADMIN });
  expect(res.status).toBe(200);
  const doc = (await res.json()) as OpenApiDoc;
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });

  const get = doc.paths['/apis/opstest.authpay.dev/v1alpha1/widgets/{name}']?.get;
  expect(get).toMatchObject({ operationId: 'getWidgetForOpsTest', summary: 'Reads a widget' });
  expect(get.parameters).toEqual([
    { name: 'name', in: 'path', required: true, schema: { type: 'string', maxLength: 20 } },
    { name: 'verbose', in: 'query', required: false, schema: { type: 'boolean' } },
  ]);
  const envelope = get.responses['200'].content!['application/json'].schema;
  expect(envelope.properties.data).toEqual({ type: 'object', properties: { name: { type: 'string' } } });
  const post = doc.paths['/apis/opstest.authpay.dev/v1alpha1/widgets']?.post;
  expect(post.operationId).toBe('createWidgetForOpsTest');
  expect(post.requestBody!.content['application/json'].schema).toEqual({
    type: 'object',
    required: ['size'],
    properties: { size: { type: 'integer' } },
  });
  expect(Object.keys(post.responses)).toContain('201');

  const ids = checkStructure(doc);
  for (const id of ['listMyNotifications', 'markNotificationRead', 'listOutbox', 'retryOutboxMessage']) expect(ids).toContain(id);
  expect(ids.sort()).toEqual(
    runtime.operations
      .list()
      .map((o) => o.operationId)
      .sort(),
  );
});

interface OpenApiDoc {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, Record<string, unknown>>;
}

interface OpenApiOperation {
  operationId: string;
  parameters: Array<{ in: string; name: string; required?: boolean; schema?: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  /** A response, or a $ref to one under components. */
  responses: Record<string, { $ref?: string; description?: string; content?: Record<string, { schema: OpenApiSchema }> }>;
}

interface OpenApiSchema {
  type?: string;
  properties: Record<string, unknown>;
}

/** Checks what a generator can get wrong; returns the operationIds. */
function checkStructure(doc: OpenApiDoc): string[] {
  const ids: string[] = [];
  const resolve = (ref: string) =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc) as { description?: string } | undefined;
  for (const [p, item] of Object.entries(doc.paths)) {
    expect(p).toMatch(/^\/apis\/[^/]+\/[^/]+/);
    expect(p).not.toMatch(/:[A-Za-z]/);
    const placeholders = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
    for (const [method, op] of Object.entries(item)) {
      expect(['get', 'post', 'put', 'patch', 'delete']).toContain(method);
      expect(typeof op.operationId).toBe('string');
      ids.push(op.operationId);
      const pathParams = op.parameters.filter((x: { in: string }) => x.in === 'path');
      expect(pathParams.map((x: { name: string }) => x.name).sort()).toEqual(placeholders);
      for (const param of op.parameters) {
        expect(['path', 'query']).toContain(param.in);
        expect(param.schema).toBeDefined();
        if (param.in === 'path') expect(param.required).toBe(true);
      }
      expect(Object.keys(op.responses).length).toBeGreaterThan(0);
      for (const r of Object.values(op.responses)) {
        const response = r.$ref ? resolve(r.$ref) : r;
        expect(response?.description).toEqual(expect.any(String));
      }
    }
  }
  expect(new Set(ids).size).toBe(ids.length);
  return ids;
}
