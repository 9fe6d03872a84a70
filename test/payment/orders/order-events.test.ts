import path from 'node:path';
import pino from 'pino';
import { ExtensionClient } from '../../../src/host/client/extension-client.js';
import { KindRegistry } from '../../../src/host/schema/kind-registry.js';
import { SqliteStore } from '../../../src/host/store/sqlite-store.js';
import { systemClock } from '../../../src/host/sdk/index.js';
import { OrderEvents, type OrderDeps, type OrderEvent } from '../../../src/payment/orders/order-events.js';
import { applyTransition } from '../../../src/payment/orders/state-machine.js';
import { PaymentInfo, type PaymentInfoSpec } from '../../../src/payment/orders/types.js';

const registry = new KindRegistry();
registry.loadDirectory(path.resolve('extensions'));
let store: SqliteStore;
let client: ExtensionClient;
let events: OrderEvents;
let deps: OrderDeps;

const SPEC: PaymentInfoSpec = {
  orderId: 'o-1',
  paymentId: 'p20260101events',
  subject: 's',
  paymentAmount: 100,
  currency: 'CNY',
  paymentType: 'SANDBOX',
  paymentChannel: 'SIMULATED',
  platform: 'system',
  status: 'PAYING',
};

beforeEach(async () => {
  store = new SqliteStore(':memory:');
  await store.ensureKind(registry.get('PaymentInfo'));
  client = new ExtensionClient(registry, store);
  events = new OrderEvents(pino({ level: 'silent' }));
  // A transition to FAILED touches only these (SUCCESS would also read the settings for the day's totals).
  deps = { client, clock: systemClock, logger: pino({ level: 'silent' }), orderEvents: events } as OrderDeps;
});
afterEach(() => store.close());

const newOrder = () => client.create(PaymentInfo, { metadata: { name: SPEC.paymentId }, spec: SPEC });

describe('order events', () => {
  test('recorders run inside the transaction of the change, listeners only after it committed', async () => {
    const seen: string[] = [];
    events.onRecord(async (event) => {
      seen.push(`record ${event.eventId} in transaction: ${client.inTransaction()}`);
    });
    events.onCommitted((event) => {
      seen.push(`committed ${event.from}->${event.to} in transaction: ${client.inTransaction()}`);
    });
    const outcome = await applyTransition(deps, await newOrder(), { to: 'FAILED', source: 'ADMIN', reason: 'CLOSED' });
    expect(outcome.changed).toBe(true);
    expect(seen).toEqual([`record ${SPEC.paymentId}-failed-1 in transaction: true`, 'committed PAYING->FAILED in transaction: false']);
  });

  test('a recorder that throws rolls the change back and nothing is published', async () => {
    const published: OrderEvent[] = [];
    events.onRecord(async () => {
      throw new Error('outbox write failed');
    });
    events.onCommitted((event) => published.push(event));
    const order = await newOrder();
    await expect(applyTransition(deps, order, { to: 'FAILED', source: 'ADMIN' })).rejects.toThrow('outbox write failed');
    expect((await client.get(PaymentInfo, SPEC.paymentId)).spec.status).toBe('PAYING');
    expect(published).toEqual([]);
  });

  test('a listener that throws neither undoes the change nor keeps the next listener from hearing it', async () => {
    const heard: string[] = [];
    events.onCommitted(() => {
      throw new Error('listener bug');
    });
    events.onCommitted((event) => heard.push(event.eventId));
    const outcome = await applyTransition(deps, await newOrder(), { to: 'UNKNOWN', source: 'SYNC' });
    expect(outcome.changed).toBe(true);
    expect(heard).toEqual([`${SPEC.paymentId}-unknown-1`]);
    expect((await client.get(PaymentInfo, SPEC.paymentId)).spec.status).toBe('UNKNOWN');
  });

  test('a move to a status that is not announced (PAYING) records and publishes nothing; unsubscribing stops both', async () => {
    const calls: string[] = [];
    const stopRecord = events.onRecord(async () => void calls.push('record'));
    const stopListen = events.onCommitted(() => calls.push('committed'));
    const unpaid = await client.create(PaymentInfo, { metadata: { name: SPEC.paymentId }, spec: { ...SPEC, status: 'UNPAID' } });
    const paying = await applyTransition(deps, unpaid, { to: 'PAYING', source: 'INITIATE' });
    expect(calls).toEqual([]);
    stopRecord();
    stopListen();
    await applyTransition(deps, paying.order, { to: 'FAILED', source: 'ADMIN' });
    expect(calls).toEqual([]);
  });
});
