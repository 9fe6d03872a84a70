/** Column and sort shapes of <DataTable>. */
export interface TableColumn<T = never> {
  /** Field of the row (also the slot name `cell-<key>` and the sort key). */
  key: string;
  /** Header text, already translated. */
  label: string;
  /** The header is a sort button; the table emits `update:sort`. */
  sortable?: boolean;
  width?: number | string;
  minWidth?: number | string;
  align?: 'left' | 'center' | 'right';
  /** On phones this column is the card's title. */
  primary?: boolean;
  /** Left out of the phone cards (default: shown). */
  hideOnPhone?: boolean;
  /** Cell text when there is no `cell-<key>` slot (default: the row's field). */
  text?: (row: T) => string;
  /**
   * `id`: one line cut with an ellipsis, the whole value in a tooltip and a copy button (payment numbers,
   * settlement names); `amount`: one line, never wrapped, figures aligned (formatMoney text). Desktop only:
   * the phone cards have room for the whole value.
   */
  kind?: 'id' | 'amount';
}

export interface SortState {
  key: string;
  order: 'asc' | 'desc';
}

/** `authTime,desc` ↔ {key, order}: sort as one URL query value. */
export function parseSort(value: string | undefined | null): SortState | null {
  if (!value) return null;
  const [key, order] = value.split(',');
  return key ? { key, order: order === 'asc' ? 'asc' : 'desc' } : null;
}

export function formatSort(sort: SortState | null): string {
  return sort ? `${sort.key},${sort.order}` : '';
}
