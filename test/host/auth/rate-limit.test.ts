import { startWellInsideAMinute } from '../../support/rate-window.js';
import { ADMIN_PASSWORD, UC, basic, call, createUser, start, type Server } from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await start({ relax: false });
  await createUser(server, 'kate');
  // Both tests count this address's attempts of one minute.
  await startWellInsideAMinute();
}, 60_000);
afterAll(async () => {
  await server.stop();
});

const attempt = (username: string, password: string) => call(`${server.url}/login`, { method: 'POST', json: { username, password } });

test('five failures for one user name lock it for a while with 429 and Retry-After, even with the right password', async () => {
  for (let i = 0; i < 5; i++) expect((await attempt('kate', `wrong-password-${i}`)).status).toBe(401);
  const locked = await attempt('kate', 'user-password-1');
  expect(locked.status).toBe(429);
  expect(locked.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(locked.setCookies).toEqual([]);
  // Basic authentication shares the per-user failure budget.
  expect((await call(`${server.url}${UC}/users/-`, { headers: basic('kate', 'user-password-1') })).status).toBe(429);
});

test('more than ten log-in attempts a minute from one address get 429', async () => {
  // The previous test spent 5 of this address's 10 attempts (refused ones are not counted); admin's own
  // failure budget is untouched, so only the address limit can refuse these.
  const statuses: number[] = [];
  let refused;
  for (let i = 0; i < 8 && !refused; i++) {
    const res = await attempt('admin', ADMIN_PASSWORD);
    statuses.push(res.status);
    if (res.status === 429) refused = res;
  }
  expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
  expect(refused?.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
});
