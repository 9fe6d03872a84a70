/** The largest page the server's list operations give (PAGE_QUERY_PROPERTIES: pages of up to 500 items). */
export const MAX_PAGE_SIZE = 500;

/**
 * Every item of a paged list, page by page, for lists that must be whole (the plugin catalog's display
 * order, the plugin names of a select). Stops at the last page the server reports.
 */
export async function allPages<T>(load: (page: number, size: number) => Promise<{ items: T[]; hasNext: boolean }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await load(page, MAX_PAGE_SIZE);
    items.push(...answer.items);
    if (!answer.hasNext || !answer.items.length) return items;
  }
}
