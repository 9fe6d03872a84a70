/**
 * The plugin-auth invariants across two real server processes on one PostgreSQL schema (the requests
 * alternate between them): the domain limit (userDomainsLock), one redemption per code (codeLock) and one
 * open checkout per buyer and plugin (checkoutLock). None rests on the store serializing all writers.
 */
import { and, eq } from '../../src/host/sdk/index.js';
import { PaymentInfo } from '../../src/payment/orders/types.js';
import { SitePluginAuthLog } from '../../src/plugin-auth/auth-log/types.js';
import { PermanentAuthUser } from '../../src/plugin-auth/permanent-users/types.js';
import type { CheckoutAnswer } from '../../src/plugin-auth/purchases/checkout-plugin.js';
import { basic, bearer, call, type Answer, type CreatedToken } from '../host/auth/harness.js';
import { describeOnPostgres, startProcessPair, type ProcessPair } from '../support/process-pair.js';
import { CONSOLE, PASSWORD, UC, type GeneratedCodes } from './harness.js';
import { SANDBOX } from './purchases/purchase-harness.js';

const pgDescribe = await describeOnPostgres('plugin-auth two-process race tests');
const HOST_UC = '/apis/uc.api.host.authpay.dev/v1alpha1';
const STEP = { signal: () => AbortSignal.timeout(90_000) };

pgDescribe('plugin-auth invariants across two processes (PostgreSQL)', () => {
  let pair: ProcessPair;
  let token: string;
  beforeAll(async () => {
    pair = await startProcessPair('pa_race');
    await pair.admin('POST', '/apis/console.api.host.authpay.dev/v1alpha1/users', {
      username: 'racer',
      email: 'racer@example.com',
      password: PASSWORD,
    });
    const created = await call<CreatedToken>(`${pair.processes[0].url}${HOST_UC}/personalaccesstokens`, {
      method: 'POST',
      headers: basic('racer', PASSWORD),
      json: { name: 'race' },
    });
    token = created.body.data.token;
    await pair.admin('POST', `${CONSOLE}/siteplugins`, { key: 'limited', name: 'Limited', price: 10, authCountLimit: 3 });
  }, 240_000);
  afterAll(async () => {
    await pair?.close();
  }, 60_000);

  const asRacer = <T>(i: number, method: string, apiPath: string, json: unknown): Promise<Answer<T>> =>
    call<T>(`${pair.pick(i).url}${apiPath}`, { method, headers: bearer(token), json, signal: STEP.signal() });

  test('50 concurrent applications under a domain limit of 3 leave exactly 3 records', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        asRacer(i, 'POST', `${UC}/authorizations`, { pluginKey: 'limited', domain: `site-${i}.example.com` }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.body.code === 'AUTH_LIMIT_EXCEEDED')).toHaveLength(47);
    const where = and(eq('spec.pluginKey', 'limited'), eq('spec.authUser', 'racer'));
    expect(await pair.client.count(SitePluginAuthLog, where)).toBe(3);
  }, 120_000);

  test('50 concurrent redemptions of one code: one succeeds, 49 find it used', async () => {
    await pair.admin('POST', `${CONSOLE}/siteplugins`, { key: 'coded', name: 'Coded', price: 10, authCountLimit: -1 });
    const { codes } = await pair.admin<GeneratedCodes>('POST', `${CONSOLE}/permanentcodes`, {
      pluginKey: 'coded',
      channel: 'card-platform',
      count: 1,
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        asRacer(i, 'POST', `${UC}/authorizations/activate`, { pluginKey: 'coded', domain: `code-${i}.example.com`, code: codes[0] }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 'CODE_USED')).toHaveLength(49);
    expect(await pair.client.count(SitePluginAuthLog, eq('spec.pluginKey', 'coded'))).toBe(1);
    expect(await pair.client.count(PermanentAuthUser, eq('spec.pluginKey', 'coded'))).toBe(1);
  }, 120_000);

  test('10 concurrent checkouts of one plugin by one buyer make one order', async () => {
    await pair.admin('POST', `${CONSOLE}/siteplugins`, { key: 'for-sale', name: 'For sale', price: 49 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call<CheckoutAnswer>(`${pair.pick(i).url}${UC}/checkouts`, {
          method: 'POST',
          headers: basic('racer', PASSWORD),
          json: { pluginKey: 'for-sale', ...SANDBOX },
          signal: STEP.signal(),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.data.paymentId)).size).toBe(1);
    expect(await pair.client.count(PaymentInfo, eq('spec.username', 'racer'))).toBe(1);
  }, 180_000);
});
