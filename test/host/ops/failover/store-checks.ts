/**
 * What the store and the notifyUrl receiver show after the failover, read by this test process: `problems`
 * are broken guarantees (they never heal), `pending` is work the survivor has still to finish (the caller
 * polls until it is empty).
 */
import type { ReceivedNotify } from '../../../payment/support/notify-receiver.js';
import type { FailoverWorld } from './failover-world.js';
import type { TrafficResult } from './mixed-traffic.js';

export interface StoreFindings {
  settled: boolean;
  problems: string[];
  pending: string[];
  /** notifyUrl deliveries the receiver got. */
  deliveries: number;
  /** Event ids that came twice: each was in flight when the leader died (its first copy arrived before). */
  repeated: string[];
  adminMessages: { queued: number; inInbox: number };
}

interface Obj<S, T = unknown> {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec: S;
  status?: T;
}
type Order = Obj<
  { paymentId: string; status: string; paymentAmount: number; currency: string; paidAt?: string },
  { transitions?: Array<{ to: string }> }
>;
type Delivery = Obj<{ eventId: string; paymentId: string }, { phase?: string }>;
type Message = Obj<{ template?: string; dedupeKey?: string; username?: string }>;
type InboxItem = Obj<{ outboxMessage?: string; recipient?: string }>;
type DayStat = Obj<{ orders: number; amounts: Record<string, number>; successCount: number; successAmounts: Record<string, number> }>;

async function all<T>(world: FailoverWorld, kind: string): Promise<T[]> {
  const out: T[] = [];
  for await (const item of world.client.listAll(kind)) out.push(item as unknown as T);
  return out;
}

const successEventOf = (paymentId: string) => `${paymentId}-success-1`;

export async function checkStore(world: FailoverWorld, traffic: TrafficResult, goneAt: number): Promise<StoreFindings> {
  const f: StoreFindings = {
    settled: false,
    problems: [],
    pending: [],
    deliveries: 0,
    repeated: [],
    adminMessages: { queued: 0, inInbox: 0 },
  };
  const orders = new Map((await all<Order>(world, 'PaymentInfo')).map((o) => [o.spec.paymentId, o]));
  const paid = [...orders.values()].filter((o) => o.spec.status === 'SUCCESS');
  checkOrders(f, orders, traffic);
  await checkDeliveries(f, world, paid, orders, new Set(world.receiver.received.map((r) => r.eventId)));
  await checkAdminMessages(f, world, paid);
  await checkDailyTotals(f, world, [...orders.values()], paid);
  checkReceipts(f, world.receiver.received, orders, goneAt);
  f.settled = f.pending.length === 0;
  return f;
}

/** Every order the client saw created exists with its amount; every one it saw paid is whole and SUCCESS. */
function checkOrders(f: StoreFindings, orders: Map<string, Order>, traffic: TrafficResult): void {
  for (const [id, amountMinor] of traffic.created) {
    const order = orders.get(id);
    if (!order) f.problems.push(`order ${id} was created for the client but is not in the store`);
    else if (order.spec.paymentAmount !== amountMinor)
      f.problems.push(`order ${id} has amount ${order.spec.paymentAmount}, created with ${amountMinor}`);
  }
  for (const id of traffic.seenPaid) {
    const order = orders.get(id);
    const successes = order?.status?.transitions?.filter((t) => t.to === 'SUCCESS').length ?? 0;
    if (order?.spec.status !== 'SUCCESS' || !order.spec.paidAt || successes !== 1)
      f.problems.push(
        `order ${id} was paid for the client but is ${order?.spec.status} (paidAt ${order?.spec.paidAt}, ${successes} SUCCESS transitions)`,
      );
  }
}

/** One delivery record per paid order (written with the payment), delivered in the end. */
async function checkDeliveries(
  f: StoreFindings,
  world: FailoverWorld,
  paid: Order[],
  orders: Map<string, Order>,
  received: Set<string>,
): Promise<void> {
  const byEvent = groupBy(await all<Delivery>(world, 'PaymentNotifyDelivery'), (d) => d.spec.eventId);
  for (const order of paid) {
    const records = byEvent.get(successEventOf(order.spec.paymentId)) ?? [];
    if (records.length !== 1) f.problems.push(`paid order ${order.spec.paymentId} has ${records.length} delivery records`);
    else if (records[0].status?.phase !== 'DELIVERED') f.pending.push(`delivery ${records[0].spec.eventId}: ${records[0].status?.phase}`);
    else if (!received.has(records[0].spec.eventId)) f.problems.push(`delivery ${records[0].spec.eventId} is DELIVERED but never arrived`);
  }
  for (const [eventId, records] of byEvent)
    if (orders.get(records[0].spec.paymentId)?.spec.status !== 'SUCCESS')
      f.problems.push(`delivery record ${eventId} for an order that is not paid`);
}

