/**
 * Where the built site shows each kind of item, by its slug: the pages under src/pages and the
 * back office's "View on site" read them from here.
 */
export const sitePaths = {
  article: (slug: string) => `/articles/${slug}/`,
  note: (slug: string) => `/random-notes/${slug}/`,
  book: (slug: string) => `/book-doc/${slug}/`,
  /** A chapter by its path, `book/chapter`. */
  chapter: (path: string) => `/book-doc/${path}/`,
  photo: (slug: string) => `/image-library/photo/${slug}/`,
} as const;

export type SiteKind = keyof typeof sitePaths;
