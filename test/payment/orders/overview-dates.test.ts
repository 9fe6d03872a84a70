import { api, BOOTSTRAP_TOKEN, CONSOLE, startPaymentServer, type Answer, type PaymentServer } from '../support/payment-server.js';
import { merchantToken } from '../support/merchant-token.js';

const PLATFORM = '/apis/platform.api.payment.authpay.dev/v1alpha1';

let server: PaymentServer;
let merchant: Record<string, string>;

interface Refusal {
  success: false;
  code: string;
  details?: Array<{ field: string; message: string; messageEn?: string }>;
}

beforeAll(async () => {
  server = await startPaymentServer();
  merchant = await merchantToken(server, 'overview-merchant');
}, 60_000);
afterAll(() => server?.stop());

const overview = (query: string, headers: Record<string, string> = {}) =>
  api(server, 'GET', `${CONSOLE}/overview?${query}`, undefined, { authorization: `Bearer ${BOOTSTRAP_TOKEN}`, ...headers });
const merchantOverview = (query: string, headers: Record<string, string> = {}) =>
  api(server, 'GET', `${PLATFORM}/overviewData?${query}`, undefined, { ...merchant, ...headers });

function expectRefusedAt(res: Answer, field: string): void {
  expect(res.status).toBe(400);
  const body = res.body as unknown as Refusal;
  expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  expect(body.details?.map((d) => d.field)).toContain(field);
}

describe.each([
  ['the console overview (getPaymentOverview)', overview],
  ["the merchant's overview (overviewData)", merchantOverview],
])('%s refuses a day that does not exist at the field', (_name, call) => {
  test.each([
    ['to=2025-02-30', 'query.to'],
    ['to=2023-02-29', 'query.to'],
    ['to=2025-13-01', 'query.to'],
    ['to=2025-04-31', 'query.to'],
    ['from=2025-02-30&to=2025-03-05', 'query.from'],
    ['from=2025-00-10', 'query.from'],
  ])('%s → 400 at %s, not 500', async (query, field) => {
    expectRefusedAt(await call(query), field);
  });

  test('a leap day that exists is answered', async () => {
    const res = await call('from=2024-02-28&to=2024-03-01');
    expect(res.status).toBe(200);
    expect((res.body.data as { trend: unknown[] }).trend).toHaveLength(3);
  });

  test('the message says why in both languages', async () => {
    const detailOf = (res: Answer) => (res.body as unknown as Refusal).details!.find((d) => d.field === 'query.to')!;
    expect(detailOf(await call('to=2025-02-30')).message).toMatch(/存在的日期/);
    expect(detailOf(await call('to=2025-02-30', { 'accept-language': 'en' })).message).toMatch(/a date that exists/);
  });
});

describe('list filters refuse a time that rolls over', () => {
  test.each([
    [`${CONSOLE}/payments?createdTo=2025-02-30`, 'query.createdTo'],
    [`${CONSOLE}/payments?createdFrom=2025-02-28T24:00:00Z`, 'query.createdFrom'],
    [`${CONSOLE}/payments?createdFrom=2025-06-30T23:59:60Z`, 'query.createdFrom'],
    [`${CONSOLE}/settlements?createdTo=2024-11-31`, 'query.createdTo'],
    [`${CONSOLE}/withdrawals?from=2025-02-29`, 'query.from'],
    [`${CONSOLE}/withdrawals?to=2025-01-01T12:60:00Z`, 'query.to'],
    [`${CONSOLE}/reports/reconciliation?from=2025-01-01&to=2025-02-31`, 'query.to'],
  ])('%s → 400 at %s', async (path, field) => {
    expectRefusedAt(await api(server, 'GET', path), field);
  });

  test('a day or an RFC 3339 time that exists is still a filter', async () => {
    expect((await api(server, 'GET', `${CONSOLE}/payments?createdFrom=2024-02-29&createdTo=2025-01-01T08:00:00%2B08:00`)).status).toBe(200);
  });
});
