/**
 * The site's icon is public: a browser asks for /favicon.ico on every page that names none (the log-in page,
 * an API answer opened in a tab), logged in or not, and gets an image, not a 401.
 */
import { FAVICON_SVG } from '../../../src/host/ui/favicon.js';
import { startTempServer, type TempServer } from '../../support/temp-server.js';

let server: TempServer;
beforeAll(async () => {
  server = await startTempServer({ prefix: 'authpay-favicon' });
}, 60_000);
afterAll(() => server?.stop());

test.each(['/favicon.ico', '/favicon.svg'])('%s answers the icon to an anonymous caller', async (path) => {
  const res = await fetch(`${server.url}${path}`);
  expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([200, 'image/svg+xml; charset=utf-8', FAVICON_SVG]);
  expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
});

test('a HEAD of the icon answers without a body; other methods are not the icon', async () => {
  const head = await fetch(`${server.url}/favicon.ico`, { method: 'HEAD' });
  expect([head.status, head.headers.get('content-type')]).toEqual([200, 'image/svg+xml; charset=utf-8']);
  const post = await fetch(`${server.url}/favicon.ico`, { method: 'POST' });
  expect(post.status).not.toBe(200);
});
