import { defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/api-groups.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import type { PaymentInfo } from './types.js';

export interface DailyStatSpec {
  day: string;
  orders: number;
  amounts: Record<string, number>;
  successCount: number;
  successAmounts: Record<string, number>;
}

/** One reporting day's totals (extensions/payment-daily-stat.yaml), named `day-{yyyy-mm-dd}`. */
export const PaymentDailyStat = defineKind<DailyStatSpec>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'PaymentDailyStat',
  plural: 'paymentdailystats',
});

export type DailyStat = ObjectOf<typeof PaymentDailyStat>;

/** yyyy-mm-dd of an instant in a time zone (the overview's reporting day). */
export function dayIn(instant: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  } catch {
    return instant.toISOString().slice(0, 10); // an invalid zone falls back to UTC days
  }
}

export const statName = (day: string) => `day-${day}`;

/**
 * Adds to one day's totals. Must run inside the transaction of the order write it accounts for: store
 * transactions are serialized, so this read-modify-write cannot lose an update.
 */
async function addToDay(deps: PaymentDeps, instant: Date, change: (spec: DailyStatSpec) => void): Promise<void> {
  const { reportTimeZone } = await deps.settings.read();
  const day = dayIn(instant, reportTimeZone);
  const current = await deps.client.fetch(PaymentDailyStat, statName(day));
  const spec: DailyStatSpec = structuredClone(current?.spec) ?? { day, orders: 0, amounts: {}, successCount: 0, successAmounts: {} };
  change(spec);
  if (current) await deps.client.update({ ...current, spec });
  else await deps.client.create(PaymentDailyStat, { metadata: { name: statName(day) }, spec });
}

const bump = (map: Record<string, number>, currency: string, delta: number) => {
  map[currency] = Math.max(0, (map[currency] ?? 0) + delta);
};

/** A new order (+1) or a deleted one (-1) on its creation day. */
export function recordCreated(deps: PaymentDeps, order: PaymentInfo, sign: 1 | -1): Promise<void> {
  const created = new Date(order.metadata.creationTimestamp);
  return addToDay(deps, created, (s) => {
    s.orders = Math.max(0, s.orders + sign);
    bump(s.amounts, order.spec.currency, sign * order.spec.paymentAmount);
  });
}

/** An order that became SUCCESS (+1), or a deleted successful one (-1), on its payment day. */
export function recordSuccess(deps: PaymentDeps, order: PaymentInfo, sign: 1 | -1): Promise<void> {
  const paid = new Date(order.spec.paidAt ?? deps.clock.now());
  return addToDay(deps, paid, (s) => {
    s.successCount = Math.max(0, s.successCount + sign);
    bump(s.successAmounts, order.spec.currency, sign * order.spec.paymentAmount);
  });
}
