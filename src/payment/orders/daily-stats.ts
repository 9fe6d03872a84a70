import { and, defineKind, type ObjectOf } from '../../host/sdk/index.js';
import { RESOURCE_GROUP, RESOURCE_VERSION } from '../api/api-groups.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import { dailyStatLock } from '../deps/lock-keys.js';
import type { PaymentInfo } from './types.js';

export interface DailyStatSpec {
  day: string;
  /** Which of the day's shards this row is (absent on rows written before sharding: shard 0). */
  shard?: number;
  orders: number;
  amounts: Record<string, number>;
  successCount: number;
  successAmounts: Record<string, number>;
}

/**
 * One shard of a reporting day's totals (extensions/payment-daily-stat.yaml). A day's totals are the sum of
 * its rows: `day-{yyyy-mm-dd}` (shard 0, the one row per day written before sharding) and
 * `day-{yyyy-mm-dd}-{k}` for k in 1..DAY_SHARDS-1.
 */
export const PaymentDailyStat = defineKind<DailyStatSpec>({
  group: RESOURCE_GROUP,
  version: RESOURCE_VERSION,
  kind: 'PaymentDailyStat',
  plural: 'paymentdailystats',
});

export type DailyStat = ObjectOf<typeof PaymentDailyStat>;

/**
 * Rows per day. Every order write of a day updates one of them under that row's lock; with one row all of
 * them waited for each other, cluster-wide (with 8, bench:scale still found 14 % of its PostgreSQL
 * connections' time waiting for a shard lock). More shards mean fewer waits but more rows for the overview to
 * read. Changing the number keeps old figures right: the totals are sums over every row of a day.
 */
export const DAY_SHARDS = 16;

/**
 * One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with it (it was 5 % of
 * a createPayment's CPU, bench:payment-profile). Undefined marks a zone Intl refuses. Bounded: only the
 * configured report zone is asked about in practice.
 */
const FORMAT_OPTIONS = {
  day: { year: 'numeric', month: '2-digit', day: '2-digit' },
  clock: { hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const formats = new Map<string, Intl.DateTimeFormat | undefined>();

/** en-CA writes days as yyyy-mm-dd and clocks as hh:mm:ss. */
function formatOf(timeZone: string, part: keyof typeof FORMAT_OPTIONS): Intl.DateTimeFormat | undefined {
  const key = `${part} ${timeZone}`;
  if (formats.has(key)) return formats.get(key);
  let format: Intl.DateTimeFormat | undefined;
  try {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, ...FORMAT_OPTIONS[part] });
  } catch {
    format = undefined;
  }
  if (formats.size < 100) formats.set(key, format);
  return format;
}

/**
 * The first instant (ms) of a calendar day yyyy-mm-dd in a time zone: the reporting day's start, so a range of
 * days means the days the overview counts. The zone's offset at the day's UTC midnight is right except near a
 * change; a second pass at the found instant settles it. An invalid zone is UTC.
 */
export function dayStartIn(day: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const offset = (at: number) => Date.parse(`${dayIn(new Date(at), timeZone)}T${clockIn(at, timeZone)}Z`) - Math.floor(at / 1000) * 1000;
  const first = midnightUtc - offset(midnightUtc);
  return midnightUtc - offset(first);
}

/** hh:mm:ss of an instant in a time zone (UTC when the zone is invalid). */
function clockIn(at: number, timeZone: string): string {
  return formatOf(timeZone, 'clock')?.format(at) ?? new Date(at).toISOString().slice(11, 19);
}

/** yyyy-mm-dd of an instant in a time zone (the overview's reporting day). */
export function dayIn(instant: Date, timeZone: string): string {
  // An invalid zone falls back to UTC days.
  return formatOf(timeZone, 'day')?.format(instant) ?? instant.toISOString().slice(0, 10);
}

export const statName = (day: string, shard = 0) => (shard === 0 ? `day-${day}` : `day-${day}-${shard}`);

/**
 * The order's shard: a hash of its name (FNV-1a), so its creation and its payment (and their reversal when
 * it is deleted) land on the same shard. Exactness does not depend on it: the totals are the sum over shards.
 */
export function shardOf(orderName: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < orderName.length; i++) hash = Math.imul(hash ^ orderName.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % DAY_SHARDS;
}

