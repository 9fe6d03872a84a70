/**
 * The host's paged list shape (DESIGN "Paged lists"): business operations put it in the envelope's `data`.
 * Pages start at 1.
 */
export interface ListResult<T> {
  page: number;
  size: number;
  total: number;
  items: T[];
  first: boolean;
  last: boolean;
  hasNext: boolean;
  hasPrevious: boolean;
  totalPages: number;
}

export function listResult<T>(items: T[], total: number, page: number, size: number): ListResult<T> {
  const totalPages = size > 0 ? Math.ceil(total / size) : 1;
  return {
    page,
    size,
    total,
    items,
    first: page <= 1,
    last: page >= totalPages,
    hasNext: page < totalPages,
    hasPrevious: page > 1,
    totalPages,
  };
}

/** The last page number a list accepts: page × size stays a safe integer offset for every store. */
export const MAX_PAGE = 1_000_000;

/**
 * Query-schema properties of a paged operation whose pages hold at most maxSize items. Both are bounded:
 * a page such as 99999999999999999999 is a 400, never an offset the database cannot hold.
 */
export function pageQueryProperties(maxSize: number) {
  return {
    page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1, description: 'page number, from 1' },
    size: { type: 'integer', minimum: 1, maximum: maxSize, default: 20, description: 'items per page' },
  } as const;
}

/** Query-schema properties of a filter on creation time: a day or an instant at each end, both inclusive. */
export const CREATED_RANGE_QUERY_PROPERTIES = {
  createdFrom: { type: 'string', format: 'date-or-date-time', maxLength: 40, description: 'RFC 3339 or yyyy-mm-dd (inclusive)' },
  createdTo: {
    type: 'string',
    format: 'date-or-date-time',
    maxLength: 40,
    description: 'RFC 3339 or yyyy-mm-dd (inclusive: the whole day)',
  },
} as const;

/** Query-schema properties of a paged operation (pages of up to 500 items). */
export const PAGE_QUERY_PROPERTIES = pageQueryProperties(500);

/** Response schema of a paged operation whose items follow `item`. */
export function listResultSchema(item: Record<string, unknown>): Record<string, unknown> {
  const int = { type: 'integer' };
  const bool = { type: 'boolean' };
  return {
    type: 'object',
    required: ['page', 'size', 'total', 'items', 'first', 'last', 'hasNext', 'hasPrevious', 'totalPages'],
    properties: {
      page: int,
      size: int,
      total: int,
      items: { type: 'array', items: item },
      first: bool,
      last: bool,
      hasNext: bool,
      hasPrevious: bool,
      totalPages: int,
    },
  };
}
