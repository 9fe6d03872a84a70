/**
 * notifyUrl and returnUrl are checked by the operation's own schema (the host's http-url format): a URL a
 * parser would quietly rewrite is a 400 at the field, never a 422 from the store; an internationalised host
 * is accepted and stored in punycode. Through createPayment (console) and the merchant platform's
 * initiatePayment. (Schema refusals name the field as `body.<field>`, the house's notation for a body property.)
 */
import {
  api,
  configure,
  CONSOLE,
  startPaymentServer,
  type Answer,
  type PaymentServer,
  type PaymentView,
} from '../support/payment-server.js';
import { merchantToken } from '../support/merchant-token.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';

const PLATFORM = '/apis/platform.api.payment.authpay.dev/v1alpha1';

let server: PaymentServer;
let merchant: Record<string, string>;

beforeAll(async () => {
  server = await startPaymentServer();
  await configure(server, { sandboxEnabled: true });
  merchant = await merchantToken(server, 'url-merchant');
}, 60_000);
afterAll(() => server?.stop());

let counter = 0;
const order = (extra: Record<string, unknown>) => ({
  orderId: `url-${++counter}`,
  subject: 'URL input',
  paymentAmount: '1.00',
  paymentType: 'SANDBOX',
  paymentChannel: 'SIMULATED',
  ...extra,
});

type Route = 'createPayment' | 'initiatePayment';
const ROUTES: Route[] = ['createPayment', 'initiatePayment'];

function initiate(route: Route, body: Record<string, unknown>, language = 'zh-CN'): Promise<Answer<PaymentView>> {
  if (route === 'createPayment')
    return api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, body, {
      authorization: 'Bearer payment-bootstrap-token-0123456789abcdef',
      'accept-language': language,
    });
  return api<PaymentView>(server, 'POST', `${PLATFORM}/initiatePayment`, body, { ...merchant, 'accept-language': language });
}

async function ordersWith(orderId: string): Promise<number> {
  const { items } = await server.runtime.client.list(PaymentInfo, { page: 1, size: 500 });
  return items.filter((o) => o.spec.orderId === orderId).length;
}

const REFUSED: Array<[string, string]> = [
  ['a space', 'https://example.com/a b'],
  ['a double quote', 'https://example.com/a"b'],
  ['<', 'https://example.com/<x'],
  ['>', 'https://example.com/x>'],
  ['a backslash', 'https://example.com/a\\b'],
  ['^', 'https://example.com/a^b'],
  ['a backtick', 'https://example.com/a`b'],
  ['{', 'https://example.com/a{b'],
  ['|', 'https://example.com/a|b'],
  ['}', 'https://example.com/a}b'],
  ['a tab', 'https://example.com/a\tb'],
  ['a line feed', 'https://example.com/a\nb'],
  ['a C1 control', 'https://example.com/a\u0085b'],
  ['U+202E (right-to-left override)', 'https://example.com/\u202Egpj.exe'],
  ['U+2066 (left-to-right isolate)', 'https://example.com/\u2066x'],
  ['U+200F (right-to-left mark)', 'https://example.com/\u200Fx'],
  ['an ideographic space', 'https://example.com/a\u3000b'],
  ['a broken escape', 'https://example.com/a%zzb'],
  ['a lone %', 'https://example.com/?q=%'],
  ['a second #', 'https://example.com/x#a#b'],
];

describe.each(ROUTES)('%s', (route) => {
  test.each(REFUSED)('a URL with %s is a 400 at the field (notifyUrl and returnUrl), nothing written', async (_what, url) => {
    for (const field of ['notifyUrl', 'returnUrl']) {
      const body = order({ [field]: url });
      const zh = await initiate(route, body);
      expect({ field, status: zh.status, code: zh.body.code, at: zh.body.details?.[0]?.field }).toEqual({
        field,
        status: 400,
        code: 'VALIDATION_FAILED',
        at: `body.${field}`,
      });
      expect(zh.body.message).not.toMatch(/INVALID|PaymentInfo|payment-/);
      const en = await initiate(route, body, 'en');
      expect(en.body.message).toMatch(new RegExp(field));
      expect(en.body.message).toMatch(/http/);
      expect(await ordersWith(body.orderId as string)).toBe(0);
    }
  });

  test('an internationalised host is accepted and stored in punycode; its path in percent-encoding', async () => {
    const body = order({ notifyUrl: 'https://例子.测试/x', returnUrl: 'https://例子.测试/返回?a=1' });
    const res = await initiate(route, body);
    expect(res.status).toBe(200);
    const { items } = await server.runtime.client.list(PaymentInfo, { page: 1, size: 500 });
    const stored = items.find((o) => o.spec.orderId === body.orderId)!;
    expect(stored.spec.notifyUrl).toBe('https://xn--fsqu00a.xn--0zwm56d/x');
    expect(stored.spec.returnUrl).toBe('https://xn--fsqu00a.xn--0zwm56d/%E8%BF%94%E5%9B%9E?a=1');
  });

  test('an internationalised host is then classified like any other: a local name is refused', async () => {
    const res = await initiate(route, order({ notifyUrl: 'https://打印机.local/x' }));
    expect(res.status).toBe(400);
    expect(res.body.details?.[0]?.field).toBe('notifyUrl');
  });
});

test('updatePayment takes the same format: a space is a 400 at notifyUrl, an IDN host is stored in punycode', async () => {
  const created = await initiate('createPayment', order({}));
  expect(created.status).toBe(200);
  const path = `${CONSOLE}/payments/${created.body.data.paymentId}`;
  const refused = await api(server, 'PUT', path, { returnUrl: 'https://example.com/a b' });
  expect({ status: refused.status, field: refused.body.details?.[0]?.field }).toEqual({ status: 400, field: 'body.returnUrl' });
  const changed = await api<PaymentView>(server, 'PUT', path, { notifyUrl: 'https://例子.测试/n' });
  expect(changed.status).toBe(200);
  const stored = await server.runtime.client.list(PaymentInfo, { page: 1, size: 500 });
  expect(stored.items.find((o) => o.spec.paymentId === created.body.data.paymentId)!.spec.notifyUrl).toBe(
    'https://xn--fsqu00a.xn--0zwm56d/n',
  );
});
