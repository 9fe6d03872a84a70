import { Merchant } from '../../../src/payment/merchants/types.js';
import { api, type PaymentServer } from './payment-server.js';

const HOST_CONSOLE = '/apis/console.api.host.authpay.dev/v1alpha1';
const HOST_UC = '/apis/uc.api.host.authpay.dev/v1alpha1';

/**
 * A user with the platform role and an ACTIVE merchant record (both named `username`), and the headers of a
 * personal access token of theirs: what a merchant's own integration calls the platform API with.
 */
export async function merchantToken(server: PaymentServer, username: string): Promise<Record<string, string>> {
  const password = 'user-password-1';
  const created = await api(server, 'POST', `${HOST_CONSOLE}/users`, {
    username,
    email: `${username}@example.com`,
    password,
    roles: ['role-template-payment-platform-manage'],
  });
  expect(created.status).toBe(201);
  await server.payment.deps.client.create(Merchant, {
    metadata: { name: username },
    spec: {
      merchantName: `${username} shop`,
      contactPerson: username,
      contactPhone: '+86 138 0000 0000',
      contactEmail: `${username}@example.com`,
      businessType: 'retail',
      agreementAccepted: true,
      username,
      status: 'ACTIVE',
    },
  });
  const login = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]);
  const session = { cookie: cookies.join('; '), 'x-xsrf-token': csrf };
  const token = await api<{ token: string }>(server, 'POST', `${HOST_UC}/personalaccesstokens`, { name: 'api' }, session);
  expect(token.status).toBe(201);
  return { authorization: `Bearer ${token.body.data.token}` };
}
