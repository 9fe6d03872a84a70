/**
 * The API documentation page's examples are copy-ready: filled in with a real server's address and interface
 * public key (uc-ui/src/pages/merchant/api-examples.ts), the curl, Node.js and Python programs run as written
 * against it with a merchant's API key — plain initiation, queries and closing, encrypted initiation — and the
 * notifyUrl verifiers accept a real signed delivery and refuse it altered. The only edit: the examples pay with
 * Alipay face-to-face, which a test server does not have, so the sandbox is put in its place. (No PHP
 * interpreter here: the PHP examples mirror docs/merchant-platform-api.md.)
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { api, configure, CONSOLE, eventually, PUBLIC, startPaymentServer, type PaymentServer } from '../payment/support/payment-server.js';
import { examples, type Examples } from '../../uc-ui/src/pages/merchant/api-examples.js';
import { Merchant } from '../../src/payment/merchants/types.js';
import { PaymentInfo } from '../../src/payment/orders/types.js';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const PLATFORM_GROUP = 'platform.api.payment.authpay.dev';
const PLATFORM = `/apis/${PLATFORM_GROUP}/v1alpha1`;

let server: PaymentServer;
let ex: Examples;
let token: string;
/** Inside the repository, so `import 'jose'` and `import 'express'` resolve as in a merchant's project. */
let dir: string;

/** The examples' payment method is one a test server cannot take: the sandbox instead. */
const sandboxed = (code: string) => code.replaceAll('WALLET_A', 'SANDBOX').replaceAll('FACE_TO_FACE_PAYMENT', 'SIMULATED');

async function runProgram(file: string, code: string, env: Record<string, string> = {}): Promise<string> {
  const target = path.join(dir, file);
  fs.writeFileSync(target, code);
  const command = file.endsWith('.mjs') ? process.execPath : file.endsWith('.py') ? 'python3' : 'bash';
  const { stdout } = await run(command, [target], { cwd: dir, env: { ...process.env, AUTHPAY_TOKEN: token, ...env }, timeout: 60_000 });
  return stdout;
}

const curl = (code: string) => code.replace('TOKEN=<API key>', `TOKEN='${token}'`);

beforeAll(async () => {
  server = await startPaymentServer();
  await configure(server, { sandboxEnabled: true, allowPrivateNotifyTargets: true });
  expect((await api(server, 'PUT', `${CONSOLE}/merchant-settings`, { enabled: true })).status).toBe(200);
  expect(
    (
      await api(server, 'POST', '/apis/console.api.host.authpay.dev/v1alpha1/users', {
        username: 'docs',
        email: 'docs@example.com',
        password: 'user-password-1',
      })
    ).status,
  ).toBe(201);
  await server.payment.deps.client.create(Merchant, {
    metadata: { name: 'docs' },
    spec: {
      merchantName: 'Docs shop',
      contactPerson: 'Docs',
      contactPhone: '+86 138 0000 0000',
      contactEmail: 'docs@example.com',
      businessType: '软件',
      agreementAccepted: true,
      username: 'docs',
      status: 'ACTIVE',
    },
  });
  await eventually(async () => (await server.payment.deps.client.fetch(Merchant, 'docs'))?.status?.roleBound);
  const basic = { authorization: `Basic ${Buffer.from('docs:user-password-1').toString('base64')}` };
  const key = await api<{ token: string }>(
    server,
    'POST',
    '/apis/uc.api.host.authpay.dev/v1alpha1/personalaccesstokens',
    {
      name: 'examples',
      apiGroups: [PLATFORM_GROUP],
    },
    basic,
  );
  token = key.body.data.token;
  const { publicKey } = (await api<{ publicKey: string }>(server, 'GET', `${CONSOLE}/interface-keys/public`)).body.data;
  ex = examples(`${server.url}${PLATFORM}`, publicKey);
  fs.mkdirSync(path.join(ROOT, 'node_modules', '.cache'), { recursive: true });
  dir = fs.mkdtempSync(path.join(ROOT, 'node_modules', '.cache', 'api-examples-'));
}, 90_000);
afterAll(async () => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  await server?.stop();
});

const merchantOrder = async (orderId: string) =>
  (await server.payment.deps.client.list(PaymentInfo, { page: 1, size: 100 })).items.filter(
    (o) => o.spec.platform === 'docs' && o.spec.orderId === orderId,
  );

