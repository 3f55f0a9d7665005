/** Articles per list page. */
export const PAGE_SIZE = 20;

/** One page of a list, 1-based, and how many pages there are (at least one). */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  size = PAGE_SIZE,
): { items: T[]; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  return { items: items.slice((page - 1) * size, page * size), pages };
}

/** Every page of a list, the first one even when the list is empty. */
export function allPages<T>(
  items: readonly T[],
  size = PAGE_SIZE,
): Array<{ page: number; items: T[]; pages: number }> {
  const pages = Math.max(1, Math.ceil(items.length / size));
  return Array.from({ length: pages }, (_, i) => ({
    page: i + 1,
    items: items.slice(i * size, (i + 1) * size),
    pages,
  }));
}

/**
 * The URL of page n of a list whose first page is `base` (ending in "/"): `base` itself, then
 * `base` + "page/n/", as /articles/ and /articles/page/2/.
 */
export function pageUrl(base: string, n: number): string {
  return n === 1 ? base : `${base}page/${n}/`;
}

/** The `[...page]` route parameter of page n: none for the first page, "page/n" after it. */
export function pageParam(n: number): string | undefined {
  return n === 1 ? undefined : `page/${n}`;
}
