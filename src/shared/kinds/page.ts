import { z } from "zod";
import type { ContentLang } from "../content-rules.ts";
import { bodySchema, langSchema } from "./fields.ts";

/**
 * The site's own pages that the owner writes both in files and in /bms: the about page, one text
 * per language. A file (`content/about/<lang>.mdx`) is the page until the owner saves it in the
 * back office; the saved text then replaces the file on the site, and going back to the file
 * deletes it. Its fields, each once: the API, the table (src/server/db/schema.ts, `site_pages`),
 * the snapshot and the `pages` collection are made from them.
 */
export const PAGE_SLUGS = ["about"] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

const pageSlugSchema = z.enum(PAGE_SLUGS, { error: "no such page" });

/** `PUT /api/admin/pages/:slug/:lang`: the text. A page is its text: it cannot be empty. */
export const savePageSchema = z.strictObject({
  body: bodySchema.refine((body) => body.trim() !== "", "is required"),
});
export type SavePageInput = z.output<typeof savePageSchema>;

/** A page's address in the API: which page, and its language. */
export const pageParamSchema = z.strictObject({ slug: pageSlugSchema, lang: langSchema });
export const pageSlugParamSchema = z.strictObject({ slug: pageSlugSchema });
/** A saved page's row, whose history the API keeps under its id. */
export const pageRowParamSchema = z.object({ id: z.uuid() });

/** One language of a page, as the back office edits it. */
export interface PageRecord {
  /** The page and its language (`about.en-US`): what the editor keeps its typing under. */
  id: string;
  slug: PageSlug;
  lang: ContentLang;
  body: string;
  /** The saved text's row, which keeps the history; none while the file is the page. */
  rowId: string | null;
  /** Where the text the site shows comes from. */
  source: "file" | "database";
  /** The page's file (`content/about/en-US.mdx`), if there is one: what going back restores. */
  file: string | null;
  /** When the text was last saved here; none for a file. */
  updatedAt: string | null;
  /** A page is always live: saving it publishes it. */
  status: "published";
}

/** A page's id in the API and the back office. */
export const pageId = (slug: PageSlug, lang: ContentLang) => `${slug}.${lang}`;
/** A page's entry in the `pages` collection, from a file or a row: `about/en-US`. */
export const pageEntryId = (slug: PageSlug, lang: ContentLang) => `${slug}/${lang}`;
/** Where a page's file lives, under content/. */
export const pageFile = (slug: PageSlug, lang: ContentLang) => `${slug}/${lang}.mdx`;

/** A page saved in /bms, in the build's snapshot. */
export const pageSnapshotSchema = z.object({
  slug: pageSlugSchema,
  lang: langSchema,
  body: z.string(),
  updatedAt: z.string(),
});
export type SnapshotPage = z.output<typeof pageSnapshotSchema>;

/** The `pages` collection's fields: a page's text is all it has. */
export const pageCollectionFields = {};
