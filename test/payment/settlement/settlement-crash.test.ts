/**
 * kill -9 of the server process in the middle of a big settlement run (SQLite): every record that exists holds
 * exactly the orders marked with its name, no order is marked by a record that does not exist, and after a restart
 * the rest settles, the confirmations credit the ledger and the running totals equal their recomputation.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { KindRegistry } from '../../../src/host/schema/kind-registry.js';
import { eq, notNull } from '../../../src/host/sdk/index.js';
import { openStore } from '../../../src/host/store/open-store.js';
import type { Store } from '../../../src/host/store/store.js';
import { checkBalance } from '../../../src/payment/ledger/read-balance.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';
import { SettlementRecord } from '../../../src/payment/settlement/types.js';
import { systemClock } from '../../../src/host/sdk/index.js';
import { spawnChildServer, type ChildServer } from './child-server.js';
import { seedPaidOrders } from './seed-orders.js';
import { Merchant } from '../../../src/payment/merchants/types.js';

const TOKEN = 'settlement-crash-token-0123456789abcdef';
const ORDERS = 45_000; // three records of about 21,000 orders (the byte budget of one record)
const CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-settle-crash-'));
const env = { AUTHPAY_DATA_DIR: dataDir, AUTHPAY_BOOTSTRAP_TOKEN: TOKEN, AUTHPAY_ADMIN_PASSWORD: 'crash-admin-password-1' };
let store: Store;
let client: ExtensionClient;
let server: ChildServer | undefined;

const call = (method: string, p: string, body?: unknown) =>
  fetch(`${server!.url}${p}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Every record's orders are exactly those marked with its name; no mark points at a missing record. */
async function consistent(): Promise<{ records: SettlementRecord[]; marked: number }> {
  const records = (await client.list(SettlementRecord, { where: eq('spec.merchant', 'crash') })).items;
  for (const r of records) {
    const marked = await client.count(PaymentInfo, eq('spec.settlementName', r.metadata.name));
    expect(marked).toBe(r.spec.orderCount);
    expect(r.spec.paymentIds).toHaveLength(r.spec.orderCount);
  }
  const marked = await client.count(PaymentInfo, notNull('spec.settlementName'));
  expect(marked).toBe(records.reduce((n, r) => n + r.spec.orderCount, 0));
  return { records, marked };
}

beforeAll(async () => {
  const registry = new KindRegistry();
  registry.loadDirectory(path.resolve('extensions'));
  store = await openStore({ dataDir });
  for (const kind of registry.kinds()) await store.ensureKind(kind);
  client = new ExtensionClient(registry, store);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await store?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a kill -9 mid-run leaves whole records only; after a restart everything settles once and the ledger checks', async () => {
  server = await spawnChildServer(env);
  await client.create(Merchant, {
    metadata: { name: 'crash' },
    spec: {
      merchantName: 'Crash shop',
      contactPerson: 'Li Lei',
      contactPhone: '+86 138-0000-0000',
      contactEmail: 'crash@example.com',
      businessType: '软件',
      agreementAccepted: true,
      username: 'crash',
      status: 'ACTIVE',
    },
  });
  const total = await seedPaidOrders(client, 'crash', ORDERS, 'crash');
  const running = call('POST', `${CONSOLE}/settlements/trigger`, { merchant: 'crash' }).catch(() => undefined);
  // Kill as soon as the first record committed: the next round is under way.
  for (;;) {
    if ((await client.count(SettlementRecord)) > 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await server.kill();
  server = undefined;
  await running;
  const afterKill = await consistent();
  expect(afterKill.records.length).toBeGreaterThan(0);
  expect(afterKill.marked).toBeLessThan(ORDERS);

  server = await spawnChildServer(env);
  const again = await call('POST', `${CONSOLE}/settlements/trigger`, { merchant: 'crash' });
  expect(again.status).toBe(200);
  const { records, marked } = await consistent();
  expect(marked).toBe(ORDERS);
  expect(records.reduce((n, r) => n + r.spec.totalAmount, 0)).toBe(total);
  for (const r of records) expect((await call('POST', `${CONSOLE}/settlements/${r.metadata.name}/confirm`, {})).status).toBe(200);
  const check = await checkBalance({ client, clock: systemClock }, 'crash', 'CNY');
  expect(check.matches).toBe(true);
  expect(check.stored.balance).toBe(records.reduce((n, r) => n + r.spec.settlementAmount, 0));
}, 600_000);
