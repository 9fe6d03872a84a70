/** The list with the item at `from` moved to `to` (a new array; the same one when the move goes nowhere). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** The row index a drag is over: the `data-order-index` of the row (table row or phone card) under the pointer. */
export function dropIndex(target: EventTarget | null): number {
  const row = target instanceof Element ? target.closest('tr, li') : null;
  const marker = row?.querySelector<HTMLElement>('[data-order-index]');
  return marker ? Number(marker.dataset.orderIndex) : -1;
}
