import type { ApiQuery } from '@shared/api/client.js';
import { parseSort } from '@shared/components/table.js';

/** The records page's URL state: filters, sort (`authTime,desc`) and page. */
export const RECORD_QUERY = { pluginKey: '', keyword: '', authUser: '', authStatus: '', validity: '', sort: '', page: 1 };
export type RecordQuery = typeof RECORD_QUERY;

export const PAGE_SIZE = 20;
export const STATUSES = ['0', '1'] as const;
export const VALIDITIES = ['PERMANENT', 'LIMITED', 'EXPIRED'] as const;
const SORTS = ['authTime', 'expireTime', 'creationTimestamp'] as const;

type Filters = ApiQuery<'exportAuthLogs'> & object;

/** The filters as the list and the export take them; a value the URL got wrong is left out. */
export function filterQuery(state: RecordQuery): Filters {
  const out: Filters = {};
  if (state.pluginKey) out.pluginKey = state.pluginKey;
  if (state.keyword.trim()) out.keyword = state.keyword.trim();
  if (state.authUser.trim()) out.authUser = state.authUser.trim();
  if ((STATUSES as readonly string[]).includes(state.authStatus)) out.authStatus = Number(state.authStatus) as 0 | 1;
  if ((VALIDITIES as readonly string[]).includes(state.validity)) out.validity = state.validity as Filters['validity'];
  return out;
}

export function listQuery(state: RecordQuery): ApiQuery<'listAuthLogs'> {
  const sort = parseSort(state.sort);
  const sorted =
    sort && (SORTS as readonly string[]).includes(sort.key) ? { sort: sort.key as (typeof SORTS)[number], direction: sort.order } : {};
  return { ...filterQuery(state), ...sorted, page: state.page, size: PAGE_SIZE };
}
