import type { contentArticles } from "../db/schema.ts";

// What the site's tests share: rows of content, with what a test does not care about filled in.

export const HOUR = 3600_000;

type ArticleRow = typeof contentArticles.$inferInsert;

/** An article row: published, in English, in the files' "tools" category, unless `values` say. */
export function articleRow(values: Pick<ArticleRow, "slug"> & Partial<ArticleRow>): ArticleRow {
  return {
    lang: "en-US",
    title: values.slug,
    summary: "s",
    body: "b",
    category: "tools",
    status: "published",
    ...values,
  };
}
