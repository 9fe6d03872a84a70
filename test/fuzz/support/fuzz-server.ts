import { startTempServer, type TempServer } from '../../support/temp-server.js';
import { relaxed } from '../../host/auth/harness.js';
import { DOOMED_NAME, SEED_NAME, manifestOf, type GenericResource } from '../walker/generic-walker.js';
import type { OpenApiDocument } from '../walker/openapi-walker.js';
import type { Caller } from '../walker/target.js';
import { WriteLog } from './write-log.js';

const BOOTSTRAP_TOKEN = 'fuzz-bootstrap-token-0123456789abcdef';
const ADMIN_PASSWORD = 'fuzz-admin-password-1';
const USER = 'fuzz-user';
const USER_PASSWORD = 'fuzz-user-password-1';

/** A real server (SQLite in a temporary directory) with the three callers' credentials and a log of its writes. */
export interface FuzzServer {
  server: TempServer;
  url: string;
  headers: Record<Caller, Record<string, string>>;
  writes: WriteLog;
  openApi: OpenApiDocument;
  resources: GenericResource[];
  stop(): Promise<void>;
}

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown; cookies: string[] }> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body, cookies: res.headers.getSetCookie() };
}

function must<T>(res: { status: number; body: unknown }, what: string, ok = [200, 201]): T {
  if (!ok.includes(res.status)) throw new Error(`fuzz set-up: ${what} answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/** A personal access token of a plain user: sign in, create the token with the session's CSRF token. */
async function userToken(url: string, admin: Record<string, string>): Promise<{ token: string; name: string }> {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    json(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  must(
    await post(
      '/apis/console.api.host.authpay.dev/v1alpha1/users',
      { username: USER, email: 'fuzz@example.com', password: USER_PASSWORD },
      admin,
    ),
    'createUser',
  );
  const login = await post('/login', { username: USER, password: USER_PASSWORD });
  must(login, 'login');
  const cookie = (name: string) => login.cookies.map((c) => c.split(';')[0]).find((c) => c.startsWith(`${name}=`))!;
  const csrf = decodeURIComponent(cookie('XSRF-TOKEN').split('=')[1]);
  const created = must<{ data: { token: string; name: string } }>(
    await post(
      '/apis/uc.api.host.authpay.dev/v1alpha1/personalaccesstokens',
      { name: 'fuzz' },
      { cookie: `${cookie('AUTHPAY_SESSION')}; ${cookie('XSRF-TOKEN')}`, 'x-xsrf-token': csrf },
    ),
    'createPersonalAccessToken',
  );
  return created.data;
}

async function discover(url: string, admin: Record<string, string>): Promise<GenericResource[]> {
  const groups = must<{ groups: { preferredVersion: { groupVersion: string } }[] }>(
    await json(`${url}/apis`, { headers: admin }),
    'discovery',
  );
  const out: GenericResource[] = [];
  for (const g of groups.groups) {
    const gv = g.preferredVersion.groupVersion;
    const list = must<{ resources: { name: string; kind: string }[] }>(
      await json(`${url}/apis/${gv}`, { headers: admin }),
      `discovery of ${gv}`,
    );
    for (const r of list.resources.filter((x) => !x.name.includes('/'))) out.push({ groupVersion: gv, plural: r.name, kind: r.kind });
  }
  return out;
}

/** Objects get, patch and delete can reach: the seed (patched, never deleted) and one to delete. */
async function seed(url: string, admin: Record<string, string>, resources: GenericResource[]): Promise<void> {
  for (const r of resources) {
    for (const name of [SEED_NAME, DOOMED_NAME]) {
      await json(`${url}/apis/${r.groupVersion}/${r.plural}`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify(manifestOf(r, name)),
      });
    }
  }
}

export async function startFuzzServer(): Promise<FuzzServer> {
  const server = await startTempServer({
    prefix: 'authpay-fuzz',
    env: { AUTHPAY_ADMIN_PASSWORD: ADMIN_PASSWORD, AUTHPAY_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN },
    // FUZZ_LOG_LEVEL=error shows the server's own account of each 500 (stack included) while investigating.
    config: { logLevel: process.env.FUZZ_LOG_LEVEL ?? 'silent' },
  });
  try {
    server.runtime.auth.useSettings(relaxed());
    const admin = { authorization: `Bearer ${BOOTSTRAP_TOKEN}` };
    const pat = await userToken(server.url, admin);
    const user = { authorization: `Bearer ${pat.token}` };
    // Rate limits would turn most public requests into 429s and hide what lies behind them.
    must(
      await json(`${server.url}/apis/console.api.pluginauth.authpay.dev/v1alpha1/settings`, {
        method: 'PUT',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ publicRateLimitPerMinute: 0, dockingRateLimitPerMinute: 0 }),
      }),
      'updatePluginAuthSettings',
    );
    const openApi = must<OpenApiDocument>(await json(`${server.url}/openapi.json`, { headers: admin }), 'openapi.json');
    const resources = await discover(server.url, admin);
    await seed(server.url, admin, resources);
    const writes = await WriteLog.start(server.runtime.client.store, [await server.runtime.client.get('PersonalAccessToken', pat.name)]);
    return {
      server,
      url: server.url,
      headers: { anonymous: {}, user, admin },
      writes,
      openApi,
      resources,
      stop: async () => {
        writes.stop();
        await server.stop();
      },
    };
  } catch (err) {
    await server.stop();
    throw err;
  }
}
