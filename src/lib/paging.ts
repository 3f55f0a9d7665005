export const PAGE_SIZE = 10;

/** One page of a list, 1-based, and how many pages there are (at least one). */
export function pageOf<T>(
  items: T[],
  page: number,
  size = PAGE_SIZE,
): { items: T[]; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  return { items: items.slice((page - 1) * size, page * size), pages };
}

/** Page numbers from 2 on (page 1 lives at the list's own URL). */
export function laterPages(count: number, size = PAGE_SIZE): number[] {
  const pages = Math.max(1, Math.ceil(count / size));
  return Array.from({ length: pages - 1 }, (_, i) => i + 2);
}
