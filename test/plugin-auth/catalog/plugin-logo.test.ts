/**
 * A catalog plugin's logo as an attachment: uploaded by a plugin-auth manager, kept by the host, served with its
 * content type, size-limited; replaced or deleted with its plugin, the old file goes. A URL logo still works.
 */
import { PNG_1X1 } from '../../support/images.js';
import { admin, as, CONSOLE, createPlugin, createUser, dataOf, start, type Server, type SitePluginView } from '../harness.js';

let server: Server;
beforeAll(async () => {
  server = await start();
  await createUser(server, 'viewer');
  dataOf(
    await admin(server, 'PUT', '/apis/console.api.host.authpay.dev/v1alpha1/users/viewer/roles', {
      roles: ['role-template-plugin-auth-view'],
    }),
  );
});
afterAll(() => server.stop());

interface Uploaded {
  name: string;
  url: string;
  contentType: string;
  size: number;
}

const upload = (body: Record<string, unknown>) => admin<Uploaded>(server, 'POST', `${CONSOLE}/siteplugin-logos`, body);
const fetchLogo = (url: string) => fetch(`${server.url}${url}`);

test('an uploaded logo is served with its content type; replaced, the old one goes; the plugin deleted, its logo goes', async () => {
  const first = dataOf(await upload({ contentType: 'image/png', data: PNG_1X1.toString('base64'), filename: 'logo.png' }));
  expect(first).toMatchObject({ contentType: 'image/png', size: PNG_1X1.length });
  const served = await fetchLogo(first.url);
  expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);

  const plugin = await createPlugin(server, { key: 'with-logo', name: 'With logo', logo: first.url });
  expect(plugin.spec.logo).toBe(first.url);
  const second = dataOf(await upload({ contentType: 'image/png', data: PNG_1X1.toString('base64') }));
  dataOf(await admin<SitePluginView>(server, 'PUT', `${CONSOLE}/siteplugins/${plugin.metadata.name}`, { logo: second.url }));
  expect((await fetchLogo(first.url)).status).toBe(404);
  expect((await fetchLogo(second.url)).status).toBe(200);

  dataOf(await admin(server, 'DELETE', `${CONSOLE}/siteplugins/${plugin.metadata.name}`));
  for (let i = 0; i < 200 && (await fetchLogo(second.url)).status !== 404; i++) await new Promise((r) => setTimeout(r, 25));
  expect((await fetchLogo(second.url)).status).toBe(404);

  // A logo given as a URL elsewhere is kept as it is.
  const linked = await createPlugin(server, { key: 'linked-logo', logo: 'https://cdn.example.com/logo.png' });
  expect(linked.spec.logo).toBe('https://cdn.example.com/logo.png');
});

test('too large, not an image, not base64, or not a manager: refused, nothing stored', async () => {
  const before = await server.runtime.client.count('Attachment');
  const big = Buffer.concat([PNG_1X1, Buffer.alloc(256 * 1024)]);
  const tooBig = await upload({ contentType: 'image/png', data: big.toString('base64') });
  expect([tooBig.status, tooBig.body.code]).toEqual([413, 'ATTACHMENT_TOO_LARGE']);
  const svg = await upload({
    contentType: 'image/svg+xml',
    data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'),
  });
  expect([svg.status, svg.body.code]).toEqual([415, 'ATTACHMENT_TYPE_UNSUPPORTED']);
  const html = await upload({ contentType: 'image/png', data: Buffer.from('<html><script>alert(1)</script>').toString('base64') });
  expect([html.status, html.body.code]).toEqual([400, 'ATTACHMENT_TYPE_MISMATCH']);
  const garbled = await upload({ contentType: 'image/png', data: '***not base64***' });
  expect([garbled.status, garbled.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  const viewer = await as(server, 'viewer', 'POST', `${CONSOLE}/siteplugin-logos`, {
    contentType: 'image/png',
    data: PNG_1X1.toString('base64'),
  });
  expect(viewer.status).toBe(403);
  expect(await server.runtime.client.count('Attachment')).toBe(before);
});
