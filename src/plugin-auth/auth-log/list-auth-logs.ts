import { and, eq, listResult, or, type Condition, type ExtensionClient, type ListResult } from '../../host/sdk/index.js';
import { SitePluginAuthLog, type AuthLog } from './types.js';
import { validityRange, type ValidityFilter } from './validity-range.js';
import { expireTimeDisplay, type ExpireTimeDisplay } from './validity.js';

export const SORT_FIELDS = {
  authTime: 'spec.authTime',
  expireTime: 'spec.expireTime',
  creationTimestamp: 'metadata.creationTimestamp',
} as const;

/** Console filters (spec: plugin, keyword, user, authStatus, validity type) — each on an indexed column. */
export interface AuthLogFilter {
  pluginKey?: string;
  /** Contains, on the indexed pluginKey, authUser and authDomain columns. */
  keyword?: string;
  authUser?: string;
  authStatus?: 0 | 1;
  /** PERMANENT, LIMITED or EXPIRED, as expireTime ranges (domain/auth-log/validity-range.ts). */
  validity?: ValidityFilter;
}

export interface AuthLogSort {
  sort?: keyof typeof SORT_FIELDS;
  direction?: 'asc' | 'desc';
}

/** A record as lists show it: with the console's expireTime display (dash, expired, permanent, the date). */
export type AuthLogView = AuthLog & { expireTimeDisplay: ExpireTimeDisplay };

export function authLogCondition(f: AuthLogFilter, now: number): Condition | undefined {
  const keyword = f.keyword?.trim();
  const range = f.validity ? validityRange(f.validity, now) : {};
  const field = 'spec.expireTime';
  return and(
    f.pluginKey ? eq('spec.pluginKey', f.pluginKey) : undefined,
    f.authUser ? eq('spec.authUser', f.authUser) : undefined,
    f.authStatus !== undefined ? eq('spec.authStatus', f.authStatus) : undefined,
    keyword
      ? or(...['spec.pluginKey', 'spec.authUser', 'spec.authDomain'].map((k) => ({ op: 'contains' as const, field: k, value: keyword })))
      : undefined,
    range.gt !== undefined && { op: 'gt', field, value: range.gt },
    range.gte !== undefined && { op: 'ge', field, value: range.gte },
    range.lt !== undefined && { op: 'lt', field, value: range.lt },
    range.lte !== undefined && { op: 'le', field, value: range.lte },
  );
}

export async function listAuthLogs(
  client: ExtensionClient,
  f: AuthLogFilter & AuthLogSort & { page: number; size: number },
  now: number,
): Promise<ListResult<AuthLogView>> {
  const found = await client.list(SitePluginAuthLog, {
    where: authLogCondition(f, now),
    sort: [{ field: SORT_FIELDS[f.sort ?? 'creationTimestamp'], direction: f.direction ?? 'desc' }],
    page: f.page,
    size: f.size,
  });
  const items = client.viewItems(SitePluginAuthLog, found.items, (r) => ({
    ...r,
    expireTimeDisplay: expireTimeDisplay(r.spec.expireTime, now),
  }));
  return listResult(items, found.total ?? 0, f.page, f.size);
}
