import { defineCollection, reference } from "astro:content";
import { file, glob } from "astro/loaders";
import { z } from "astro/zod";
import { filesAndDatabase } from "./lib/database-loader.ts";
import { isPathSafeTag } from "./shared/content-rules.ts";

// Two sources, one schema: files written in git (content/) and rows written in /bms (the
// database), joined by filesAndDatabase. A slug used by both, or a bad field in either, fails
// the build with a message naming the file or the row. Images of files are local (image());
// rows carry image URLs (coverUrl, remoteImages).

const lang = z.enum(["zh-CN", "en-US"]);
const status = z.enum(["draft", "published", "scheduled"]).default("published");
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lowercase words joined by hyphens");

const categories = defineCollection({
  loader: filesAndDatabase("categories", file("content/categories.json")),
  schema: z.object({
    id: slug,
    name: z.object({ "zh-CN": z.string().min(1), "en-US": z.string().min(1) }),
    order: z.number().int(),
  }),
});

/** The same rule as the back office's (a tag is a path segment of its list page). */
const tags = z
  .array(z.string().min(1).max(30).refine(isPathSafeTag, "cannot be a path segment"))
  .max(10)
  .default([]);

const articleFields = {
  title: z.string().min(1).max(120),
  summary: z.string().min(1).max(300),
  lang,
  /** Articles that translate each other share a key. */
  translationKey: z.string().optional(),
  category: reference("categories"),
  tags,
  /** A cover by URL (rows from the database); `cover` is a file's own image. */
  coverUrl: z.string().optional(),
  coverAlt: z.string().optional(),
  status,
  publishedAt: z.coerce.date(),
  updatedAt: z.coerce.date().optional(),
  pinned: z.boolean().default(false),
};

const articles = defineCollection({
  loader: filesAndDatabase(
    "articles",
    glob({ base: "content/articles", pattern: "**/*.{md,mdx}" }),
  ),
  // The schema is made again for every entry (image() is bound to the entry's file), so
  // everything but the image fields is made once, here: 2000 entries made it all 2000 times.
  schema: ({ image }) => z.object({ ...articleFields, cover: image().optional() }),
});

const noteFields = {
  lang,
  publishedAt: z.coerce.date(),
  tags,
  /** Pictures by URL (rows from the database); `images` are a file's own. */
  remoteImages: z
    .array(z.object({ src: z.string(), alt: z.string() }))
    .max(9)
    .default([]),
  status,
};

const notes = defineCollection({
  loader: filesAndDatabase("notes", glob({ base: "content/notes", pattern: "**/*.md" })),
  schema: ({ image }) =>
    z.object({
      ...noteFields,
      images: z
        .array(z.object({ src: image(), alt: z.string() }))
        .max(9)
        .default([]),
    }),
});

const bookFields = {
  title: z.string().min(1).max(120),
  description: z.string().min(1).max(400),
  lang,
  translationKey: z.string().optional(),
  coverUrl: z.string().optional(),
  order: z.number().int().default(0),
  status,
  publishedAt: z.coerce.date(),
};

const books = defineCollection({
  loader: filesAndDatabase("books", glob({ base: "content/books", pattern: "*/index.md" })),
  schema: ({ image }) => z.object({ ...bookFields, cover: image().optional() }),
});

const chapters = defineCollection({
  loader: filesAndDatabase("chapters", glob({ base: "content/books", pattern: "*/!(index).md" })),
  schema: z.object({
    title: z.string().min(1).max(120),
    /** Sort order among siblings. */
    order: z.number().int(),
    /** The parent chapter's file name (without .md) for a second-level chapter. */
    parent: z.string().optional(),
    status,
  }),
});

export const collections = { categories, articles, notes, books, chapters };