/** One administrator message per paid order's event, written with the payment, and in admin's inbox once. */
async function checkAdminMessages(f: StoreFindings, world: FailoverWorld, paid: Order[]): Promise<void> {
  const messages = (await all<Message>(world, 'OutboxMessage')).filter((m) => m.spec.template === 'payment-status-changed');
  const byKey = groupBy(messages, (m) => m.spec.dedupeKey ?? '');
  const inbox = groupBy(await all<InboxItem>(world, 'Notification'), (n) => n.spec.outboxMessage ?? '');
  f.adminMessages = { queued: messages.length, inInbox: messages.filter((m) => inbox.has(m.metadata.name)).length };
  const expected = new Set(paid.map((o) => `payment-status:${successEventOf(o.spec.paymentId)}`));
  for (const key of expected) {
    const found = byKey.get(key) ?? [];
    if (found.length !== 1) f.problems.push(`${key}: ${found.length} administrator messages`);
  }
  for (const key of byKey.keys()) if (!expected.has(key)) f.problems.push(`${key}: an administrator message for no paid order`);
  for (const m of messages) {
    const items = inbox.get(m.metadata.name)?.length ?? 0;
    if (items > 1) f.problems.push(`administrator message ${m.metadata.name} is in the inbox ${items} times`);
    if (items === 0) f.pending.push(`administrator message ${m.metadata.name} not in the inbox yet`);
  }
}

/** The days' totals equal what the orders add up to: each payment counted once, none lost with a crash. */
async function checkDailyTotals(f: StoreFindings, world: FailoverWorld, orders: Order[], paid: Order[]): Promise<void> {
  const days = await all<DayStat>(world, 'PaymentDailyStat');
  const sum = (pick: (d: DayStat) => number) => days.reduce((n, d) => n + pick(d), 0);
  const minor = (list: Order[]) => list.reduce((n, o) => n + o.spec.paymentAmount, 0);
  const totals = {
    orders: [sum((d) => d.spec.orders), orders.length],
    amounts: [sum((d) => d.spec.amounts.CNY ?? 0), minor(orders)],
    successCount: [sum((d) => d.spec.successCount), paid.length],
    successAmounts: [sum((d) => d.spec.successAmounts.CNY ?? 0), minor(paid)],
  };
  for (const [name, [counted, actual]] of Object.entries(totals))
    if (counted !== actual) f.problems.push(`daily totals: ${name} ${counted}, the orders add up to ${actual}`);
}

/**
 * A request the killed process sent just before it died may be read by the receiver (in this busy test
 * process) a little after the test saw the exit: the grace for "the first copy came before the kill".
 */
const READ_GRACE_MS = 10_000;

/**
 * Each event once at the receiver, signed, for a paid order. A second copy is allowed only for a delivery that
 * was in flight when the leader died: the first copy came from the killed process, before it was gone.
 */
function checkReceipts(f: StoreFindings, received: ReceivedNotify[], orders: Map<string, Order>, goneAt: number): void {
  f.deliveries = received.length;
  for (const [eventId, copies] of groupBy(received, (r) => r.eventId)) {
    const paymentId = String(copies[0].body.paymentId);
    if (eventId !== successEventOf(paymentId) || orders.get(paymentId)?.spec.status !== 'SUCCESS')
      f.problems.push(`notification ${eventId} for order ${paymentId}, which is not paid`);
    if (copies.some((c) => !c.signatureValid || c.eventId !== c.body.eventId))
      f.problems.push(`notification ${eventId}: a copy with a bad signature or body`);
    if (copies.length === 2 && copies[0].at <= goneAt + READ_GRACE_MS) f.repeated.push(eventId);
    else if (copies.length > 1)
      f.problems.push(`notification ${eventId} delivered ${copies.length} times (first at ${copies[0].at}, the leader gone at ${goneAt})`);
  }
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}
