import { z } from "zod";
import { CONTENT_LIMITS, type WithExcerpt } from "../content-rules.ts";
import {
  altSchema,
  type Blanks,
  bodySchema,
  type ImageSource,
  imageSrcSchema,
  langSchema,
  optionalImage,
  type StoredRecord,
  slugSchema,
  tagsSchema,
  text,
  timedKind,
  translationKeySchema,
} from "./fields.ts";

/**
 * An article: its fields, each once, with its rule and its default. The API's bodies and
 * answers, the table's columns (same names: src/server/db/schema.ts), the build's snapshot and
 * the `articles` collection (src/content.config.ts) are all made from this list, so a field
 * added here reaches them all.
 */
export const articleFields = {
  lang: langSchema,
  translationKey: translationKeySchema,
  title: text(CONTENT_LIMITS.title),
  /** Shown under the title; empty for none. */
  subtitle: z.string().trim().max(CONTENT_LIMITS.title).default(""),
  summary: text(CONTENT_LIMITS.summary),
  coverAlt: altSchema.default(""),
  /** A category slug (content/categories.json or a database category). */
  category: slugSchema,
  tags: tagsSchema.default([]),
  pinned: z.boolean().default(false),
  /** Readers may comment under it (off: no new comments; those written stay shown). */
  comments: z.boolean().default(true),
};

/** The image fields, by where an image may come from (`ImageSource`). */
export const articleImages = <S extends ImageSource>(src: S) => ({
  /** Empty for none. */
  cover: optionalImage(src),
});

/** Slugs the site's own pages under /articles/ take (src/pages/articles/archive). */
export const RESERVED_ARTICLE_SLUGS: readonly string[] = ["archive"];

const article = timedKind({
  slug: slugSchema.refine((slug) => !RESERVED_ARTICLE_SLUGS.includes(slug), {
    error: "is the address of a page of the site (/articles/archive/)",
  }),
  text: { body: bodySchema.default("") },
  fields: articleFields,
  images: { api: articleImages(imageSrcSchema), file: articleImages(z.string()) },
});

/** `POST /api/admin/articles`. */
export const createArticleSchema = article.create;
/** `PUT /api/admin/articles/:id`: partial. */
export const updateArticleSchema = article.update;

export type CreateArticleInput = z.output<typeof createArticleSchema>;
export type UpdateArticleInput = z.output<typeof updateArticleSchema>;

/** An article as the API answers it; a file's cover may be its own image (`./images/a.svg`). */
export type ArticleRecord = StoredRecord<CreateArticleInput>;
export type ArticleListItem = WithExcerpt<ArticleRecord>;

/**
 * The `articles` collection's fields but its images, which src/content.config.ts adds with the
 * build's image source (and the category as a reference to the `categories` collection).
 */
export const articleCollectionFields = article.collectionFields;

/** An article in the build's snapshot. */
export const articleSnapshotSchema = article.snapshot;
export type SnapshotArticle = z.output<typeof articleSnapshotSchema>;

/** A file's frontmatter, as the back office reads it (its cover as written). */
export const articleFileFields = article.fileFields;
export const articleBlanks: Blanks<typeof articleFileFields> = {
  lang: "zh-CN",
  title: "",
  summary: "",
  category: "",
};
