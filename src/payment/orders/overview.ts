import { AppError, inValues, isCalendarDate, type Language } from '../../host/sdk/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import { formatMinor } from '../money/index.js';
import { dayIn, readDays } from './daily-stats.js';
import { toView, type PaymentView } from './order-view.js';
import { PAID_STATUSES, PaymentInfo } from './types.js';

export interface TrendPoint {
  day: string;
  orders: number;
  successCount: number;
  /** currency → decimal string */
  successAmounts: Record<string, string>;
}

export interface PaymentOverview {
  from: string;
  to: string;
  totalOrders: number;
  totalAmounts: Record<string, string>;
  successCount: number;
  successAmounts: Record<string, string>;
  trend: TrendPoint[];
  recentSuccess: PaymentView[];
}

const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/**
 * The overview over reporting days [from, to] (default the last 30): totals from the per-day records
 * (one list of the days' shard rows, summed per day), recent successful orders from the indexed (status, paidAt) pair.
 */
export async function paymentOverview(
  deps: PaymentDeps,
  range: { from?: string; to?: string },
  baseUrl: string,
  language?: Language,
): Promise<PaymentOverview> {
  const { reportTimeZone } = await deps.settings.read();
  const to = range.to ?? dayIn(new Date(deps.clock.now()), reportTimeZone);
  const from = range.from ?? shiftDay(to, -29);
  const days = daysBetween(from, to);
  const byDay = await readDays(deps, from, to, MAX_DAYS);
  const totals = { orders: 0, amounts: {} as Record<string, number>, success: 0, successAmounts: {} as Record<string, number> };
  const trend = days.map((day) => {
    const s = byDay.get(day);
    totals.orders += s?.orders ?? 0;
    totals.success += s?.successCount ?? 0;
    addAll(totals.amounts, s?.amounts);
    addAll(totals.successAmounts, s?.successAmounts);
    return { day, orders: s?.orders ?? 0, successCount: s?.successCount ?? 0, successAmounts: decimals(s?.successAmounts ?? {}) };
  });
  const recent = await deps.client.list(PaymentInfo, {
    where: inValues('spec.status', [...PAID_STATUSES]),
    sort: [{ field: 'spec.paidAt', direction: 'desc' }],
    page: 1,
    size: 10,
  });
  return {
    from,
    to,
    totalOrders: totals.orders,
    totalAmounts: decimals(totals.amounts),
    successCount: totals.success,
    successAmounts: decimals(totals.successAmounts),
    trend,
    recentSuccess: deps.client
      .viewItems(PaymentInfo, recent.items, (o) => (inRange(o, from, to, reportTimeZone) ? toView(o, baseUrl, language) : undefined))
      .filter((view) => view !== undefined),
  };
}

function inRange(order: PaymentInfo, from: string, to: string, zone: string): boolean {
  const day = order.spec.paidAt ? dayIn(new Date(order.spec.paidAt), zone) : '';
  return day >= from && day <= to;
}

function addAll(into: Record<string, number>, from: Record<string, number> | undefined): void {
  for (const [currency, minor] of Object.entries(from ?? {})) into[currency] = (into[currency] ?? 0) + minor;
}

export function decimals(map: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).map(([currency, minor]) => [currency, formatMinor(minor, currency)]));
}

export function shiftDay(day: string, delta: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + delta * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): string[] {
  // Date.parse would roll 02-30 over to March; an impossible day is refused, not reinterpreted.
  const start = isCalendarDate(from) ? Date.parse(`${from}T00:00:00Z`) : NaN;
  const end = isCalendarDate(to) ? Date.parse(`${to}T00:00:00Z`) : NaN;
  if (Number.isNaN(start) || Number.isNaN(end) || end < start)
    throw new AppError('VALIDATION_FAILED', '日期范围无效', { status: 400, messageEn: 'from and to must be yyyy-mm-dd with from <= to' });
  const count = (end - start) / DAY_MS + 1;
  if (count > MAX_DAYS)
    throw new AppError('VALIDATION_FAILED', `日期范围最多 ${MAX_DAYS} 天`, {
      status: 400,
      messageEn: `the range may span at most ${MAX_DAYS} days`,
    });
  return Array.from({ length: count }, (_, i) => shiftDay(from, i));
}