test('plain initiation runs in curl, Node.js and Python: one order A1001 of the merchant (a retry answers it again)', async () => {
  const fromCurl = JSON.parse(await runProgram('initiate.sh', sandboxed(curl(ex.initiate.curl)))) as {
    success: boolean;
    data: { paymentId: string };
  };
  expect(fromCurl.success).toBe(true);
  const fromNode = await runProgram('initiate.mjs', sandboxed(ex.initiate.node));
  const fromPython = await runProgram('initiate.py', sandboxed(ex.initiate.python));
  for (const out of [fromNode, fromPython]) expect(out).toContain(fromCurl.data.paymentId);
  expect((await merchantOrder('A1001')).map((o) => o.metadata.name)).toEqual([fromCurl.data.paymentId]);
}, 120_000);

test('queries and closing run in curl, Node.js and Python', async () => {
  const [order] = await merchantOrder('A1001');
  const out = await runProgram('query.sh', curl(ex.query.curl).replace('<paymentId>', order.metadata.name));
  expect(out.match(/"success":true/g)).toHaveLength(4);
  expect((await server.payment.deps.client.get(PaymentInfo, order.metadata.name)).spec.status).toBe('FAILED');
  // Closing a closed order again changes nothing, so the programs run to the end.
  expect(await runProgram('query.mjs', ex.query.node)).toMatch(/^FAILED\nFAILED 0\n$/);
  expect(await runProgram('query.py', ex.query.python)).toMatch(/^FAILED\nFAILED 0\n$/);
}, 120_000);

test('encrypted initiation runs in Node.js (jose) and Python (cryptography): one order A1002', async () => {
  const fromNode = (await runProgram('encrypted.mjs', sandboxed(ex.encrypted.node))).trim();
  const fromPython = (await runProgram('encrypted.py', sandboxed(ex.encrypted.python))).trim();
  expect(fromNode).toMatch(/^p\w+$/);
  expect(fromPython).toBe(fromNode);
  expect((await merchantOrder('A1002')).map((o) => o.metadata.name)).toEqual([fromNode]);
}, 120_000);

test('the notifyUrl verifiers (openssl, Node.js, Python) accept a real delivery and refuse an altered one', async () => {
  const received: { body: Buffer; timestamp: string; signature: string }[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks),
        timestamp: String(req.headers['x-authpay-timestamp']),
        signature: String(req.headers['x-authpay-signature']),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
    const order = await api<{ paymentId: string }>(
      server,
      'POST',
      `${PLATFORM}/initiatePayment`,
      {
        orderId: 'A1003',
        subject: 'notify',
        paymentAmount: '1.00',
        paymentType: 'SANDBOX',
        paymentChannel: 'SIMULATED',
        notifyUrl,
      },
      { authorization: `Bearer ${token}` },
    );
    await api(server, 'POST', `${PUBLIC}/payments/${order.body.data.paymentId}/sandboxPay`, { outcome: 'success' }, {});
    const delivery = await eventually(() => received.find((r) => r.body.toString().includes('"SUCCESS"')));

    for (const [body, ok] of [
      [delivery.body, true],
      [Buffer.from(delivery.body.toString().replace('"SUCCESS"', '"FAILED"')), false],
    ] as const) {
      fs.writeFileSync(path.join(dir, 'body.raw'), body);
      const env = { TIMESTAMP: delivery.timestamp, SIGNATURE: delivery.signature };
      const openssl = await runProgram('verify.sh', ex.notify.curl, env).catch((err: { stdout: string }) => err.stdout);
      expect(openssl.trim()).toBe(ok ? 'Verified OK' : 'Verification failure');
      const node = await runProgram(
        'verify.mjs',
        `${ex.notify.node}
const listener = app.listen(0, '127.0.0.1', async () => {
  const { readFileSync } = await import('node:fs');
  const res = await fetch(\`http://127.0.0.1:\${listener.address().port}/pay/notify\`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-authpay-timestamp': process.env.TIMESTAMP,
      'x-authpay-signature': process.env.SIGNATURE,
    },
    body: readFileSync('body.raw'),
  });
  console.log('status', res.status);
  listener.close();
});
`,
        env,
      );
      expect(node).toContain(ok ? 'status 204' : 'status 400');
      const python = await runProgram(
        'verify.py',
        `${ex.notify.python}\n\nimport os\n`
          + 'print(verify_notify(open("body.raw", "rb").read(), os.environ["TIMESTAMP"], os.environ["SIGNATURE"]))\n',
        env,
      );
      expect(python.trim()).toBe(ok ? 'True' : 'False');
    }
  } finally {
    receiver.close();
  }
}, 120_000);
