/**
 * The host's attachment store on a real server: a service saves a small image, anyone fetches it at
 * /attachments/{name} with its content type and safe headers; wrong types, mislabelled bytes and files over the
 * limit are refused with their codes and nothing is stored.
 */
import { isAppError } from '../../../src/host/sdk/index.js';
import { PNG_1X1 } from '../../support/images.js';
import { startTempServer, type TempServer } from '../../support/temp-server.js';

let server: TempServer;
beforeAll(async () => {
  server = await startTempServer({ prefix: 'authpay-attachments' });
});
afterAll(() => server.stop());

async function refusal(promise: Promise<unknown>): Promise<{ code: string; status: number }> {
  try {
    await promise;
  } catch (err) {
    if (isAppError(err)) return { code: err.code, status: err.status };
    throw err;
  }
  throw new Error('expected a refusal');
}

test('a saved image is served anonymously with its content type, caching and nosniff; removed, it is gone', async () => {
  const store = server.runtime.attachments;
  const ref = await store.save({ contentType: 'image/png', data: PNG_1X1, filename: 'logo.png', owner: 'SitePlugin/x' });
  expect(ref).toMatchObject({ contentType: 'image/png', size: PNG_1X1.length });
  expect(ref.url).toBe(`/attachments/${ref.name}`);
  expect(store.nameOf(ref.url)).toBe(ref.name);
  expect(store.nameOf('https://cdn.example.com/logo.png')).toBeUndefined();

  const res = await fetch(`${server.url}${ref.url}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('cache-control')).toContain('immutable');
  expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG_1X1);
  const again = await fetch(`${server.url}${ref.url}`, { headers: { 'if-none-match': res.headers.get('etag')! } });
  expect(again.status).toBe(304);

  await store.remove(ref.name);
  expect((await fetch(`${server.url}${ref.url}`)).status).toBe(404);
  expect((await fetch(`${server.url}/attachments/not-a-name`)).status).toBe(404);
});

test('an SVG, bytes that are not the claimed image and a file over the limit are refused, and nothing is stored', async () => {
  const store = server.runtime.attachments;
  const before = await server.runtime.client.count('Attachment');
  expect(await refusal(store.save({ contentType: 'image/svg+xml', data: Buffer.from('<svg/>') }))).toEqual({
    code: 'ATTACHMENT_TYPE_UNSUPPORTED',
    status: 415,
  });
  expect(await refusal(store.save({ contentType: 'image/jpeg', data: PNG_1X1 }))).toEqual({ code: 'ATTACHMENT_TYPE_MISMATCH', status: 400 });
  const big = Buffer.concat([PNG_1X1, Buffer.alloc(2048)]);
  expect(await refusal(store.save({ contentType: 'image/png', data: big, maxBytes: 1024 }))).toEqual({
    code: 'ATTACHMENT_TOO_LARGE',
    status: 413,
  });
  expect(await server.runtime.client.count('Attachment')).toBe(before);
});
