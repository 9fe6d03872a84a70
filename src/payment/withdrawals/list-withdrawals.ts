import { and, eq, isCalendarDate, listResult, parseCalendarTime, type Condition, type ListResult } from '../../host/sdk/index.js';
import type { WithdrawalDeps } from './apply-withdrawal.js';
import { WithdrawalRecord, type WithdrawalStatus } from './types.js';
import { toWithdrawalView, type Exposure, type WithdrawalView } from './views.js';

export interface WithdrawalFilters {
  status?: WithdrawalStatus;
  merchant?: string;
  /** yyyy-mm-dd (UTC day) or RFC 3339; inclusive bounds on the application time. */
  from?: string;
  to?: string;
  page: number;
  size: number;
}

/** yyyy-mm-dd → the day's first or last millisecond (UTC); RFC 3339 → the stored form (appliedAt keeps ms). */
function bound(value: string | undefined, end: boolean): string | undefined {
  if (!value) return undefined;
  if (isCalendarDate(value)) return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
  const ms = parseCalendarTime(value);
  return ms === undefined ? undefined : new Date(ms).toISOString();
}

function condition(f: WithdrawalFilters): Condition | undefined {
  const from = bound(f.from, false);
  const to = bound(f.to, true);
  return and(
    f.status !== undefined && eq('spec.status', f.status),
    f.merchant !== undefined && eq('spec.merchant', f.merchant),
    from !== undefined && { op: 'ge', field: 'spec.appliedAt', value: from },
    to !== undefined && { op: 'le', field: 'spec.appliedAt', value: to },
  );
}

/**
 * Newest application first; every filter is an indexed field of the CRD. `view` shapes each record for its
 * reader: an exposure for the console, or the merchant's own view.
 */
export async function listWithdrawals(
  deps: WithdrawalDeps,
  f: WithdrawalFilters,
  view: Exposure | ((r: WithdrawalRecord) => WithdrawalView),
): Promise<ListResult<WithdrawalView>> {
  const shape = typeof view === 'function' ? view : (r: WithdrawalRecord) => toWithdrawalView(r, view);
  const page = await deps.client.list(WithdrawalRecord, {
    where: condition(f),
    sort: [
      { field: 'spec.appliedAt', direction: 'desc' },
      { field: 'metadata.name', direction: 'desc' },
    ],
    page: f.page,
    size: f.size,
  });
  const items = deps.client.viewItems(WithdrawalRecord, page.items, shape);
  return listResult(items, page.total ?? page.items.length, f.page, f.size);
}
