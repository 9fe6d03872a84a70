/** The host's paged list shape (DESIGN: "Paged lists"); pages start at 1. */
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

export function toListResult<T>(items: T[], total: number, page: number, size: number): ListResult<T> {
  const totalPages = size > 0 ? Math.ceil(total / size) : 1;
  return { page, size, total, items, first: page <= 1, last: page >= totalPages, hasNext: page < totalPages, hasPrevious: page > 1, totalPages };
}

/** Query-schema fragment shared by the paged operations. */
export const PAGE_QUERY = {
  page: { type: 'integer', minimum: 1, default: 1, description: 'page number, from 1' },
  size: { type: 'integer', minimum: 1, maximum: 200, default: 20, description: 'items per page' },
} as const;

export function listResultSchema(item: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'object',
    required: ['page', 'size', 'total', 'items', 'first', 'last', 'hasNext', 'hasPrevious', 'totalPages'],
    properties: {
      page: { type: 'integer' },
      size: { type: 'integer' },
      total: { type: 'integer' },
      items: { type: 'array', items: item },
      first: { type: 'boolean' },
      last: { type: 'boolean' },
      hasNext: { type: 'boolean' },
      hasPrevious: { type: 'boolean' },
      totalPages: { type: 'integer' },
    },
  };
}
