import crypto from 'node:crypto';
import pg from 'pg';
import { PG_URL, postgresReachable } from '../host/store/harness.js';
import {
  CONSOLE,
  UC,
  admin,
  createPlugin,
  createUser,
  dataOf,
  start,
  type AuthLogView,
  type GeneratedCodes,
  type ListResult,
  type PermanentUser,
  tokenFor,
  withToken,
  type Server,
} from './harness.js';

/**
 * The two promises that need one transaction each: the limit check with its create, and a code's
 * redemption with its record and entitlement. Run on SQLite and on PostgreSQL (a fresh schema).
 */
const reachable = await postgresReachable();
if (!reachable && process.env.CI === 'true') throw new Error(`PostgreSQL is required in CI (${PG_URL})`);

interface Backend {
  name: string;
  env(): Record<string, string>;
  cleanup(): Promise<void>;
}

const sqlite: Backend = { name: 'sqlite', env: () => ({}), cleanup: async () => undefined };

function postgres(): Backend {
  const schema = `pa_conc_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const url = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}schema=${schema}`;
  return {
    name: 'postgres',
    env: () => ({ AUTHPAY_DATABASE_URL: url }),
    cleanup: async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}

const backends = [sqlite, ...(reachable ? [postgres()] : [])];
if (!reachable) console.warn(`PostgreSQL unreachable at ${PG_URL}: the PostgreSQL concurrency cases are skipped`);

describe.each(backends)('concurrency on $name', (backend) => {
  let server: Server;
  let token: string;
  beforeAll(async () => {
    server = await start({ env: backend.env() });
    await createUser(server, 'racer');
    token = await tokenFor(server, 'racer');
    await createPlugin(server, { key: 'limited', price: 10, authCountLimit: 3 });
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
    await backend.cleanup();
  });

  test('50 concurrent applications for one user and plugin with limit 3 leave exactly 3 records', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        withToken(server, token, 'POST', `${UC}/authorizations`, { pluginKey: 'limited', domain: `site-${i}.example.com` }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(3);
    expect(answers.filter((a) => a.body.code === 'AUTH_LIMIT_EXCEEDED')).toHaveLength(47);
    const mine = dataOf(await withToken<ListResult<AuthLogView>>(server, token, 'GET', `${UC}/authorizations?pluginKey=limited`));
    expect(mine.total).toBe(3);
  }, 30_000);

  test('50 concurrent redemptions of one code succeed once', async () => {
    const { codes } = dataOf(
      await admin<GeneratedCodes>(server, 'POST', `${CONSOLE}/permanentcodes`, {
        pluginKey: 'limited',
        channel: 'card-platform',
        count: 1,
      }),
    );
    await admin(server, 'PUT', `${CONSOLE}/siteplugins/limited`, { authCountLimit: -1 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        withToken(server, token, 'POST', `${UC}/authorizations/activate`, {
          pluginKey: 'limited',
          domain: `code-${i}.example.com`,
          code: codes[0],
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 'CODE_USED')).toHaveLength(49);
    const records = dataOf(await admin<ListResult<AuthLogView>>(server, 'GET', `${CONSOLE}/authlogs?keyword=code-&size=100`));
    expect(records.total).toBe(1);
    expect(records.items[0].spec).toMatchObject({ authStatus: 1, expireTime: '2099-12-31T23:59:59Z' });
    expect(dataOf(await admin<ListResult<PermanentUser>>(server, 'GET', `${CONSOLE}/permanentusers?authUser=racer`)).total).toBe(1);
  }, 30_000);
});
