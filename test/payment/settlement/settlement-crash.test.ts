/**
 * kill -9 of the server process in the middle of big settlement work (SQLite): while records are BUILDING, while a
 * rejected record releases its orders and while a deleted one does. Every record that exists holds exactly the
 * orders marked with its name (fewer only while it is `releasing`), no order is marked by a record that does not
 * exist, and after a restart repeating the same action finishes the rest: the confirmations credit the ledger and
 * the running totals equal their recomputation.
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
const ORDERS = 50_000; // three records: two of about 23,000 orders (the byte budget of one record) and the rest
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

/**
 * Every record's orders are exactly those marked with its name, except a record `releasing` its orders (some of
 * them may still be marked) and a FAILED one (released); no mark points at a missing record.
 */
async function consistent(): Promise<{ records: SettlementRecord[]; marked: number }> {
  const records = (await client.list(SettlementRecord, { where: eq('spec.merchant', 'crash') })).items;
  let expected = 0;
  for (const r of records) {
    const marked = await client.count(PaymentInfo, eq('spec.settlementName', r.metadata.name));
    expect(r.spec.paymentIds).toHaveLength(r.spec.status === 'BUILDING' ? 0 : r.spec.orderCount); // written when sealed
    if (r.spec.releasing) expect(marked).toBeLessThanOrEqual(r.spec.orderCount);
    else expect(marked).toBe(r.spec.status === 'FAILED' ? 0 : r.spec.orderCount);
    expected += marked;
  }
  const marked = await client.count(PaymentInfo, notNull('spec.settlementName'));
  expect(marked).toBe(expected);
  return { records, marked };
}

async function until(what: () => Promise<boolean>): Promise<void> {
  while (!(await what())) await new Promise((r) => setTimeout(r, 20));
}

async function record(name: string): Promise<SettlementRecord | undefined> {
  return client.fetch(SettlementRecord, name);
}

/** Starts `action` over HTTP, kills the server once `cut` holds, and starts a new server. */
async function killWhen(action: () => Promise<unknown>, cut: () => Promise<boolean>): Promise<void> {
  const running = action().catch(() => undefined);
  await until(cut);
  await server!.kill();
  server = undefined;
  await running;
  server = await spawnChildServer(env);
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

const markedBy = (name: string) => client.count(PaymentInfo, eq('spec.settlementName', name));
let records: SettlementRecord[] = [];
let total = 0;

test('a kill -9 while records are BUILDING leaves whole records; the same trigger again finishes them, each settled once', async () => {
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
  total = await seedPaidOrders(client, 'crash', ORDERS, 'crash');
  // Kill once a record is past its first chunks: it is BUILDING with some of its orders.
  const building = async () => {
    const open = (await client.list(SettlementRecord, { where: eq('spec.status', 'BUILDING') })).items;
    return open.some((r) => r.spec.orderCount >= 2_000);
  };
  await killWhen(() => call('POST', `${CONSOLE}/settlements/trigger`, { merchant: 'crash' }), building);
  const afterKill = await consistent();
  expect(afterKill.records.some((r) => r.spec.status === 'BUILDING')).toBe(true);
  expect(afterKill.marked).toBeGreaterThan(0);
  expect(afterKill.marked).toBeLessThan(ORDERS);

  const again = await call('POST', `${CONSOLE}/settlements/trigger`, { merchant: 'crash' });
  expect(again.status).toBe(200);
  ({ records } = await consistent());
  records.sort((a, b) => b.spec.orderCount - a.spec.orderCount); // the two big ones are rejected and deleted below
  expect(records.map((r) => r.spec.status)).toEqual(records.map(() => 'PENDING'));
  expect(records.length).toBeGreaterThanOrEqual(3);
  expect(records.reduce((n, r) => n + r.spec.orderCount, 0)).toBe(ORDERS);
  expect(new Set(records.flatMap((r) => r.spec.paymentIds)).size).toBe(ORDERS);
  expect(records.reduce((n, r) => n + r.spec.totalAmount, 0)).toBe(total);
  const confirmed = records[2];
  expect((await call('POST', `${CONSOLE}/settlements/${confirmed.metadata.name}/confirm`, {})).status).toBe(200);
  const check = await checkBalance({ client, clock: systemClock }, 'crash', 'CNY');
  expect(check.matches).toBe(true);
  expect(check.stored.balance).toBe(confirmed.spec.settlementAmount);
}, 600_000);

test('a kill -9 while a rejected record releases its orders: rejecting again finishes the release', async () => {
  const { name } = records[0].metadata;
  const cut = async () => (await markedBy(name)) < records[0].spec.orderCount - 1_000;
  await killWhen(() => call('POST', `${CONSOLE}/settlements/${name}/reject`, { remark: 'crash test' }), cut);
  const afterKill = await record(name);
  expect(afterKill?.spec).toMatchObject({ status: 'FAILED', releasing: true });
  expect(await markedBy(name)).toBeGreaterThan(0);
  await consistent();

  const again = await call('POST', `${CONSOLE}/settlements/${name}/reject`, { remark: 'crash test' });
  expect(again.status).toBe(200);
  expect((await record(name))?.spec.releasing).toBeUndefined();
  expect(await markedBy(name)).toBe(0);
  await consistent();
}, 600_000);

test('a kill -9 while a deleted PENDING record releases its orders: it cannot be confirmed; deleting again finishes', async () => {
  const { name } = records[1].metadata;
  const cut = async () => (await markedBy(name)) < records[1].spec.orderCount - 1_000;
  await killWhen(() => call('DELETE', `${CONSOLE}/settlements/${name}`), cut);
  expect((await record(name))?.spec).toMatchObject({ status: 'PENDING', releasing: true });
  await consistent();
  expect((await call('POST', `${CONSOLE}/settlements/${name}/confirm`, {})).status).toBe(409);

  expect((await call('DELETE', `${CONSOLE}/settlements/${name}`)).status).toBe(200);
  expect(await record(name)).toBeUndefined();
  expect(await markedBy(name)).toBe(0);
  const { marked } = await consistent();
  // The released orders of both records settle again, once.
  expect((await call('POST', `${CONSOLE}/settlements/trigger`, { merchant: 'crash' })).status).toBe(200);
  expect((await consistent()).marked).toBe(marked + records[0].spec.orderCount + records[1].spec.orderCount);
}, 600_000);
