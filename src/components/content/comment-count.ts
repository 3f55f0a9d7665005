import type { CommentCounts } from "../../shared/comment-rules.ts";

// The browser's side of CommentCount.astro: the site's comment counts, asked for once a page,
// and one card's count put into its words.

let counts: Promise<CommentCounts> | undefined;

/** The counts of every item (`kind/item`), fetched once; none when the API does not answer. */
export function countsOnce(fetcher: typeof fetch = fetch): Promise<CommentCounts> {
  counts ??= fetcher("/api/comments/counts")
    .then((res) => (res.ok ? res.json() : { data: {} }))
    .then((body: { data?: CommentCounts }) => body.data ?? {})
    .catch(() => ({}));
  return counts;
}

/** Puts `n` into each language's words (its plural form); shows the count when there is one. */
export function showCount(element: HTMLElement, n: number): void {
  if (n <= 0) return;
  for (const words of element.querySelectorAll<HTMLElement>("[data-one]")) {
    const form = new Intl.PluralRules(words.lang).select(n) === "one" ? "one" : "other";
    words.textContent = (words.dataset[form] ?? "").replace("{{count}}", String(n));
  }
  element.dataset.shown = "";
}

/** Forgets the fetched counts (tests). */
export function forgetCounts(): void {
  counts = undefined;
}
