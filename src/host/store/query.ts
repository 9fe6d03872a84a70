/**
 * The query model shared by every store backend. Field conditions apply only to indexed fields
 * (metadata.name, metadata.creationTimestamp, metadata.deletionTimestamp and a kind's selectable fields);
 * a condition on any other field is rejected rather than answered by scanning.
 */
export type Scalar = string | number | boolean;

export type FieldCondition =
  | { op: 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge'; field: string; value: Scalar }
  | { op: 'in' | 'notin'; field: string; values: Scalar[] }
  | { op: 'exists' | 'notexists'; field: string }
  | { op: 'prefix' | 'contains'; field: string; value: string };

export type LabelCondition =
  | { op: 'label_eq' | 'label_ne'; key: string; value: string }
  | { op: 'label_in' | 'label_notin'; key: string; values: string[] }
  | { op: 'label_exists' | 'label_notexists'; key: string };

export type Condition =
  FieldCondition | LabelCondition | { op: 'and' | 'or'; conditions: Condition[] } | { op: 'not'; condition: Condition };

export interface SortSpec {
  field: string;
  direction: 'asc' | 'desc';
}

export interface ListQuery {
  where?: Condition;
  /** Sort on indexed fields; metadata.name in the same direction is always appended as the tie-breaker. */
  sort?: SortSpec[];
  /** Offset paging, pages start at 1. */
  page?: number;
  size?: number;
  /**
   * Page/size paging counts every match for `total` unless this is false: a count over a large match set is
   * as big as its range, and a job that only takes the first page of a shrinking set needs none.
   */
  countTotal?: boolean;
  /** Keyset paging (Kubernetes limit/continue); only with the default name order. */
  limit?: number;
  continue?: string;
}

export interface ListPage<T> {
  items: T[];
  /** Store revision at the time of the read. */
  revision: number;
  /** Token for the next keyset page, when limit was given and more items exist. */
  continue?: string;
  /** Total matching items; present when page/size paging was used. */
  total?: number;
}

export const and = (...conditions: Array<Condition | undefined | false>): Condition | undefined => {
  const list = conditions.filter((c): c is Condition => Boolean(c));
  if (list.length === 0) return undefined;
  return list.length === 1 ? list[0] : { op: 'and', conditions: list };
};

export const or = (...conditions: Condition[]): Condition => ({ op: 'or', conditions });
export const eq = (field: string, value: Scalar): FieldCondition => ({ op: 'eq', field, value });
export const inValues = (field: string, values: Scalar[]): FieldCondition => ({ op: 'in', field, values });
export const isNull = (field: string): FieldCondition => ({ op: 'notexists', field });
export const notNull = (field: string): FieldCondition => ({ op: 'exists', field });
export const lt = (field: string, value: Scalar): FieldCondition => ({ op: 'lt', field, value });
export const gt = (field: string, value: Scalar): FieldCondition => ({ op: 'gt', field, value });
export const labelEq = (key: string, value: string): LabelCondition => ({ op: 'label_eq', key, value });
