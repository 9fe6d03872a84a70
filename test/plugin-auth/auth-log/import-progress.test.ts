/**
 * A big import does not hold other writers back until it ends: writes another caller makes while it runs commit
 * between its chunks (their revisions lie between those of the first and the last imported record). Ordering,
 * not timing. Importing the same file again finishes or repeats it without changing anything.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { eq } from '../../../src/host/sdk/index.js';
import { SitePluginAuthLog } from '../../../src/plugin-auth/auth-log/types.js';
import { BOOTSTRAP_TOKEN, bearer } from '../../host/auth/harness.js';
import { landedInside, writeWhile } from '../../support/bystander-writes.js';
import { CONSOLE, call, createPlugin, dataOf, start, type Server } from '../harness.js';

const COUNT = 2_000;
let server: Server;

beforeAll(async () => {
  server = await start();
  await createPlugin(server, { key: 'steady', price: 0 });
});
afterAll(() => server.stop());

function file(): string {
  return Array.from({ length: COUNT }, (_, i) =>
    JSON.stringify({
      apiVersion: 'pluginauth.authpay.dev/v1alpha1',
      kind: 'SitePluginAuthLog',
      spec: {
        pluginKey: 'steady',
        authUser: 'steady',
        authDomain: `steady-${i}.example.com`,
        authStatus: 1,
        authTime: '2026-01-01T00:00:00Z',
      },
    }),
  ).join('\n---\n');
}

const importFile = (text: string) =>
  call<{ total: number; created: number; unchanged: number }>(`${server.url}${CONSOLE}/authlogs-import`, {
    method: 'POST',
    headers: { ...bearer(BOOTSTRAP_TOKEN), 'content-type': 'application/yaml' },
    body: text,
  });

test('writes of another caller commit between the chunks of an import; the same file again changes nothing', async () => {
  const text = file();
  let running = true;
  const importing = importFile(text).finally(() => (running = false));
  const written = await writeWhile(server.runtime.client, () => running, 'import-bystander');
  expect(dataOf(await importing)).toMatchObject({ total: COUNT, created: COUNT });
  const records = (await server.runtime.client.list(SitePluginAuthLog, { where: eq('spec.pluginKey', 'steady') })).items;
  expect(records).toHaveLength(COUNT);
  expect(
    landedInside(
      written,
      records.map((r) => Number(r.metadata.resourceVersion)),
    ),
  ).toBeGreaterThan(0);

  expect(dataOf(await importFile(text))).toMatchObject({ total: COUNT, created: 0, unchanged: COUNT });
}, 120_000);
