import {
  and,
  eq,
  type Condition,
  isCalendarDate,
  parseCalendarTime,
  toTimestamp,
  listResult as toListResult,
  CREATED_RANGE_QUERY_PROPERTIES,
  pageQueryProperties,
  type ListResult,
  type Language,
} from '../../host/sdk/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';
import { toView, type PaymentView } from './order-view.js';
import { PaymentInfo } from './types.js';
import { dayStartIn } from './daily-stats.js';
import { shiftDay } from './overview.js';

/** The spec's list filters (all optional) plus paging and the creation-time sort. */
export interface OrderFilters {
  orderId?: string;
  paymentId?: string;
  platform?: string;
  status?: string;
  paymentType?: string;
  paymentChannel?: string;
  username?: string;
  /** RFC 3339 or yyyy-mm-dd; inclusive bounds on the creation time. */
  createdFrom?: string;
  createdTo?: string;
  sort?: 'asc' | 'desc';
  page: number;
  size: number;
}

const FILTER_FIELDS = ['orderId', 'paymentId', 'platform', 'status', 'paymentType', 'paymentChannel', 'username'] as const;

/** Query-schema properties of the order lists (console and user center). */
export const ORDER_FILTER_QUERY = {
  orderId: { type: 'string', maxLength: 64 },
  paymentId: { type: 'string', maxLength: 64 },
  platform: { type: 'string', maxLength: 253 },
  status: { type: 'string', enum: ['UNPAID', 'PAYING', 'SUCCESS', 'FAILED', 'UNKNOWN', 'PARTIALLY_REFUNDED', 'REFUNDED'] },
  paymentType: { type: 'string', maxLength: 32 },
  paymentChannel: { type: 'string', maxLength: 32 },
  username: { type: 'string', maxLength: 253 },
  ...CREATED_RANGE_QUERY_PROPERTIES,
  sort: { type: 'string', enum: ['asc', 'desc'], default: 'desc', description: 'by creation time' },
  ...pageQueryProperties(200),
} as const;

/** yyyy-mm-dd → the day's first or last second in the time zone (UTC unless given); RFC 3339 is normalised to the stored form. */
export function timeBound(value: string | undefined, end: boolean, timeZone = 'UTC'): string | undefined {
  if (!value) return undefined;
  if (isCalendarDate(value)) {
    if (timeZone === 'UTC') return `${value}T${end ? '23:59:59' : '00:00:00'}Z`;
    return toTimestamp(end ? dayStartIn(shiftDay(value, 1), timeZone) - 1000 : dayStartIn(value, timeZone));
  }
  const ms = parseCalendarTime(value);
  return ms === undefined ? undefined : toTimestamp(ms);
}

/** Every filter is an indexed field (PaymentInfo selectableFields), so the store answers without scanning. */
export function orderCondition(f: Omit<OrderFilters, 'page' | 'size' | 'sort'>): Condition | undefined {
  const conditions: Condition[] = FILTER_FIELDS.filter((k) => f[k]).map((k) => eq(`spec.${k}`, f[k] as string));
  const from = timeBound(f.createdFrom, false);
  const to = timeBound(f.createdTo, true);
  if (from) conditions.push({ op: 'ge', field: 'metadata.creationTimestamp', value: from });
  if (to) conditions.push({ op: 'le', field: 'metadata.creationTimestamp', value: to });
  return and(...conditions);
}

export async function listOrders(
  deps: PaymentDeps,
  f: OrderFilters,
  baseUrl: string,
  language?: Language,
): Promise<ListResult<PaymentView>> {
  const page = await deps.client.list(PaymentInfo, {
    where: orderCondition(f),
    sort: [{ field: 'metadata.creationTimestamp', direction: f.sort ?? 'desc' }],
    page: f.page,
    size: f.size,
  });
  return toListResult(
    deps.client.viewItems(PaymentInfo, page.items, (o) => toView(o, baseUrl, language)),
    page.total ?? page.items.length,
    f.page,
    f.size,
  );
}
