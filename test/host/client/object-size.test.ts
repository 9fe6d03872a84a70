import { BOOTSTRAP_TOKEN, bearer, call, start, type Server } from '../auth/harness.js';

/** Issue 21 item 3: no stored object exceeds 1 MiB, whichever path writes it (generic API or business operation). */
let server: Server;
const admin = bearer(BOOTSTRAP_TOKEN);
const CONFIG_MAPS = '/apis/host.authpay.dev/v1alpha1/configmaps';
const PAY_CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';

beforeAll(async () => {
  server = await start();
});

afterAll(async () => {
  await server.stop();
});

const stored = (kind: string, name: string) => server.runtime.store.get(server.runtime.registry.get(kind), name);

test('the generic API refuses to grow an object past 1 MiB (413 RequestEntityTooLarge) and keeps the old one', async () => {
  const half = 'x'.repeat(600 * 1024);
  const created = await call(`${server.url}${CONFIG_MAPS}`, {
    method: 'POST',
    headers: admin,
    json: { apiVersion: 'host.authpay.dev/v1alpha1', kind: 'ConfigMap', metadata: { name: 'big' }, data: { a: half } },
  });
  expect(created.status).toBe(201);
  const patched = await call<never>(`${server.url}${CONFIG_MAPS}/big`, {
    method: 'PATCH',
    headers: { ...admin, 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify({ data: { b: half } }),
  });
  expect(patched.status).toBe(413);
  expect(patched.body).toMatchObject({ kind: 'Status', reason: 'RequestEntityTooLarge', code: 413 });
  const kept = (await stored('ConfigMap', 'big')) as unknown as { data: Record<string, string> };
  expect(Object.keys(kept.data)).toEqual(['a']);
});

test('a business write that would store more than 1 MiB is refused with OBJECT_TOO_LARGE (413) and changes nothing', async () => {
  const created = await call<{ paymentId: string }>(`${server.url}${PAY_CONSOLE}/payments`, {
    method: 'POST',
    headers: admin,
    json: { orderId: 'big-1', subject: 'Big', paymentAmount: 1, paymentType: 'SANDBOX', paymentChannel: 'SIMULATED' },
  });
  expect(created.status).toBe(200);
  const { paymentId } = created.body.data;
  const update = (key: string) =>
    call(`${server.url}${PAY_CONSOLE}/payments/${paymentId}`, {
      method: 'PUT',
      headers: { ...admin, 'accept-language': 'en' },
      json: { additionalData: { [key]: 'y'.repeat(600 * 1024) } },
    });
  expect((await update('first')).status).toBe(200);
  const refused = await update('second');
  expect(refused.status).toBe(413);
  expect(refused.body).toMatchObject({ success: false, code: 'OBJECT_TOO_LARGE' });
  expect(refused.body.message).toMatch(/1 MiB/);
  const order = (await stored('PaymentInfo', paymentId)) as unknown as {
    spec: { additionalData: { caller?: unknown } & Record<string, unknown> };
  };
  expect(JSON.stringify(order.spec.additionalData)).not.toContain('second');
});
