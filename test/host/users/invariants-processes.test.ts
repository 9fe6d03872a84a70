/**
 * Host invariants across two real server processes on one PostgreSQL schema (requests alternate between
 * them): one user per e-mail address at sign-up (userEmailLock), at most 100 access tokens per user
 * (userTokensLock), and one run per Idempotency-Key (the key's record is an object with a deterministic name).
 */
import { eq } from '../../../src/host/store/query.js';
import { basic, bearer, BOOTSTRAP_TOKEN, call } from '../auth/harness.js';
import { describeOnPostgres, startProcessPair, type ProcessPair } from '../../support/process-pair.js';

const pgDescribe = await describeOnPostgres('host two-process race tests');
const UC = '/apis/uc.api.host.authpay.dev/v1alpha1';
const PA_CONSOLE = '/apis/console.api.pluginauth.authpay.dev/v1alpha1';
const PASSWORD = 'user-password-1';
const timeout = () => AbortSignal.timeout(90_000);

pgDescribe('host invariants across two processes (PostgreSQL)', () => {
  let pair: ProcessPair;
  beforeAll(async () => {
    pair = await startProcessPair('host_race');
  }, 240_000);
  afterAll(async () => {
    await pair?.close();
  }, 60_000);

  test('10 concurrent sign-ups with one e-mail address make one user', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(`${pair.pick(i).url}${UC}/signup`, {
          method: 'POST',
          json: { username: `twin${i}`, email: 'Twin@Example.com', password: PASSWORD },
          signal: timeout(),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'ALREADY_EXISTS')).toHaveLength(9);
    expect(await pair.client.count('User', eq('spec.email', 'twin@example.com'))).toBe(1);
  }, 120_000);

  test('20 concurrent token creations with room for 5 under the cap of 100 create 5', async () => {
    await pair.admin('POST', '/apis/console.api.host.authpay.dev/v1alpha1/users', {
      username: 'hoarder',
      email: 'hoarder@example.com',
      password: PASSWORD,
    });
    const apiVersion = pair.client.kind('PersonalAccessToken').apiVersion;
    for (let i = 0; i < 95; i++)
      await pair.client.create({
        apiVersion,
        kind: 'PersonalAccessToken',
        metadata: { generateName: 'pat-' },
        spec: { username: 'hoarder', displayName: `old ${i}`, tokenHash: String(i).padStart(64, '0'), revoked: false },
      });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(`${pair.pick(i).url}${UC}/personalaccesstokens`, {
          method: 'POST',
          headers: basic('hoarder', PASSWORD),
          json: { name: `new ${i}` },
          signal: timeout(),
        }),
      ),
    );
    expect(answers.filter((a) => a.status < 300)).toHaveLength(5);
    expect(answers.filter((a) => a.body.code === 'STATE_CONFLICT')).toHaveLength(15);
    expect(await pair.client.count('PersonalAccessToken', eq('spec.username', 'hoarder'))).toBe(100);
  }, 120_000);

  test('10 concurrent requests with one Idempotency-Key generate the codes once', async () => {
    await pair.admin('POST', `${PA_CONSOLE}/siteplugins`, { key: 'idem', name: 'Idem', price: 10 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call<{ codes: string[] }>(`${pair.pick(i).url}${PA_CONSOLE}/permanentcodes`, {
          method: 'POST',
          headers: { ...bearer(BOOTSTRAP_TOKEN), 'idempotency-key': 'one-click' },
          json: { pluginKey: 'idem', channel: 'card-platform', count: 2 },
          signal: timeout(),
        }),
      ),
    );
    const done = answers.filter((a) => a.status === 201);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(new Set(done.map((a) => a.body.data.codes.join()))).toEqual(new Set([done[0].body.data.codes.join()]));
    expect(answers.filter((a) => a.status !== 201).every((a) => a.body.code === 'IDEMPOTENCY_KEY_IN_USE')).toBe(true);
    expect(await pair.client.count('PermanentAuthCode', eq('spec.pluginKey', 'idem'))).toBe(2);
  }, 120_000);
});