/**
 * Adds to the order's shard of one day's totals. Must run inside the transaction of the order write it
 * accounts for; the shard's lock (dailyStatLock, held to that transaction's end) makes this read-modify-write
 * one at a time across processes, so no update is lost and no order fails on a version conflict of the shared
 * row. It is taken here, as late as possible, because the orders of the day hashed to this shard share it.
 */
async function addToDay(deps: PaymentDeps, order: PaymentInfo, instant: Date, change: (spec: DailyStatSpec) => void): Promise<void> {
  const { reportTimeZone } = await deps.settings.read();
  const day = dayIn(instant, reportTimeZone);
  const shard = shardOf(order.metadata.name);
  await deps.client.lock(dailyStatLock(day, shard));
  const current = await deps.client.fetch(PaymentDailyStat, statName(day, shard));
  const spec: DailyStatSpec = structuredClone(current?.spec) ?? { day, shard, orders: 0, amounts: {}, successCount: 0, successAmounts: {} };
  change(spec);
  if (current) await deps.client.update({ ...current, spec });
  else await deps.client.create(PaymentDailyStat, { metadata: { name: statName(day, shard) }, spec });
}

/**
 * Signed, not clamped at 0: an order counted before sharding sits in shard 0, and its deletion subtracts
 * from its own shard, which may go below 0 while the day's sum stays exact.
 */
const bump = (map: Record<string, number>, currency: string, delta: number) => {
  map[currency] = (map[currency] ?? 0) + delta;
};

/**
 * Takes the locks of both days an order counts on (created, paid) in one call, in the store's sorted order:
 * a writer that changes both (deleting a paid order) would otherwise take them one after the other and could
 * deadlock with another taking the same two days the other way round.
 */
export async function lockDaysOf(deps: PaymentDeps, order: PaymentInfo): Promise<void> {
  const { reportTimeZone } = await deps.settings.read();
  const days = [new Date(order.metadata.creationTimestamp), new Date(order.spec.paidAt ?? deps.clock.now())];
  const shard = shardOf(order.metadata.name);
  await deps.client.lock(...days.map((d) => dailyStatLock(dayIn(d, reportTimeZone), shard)));
}

/** A new order (+1) or a deleted one (-1) on its creation day. */
export function recordCreated(deps: PaymentDeps, order: PaymentInfo, sign: 1 | -1): Promise<void> {
  const created = new Date(order.metadata.creationTimestamp);
  return addToDay(deps, order, created, (s) => {
    s.orders += sign;
    bump(s.amounts, order.spec.currency, sign * order.spec.paymentAmount);
  });
}

/** An order that became SUCCESS (+1), or a deleted successful one (-1), on its payment day. */
export function recordSuccess(deps: PaymentDeps, order: PaymentInfo, sign: 1 | -1): Promise<void> {
  const paid = new Date(order.spec.paidAt ?? deps.clock.now());
  return addToDay(deps, order, paid, (s) => {
    s.successCount += sign;
    bump(s.successAmounts, order.spec.currency, sign * order.spec.paymentAmount);
  });
}

/**
 * The totals of each day in [from, to] (days without orders are absent): the sum of the day's shard rows,
 * read in one list through the spec.day index.
 */
export async function readDays(deps: PaymentDeps, from: string, to: string, maxDays: number): Promise<Map<string, DailyStatSpec>> {
  const dayRange = and({ op: 'ge', field: 'spec.day', value: from }, { op: 'le', field: 'spec.day', value: to });
  const page = await deps.client.list(PaymentDailyStat, {
    where: dayRange,
    sort: [{ field: 'spec.day', direction: 'asc' }],
    page: 1,
    size: maxDays * DAY_SHARDS,
    countTotal: false,
  });
  const byDay = new Map<string, DailyStatSpec>();
  for (const s of deps.client.viewItems(PaymentDailyStat, page.items, (row) => row.spec)) {
    const sum = byDay.get(s.day) ?? { day: s.day, orders: 0, amounts: {}, successCount: 0, successAmounts: {} };
    sum.orders += s.orders;
    sum.successCount += s.successCount;
    for (const [currency, minor] of Object.entries(s.amounts)) bump(sum.amounts, currency, minor);
    for (const [currency, minor] of Object.entries(s.successAmounts)) bump(sum.successAmounts, currency, minor);
    byDay.set(s.day, sum);
  }
  return byDay;
}
