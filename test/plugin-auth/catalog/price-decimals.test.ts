/**
 * A catalog price takes at most two decimals, the fen of the purchase currency (issue #28 item 6): 0.001 and
 * 9.999 are a 400 at `price` — never rounded, never stored — through the console operations and the generic
 * API alike, in both languages. Whole-fen prices (and the 0 / 9999 sentinels) keep working.
 */
import { fractionDigits } from '../../../src/host/schema/decimal-places.js';
import { SitePlugin } from '../../../src/plugin-auth/catalog/types.js';
import { admin, CONSOLE, createPlugin, RESOURCES, start, type Server } from '../harness.js';

let server: Server;
beforeAll(async () => {
  server = await start();
});
afterAll(() => server.stop());

const stored = (name: string) => server.runtime.client.fetch(SitePlugin, name);

test.each([0.001, 9.999, 19.995, 0.1 + 0.2, 1e-7, '12.345'])(
  'creating a plugin priced %p is a 400 at price and stores nothing',
  async (price) => {
    const key = `fine-${String(price).replace(/[^0-9a-z]/gi, '-')}`;
    const res = await admin<unknown>(server, 'POST', `${CONSOLE}/siteplugins`, { key, name: 'Fine', price }, { 'accept-language': 'en' });
    expect(res.status).toBe(400);
    const details = (res.body as unknown as { details: Array<{ field: string; message: string }> }).details;
    if (typeof price === 'number') {
      expect(details).toEqual([{ field: 'body.price', message: 'price allows at most 2 decimal places', reason: 'x-decimal-places' }]);
    }
    const page = await server.runtime.client.list(SitePlugin, {});
    expect(page.items.filter((p) => p.spec.key === key)).toEqual([]);
  },
);

test('the message is in Chinese by default', async () => {
  const res = await admin<unknown>(server, 'POST', `${CONSOLE}/siteplugins`, { key: 'zh-fine', name: 'Fine', price: 0.001 });
  expect(res.status).toBe(400);
  expect(JSON.stringify(res.body)).toContain('price 最多 2 位小数');
});

test('editing a price to 9.999 is refused and the stored price stays', async () => {
  const plugin = await createPlugin(server, { key: 'edit-me', name: 'Edit me', price: 19.99 });
  const res = await admin(server, 'PUT', `${CONSOLE}/siteplugins/${plugin.metadata.name}`, { price: 9.999 });
  expect(res.status).toBe(400);
  expect((await stored(plugin.metadata.name))?.spec.price).toBe(19.99);
});

test('the generic API refuses a finer price too (the CRD schema carries the same rule)', async () => {
  const res = await admin(server, 'POST', `${RESOURCES}/siteplugins`, {
    apiVersion: 'pluginauth.authpay.dev/v1alpha1',
    kind: 'SitePlugin',
    metadata: { name: 'generic-fine' },
    spec: { key: 'generic-fine', name: 'Fine', price: 0.001 },
  });
  expect(res.status).toBe(422);
  expect(JSON.stringify(res.body)).toContain('spec.price');
  expect(await stored('generic-fine')).toBeUndefined();
});

test.each([0, 9999, 0.01, 19.9, 19.99, 100_000_000])('a price of %p is accepted as given', async (price) => {
  const plugin = await createPlugin(server, { key: `ok-${String(price).replace('.', '-')}`, name: 'OK', price });
  expect(plugin.spec.price).toBe(price);
});

test('fraction digits are read from the decimal text, exponent forms included', () => {
  expect([0.1 + 0.2, 1.5e-7, 1e21, 12.5, 12, '12.340', 'abc'].map(fractionDigits)).toEqual([17, 8, 0, 1, 0, 2, undefined]);
});
