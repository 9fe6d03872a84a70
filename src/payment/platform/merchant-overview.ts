import { and, eq, inValues, type Condition } from '../../host/sdk/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import { dayIn } from '../orders/daily-stats.js';
import { timeBound } from '../orders/list-orders.js';
import { toView } from '../orders/order-view.js';
import { daysBetween, decimals, shiftDay, type PaymentOverview } from '../orders/overview.js';
import { PAID_STATUSES, PaymentInfo } from '../orders/types.js';

const PAGE = 200;
/** Orders read per overview at most; a merchant beyond it sees the figures of the newest ones (truncated: true). */
const MAX_ORDERS = 20_000;

/**
 * The console overview's figures for one merchant's orders: totals by creation day, successes by payment
 * day, the daily trend and the 10 newest successful orders. The day records of the console overview are
 * site-wide, so this reads the merchant's orders through the indexed (platform, creationTimestamp) pair.
 */
export async function merchantOverview(
  deps: PaymentDeps,
  platform: string,
  range: { from?: string; to?: string },
  baseUrl: string,
): Promise<PaymentOverview & { truncated: boolean }> {
  const { reportTimeZone } = await deps.settings.read();
  const to = range.to ?? dayIn(new Date(deps.clock.now()), reportTimeZone);
  const from = range.from ?? shiftDay(to, -29);
  const days = daysBetween(from, to);
  const byDay = new Map(days.map((day) => [day, { orders: 0, successCount: 0, successAmounts: {} as Record<string, number> }]));
  const totals = { orders: 0, amounts: {} as Record<string, number>, success: 0, successAmounts: {} as Record<string, number> };
  // A day in any zone lies within a day either side in UTC; the exact day is checked per order.
  const created = await readAll(
    deps,
    and(
      eq('spec.platform', platform),
      { op: 'ge', field: 'metadata.creationTimestamp', value: timeBound(shiftDay(from, -1), false)! },
      { op: 'le', field: 'metadata.creationTimestamp', value: timeBound(shiftDay(to, 1), true)! },
    ),
  );
  for (const o of created.items) {
    const day = byDay.get(dayIn(new Date(o.metadata.creationTimestamp), reportTimeZone));
    if (!day) continue;
    day.orders += 1;
    totals.orders += 1;
    add(totals.amounts, o.spec.currency, o.spec.paymentAmount);
  }
  const paid = await readAll(
    deps,
    and(
      eq('spec.platform', platform),
      inValues('spec.status', [...PAID_STATUSES]),
      { op: 'ge', field: 'spec.paidAt', value: timeBound(shiftDay(from, -1), false)! },
      { op: 'le', field: 'spec.paidAt', value: timeBound(shiftDay(to, 1), true)! },
    ),
  );
  const recent: PaymentInfo[] = [];
  for (const o of paid.items) {
    const day = byDay.get(dayIn(new Date(o.spec.paidAt!), reportTimeZone));
    if (!day) continue;
    day.successCount += 1;
    add(day.successAmounts, o.spec.currency, o.spec.paymentAmount);
    totals.success += 1;
    add(totals.successAmounts, o.spec.currency, o.spec.paymentAmount);
    recent.push(o);
  }
  recent.sort((a, b) => (b.spec.paidAt ?? '').localeCompare(a.spec.paidAt ?? ''));
  return {
    from,
    to,
    totalOrders: totals.orders,
    totalAmounts: decimals(totals.amounts),
    successCount: totals.success,
    successAmounts: decimals(totals.successAmounts),
    trend: days.map((day) => {
      const d = byDay.get(day)!;
      return { day, orders: d.orders, successCount: d.successCount, successAmounts: decimals(d.successAmounts) };
    }),
    recentSuccess: recent.slice(0, 10).map((o) => toView(o, baseUrl)),
    truncated: created.truncated || paid.truncated,
  };
}

function add(into: Record<string, number>, currency: string, minor: number): void {
  into[currency] = (into[currency] ?? 0) + minor;
}

async function readAll(deps: PaymentDeps, where: Condition | undefined): Promise<{ items: PaymentInfo[]; truncated: boolean }> {
  const items: PaymentInfo[] = [];
  for (let page = 1; items.length < MAX_ORDERS; page++) {
    const found = await deps.client.list(PaymentInfo, {
      where,
      sort: [{ field: 'metadata.creationTimestamp', direction: 'desc' }],
      page,
      size: PAGE,
    });
    items.push(...deps.client.viewItems(PaymentInfo, found.items, (o) => o));
    if (found.items.length < PAGE) return { items, truncated: false };
  }
  return { items, truncated: true };
}
