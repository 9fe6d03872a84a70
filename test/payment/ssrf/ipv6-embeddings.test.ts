/**
 * Every IPv6 form that carries an IPv4 address (issue #28 item 4), through the notifyUrl check at input
 * (createPayment: a 400 at the field unless allowPrivateNotifyTargets is on) and through the lookup that
 * delivery connects with (the resolved address is classified before connecting).
 */
import { api, configure, CONSOLE, startPaymentServer, type PaymentServer, type PaymentView } from '../support/payment-server.js';
import { BlockedTargetError, guardedLookup } from '../../../src/payment/ssrf/ssrf-guard.js';

/** Each form carrying a private, loopback or otherwise non-public IPv4 address (or unclassifiable). */
const NON_PUBLIC: Array<[form: string, address: string]> = [
  ['IPv4-mapped', '::ffff:10.0.0.1'],
  ['IPv4-compatible', '::127.0.0.1'],
  ['IPv4-translated (RFC 2765)', '::ffff:0:127.0.0.1'],
  ['IPv4-translated, hex', '::ffff:0:a9fe:a9fe'],
  ['NAT64 well-known /96', '64:ff9b::a9fe:a9fe'],
  ['NAT64 local-use, /96 reading', '64:ff9b:1::c0a8:101'],
  ['NAT64 local-use, /48 reading', '64:ff9b:1:a00:0:100::'],
  ['NAT64 local-use, /56 reading', '64:ff9b:1:5d7f:0:1:808:808'],
  ['Teredo client (inverted)', '2001:0:5db8:d822:8000:ffff:80ff:fffe'],
  ['Teredo server', '2001:0:a00:1::a247:27dd'],
  ['6to4', '2002:c0a8:101::1'],
  ['ISATAP', '2a00:1450:4001:1:0:5efe:a00:1'],
  ['ISATAP with the u bit', '2a00:1450:4001:1:200:5efe:7f00:1'],
  ['unclassifiable (outside global unicast)', '4000::1'],
];

/** The same forms carrying public addresses (in every reading). */
const PUBLIC = [
  '::ffff:93.184.216.34',
  '::ffff:0:93.184.216.34',
  '64:ff9b::93.184.216.34',
  '64:ff9b:1:5db8:d8:2208:808:808',
  '2001:0:5db8:d822:8000:ffff:a247:27dd',
  '2002:5db8:d822::1',
  '2a00:1450:4001:1:200:5efe:5db8:d822',
];

let server: PaymentServer;

beforeAll(async () => {
  server = await startPaymentServer();
  await configure(server, { sandboxEnabled: true, allowPrivateNotifyTargets: false });
}, 60_000);
afterAll(() => server?.stop());

let counter = 0;
const initiate = (notifyUrl: string) =>
  api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId: `v6-${++counter}`,
    subject: 'IPv6 embeddings',
    paymentAmount: '1.00',
    paymentType: 'SANDBOX',
    paymentChannel: 'SIMULATED',
    notifyUrl,
  });

describe('notifyUrl at input', () => {
  test.each(NON_PUBLIC)('%s (%s) is a 400 at notifyUrl', async (_form, address) => {
    const res = await initiate(`http://[${address}]/hook`);
    expect({ status: res.status, code: res.body.code, field: res.body.details?.[0]?.field }).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      field: 'notifyUrl',
    });
  });

  test.each(PUBLIC)('%s, carrying only public addresses, is accepted', async (address) => {
    expect((await initiate(`https://[${address}]/hook`)).status).toBe(200);
  });

  test('with allowPrivateNotifyTargets on, every form is accepted (a development setting)', async () => {
    await configure(server, { allowPrivateNotifyTargets: true });
    try {
      for (const [form, address] of NON_PUBLIC) {
        const res = await initiate(`http://[${address}]/hook`);
        expect({ form, status: res.status }).toEqual({ form, status: 200 });
      }
    } finally {
      await configure(server, { allowPrivateNotifyTargets: false });
    }
  });
});

/** What the delivery's lookup does with a name resolving to `address`: the address used, or its refusal. */
function lookUp(address: string, allowPrivate: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    guardedLookup(allowPrivate)(address, {}, (err, resolved) => (err ? reject(err) : resolve(resolved as string)));
  });
}

describe('delivery-time lookup', () => {
  test.each(NON_PUBLIC)('%s (%s) is not connected to', async (_form, address) => {
    await expect(lookUp(address, false)).rejects.toThrow(BlockedTargetError);
    await expect(lookUp(address, true)).resolves.toBe(address);
  });

  test.each(PUBLIC)('%s is connected to', async (address) => {
    await expect(lookUp(address, false)).resolves.toBe(address);
  });
});
