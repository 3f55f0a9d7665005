import { and, asc, eq, inArray, ne } from "drizzle-orm";
import {
  type ContentSnapshot,
  type Lang,
  SNAPSHOT_VERSION,
  type Visible,
} from "../../lib/content-snapshot.ts";
import type { Db } from "../db/client.ts";
import {
  contentArticles,
  contentBooks,
  contentCategories,
  contentChapters,
  contentNotes,
} from "../db/schema.ts";

// The snapshot's shape and file live with the loader that reads them (src/lib/content-snapshot.ts),
// re-exported here for the server code that writes them.
export * from "../../lib/content-snapshot.ts";

// What the site build needs from the database: every row that is published or scheduled
// (drafts never leave the database), as plain JSON. The build's content loader reads it
// straight from the database, or from a file written by the process that holds the embedded
// database (one process at a time may open a PGlite folder).

const VISIBLE: Visible[] = ["published", "scheduled"];
const iso = (d: Date | null, fallback: Date) => (d ?? fallback).toISOString();

/** Reads every published or scheduled item; rows without a publish time count as published at their last edit. */
export async function takeSnapshot(db: Db): Promise<ContentSnapshot> {
  const [categories, articles, notes, books] = await Promise.all([
    db.select().from(contentCategories).orderBy(asc(contentCategories.order)),
    db.select().from(contentArticles).where(inArray(contentArticles.status, VISIBLE)),
    db.select().from(contentNotes).where(inArray(contentNotes.status, VISIBLE)),
    db.select().from(contentBooks).where(inArray(contentBooks.status, VISIBLE)),
  ]);
  const bookSlugs = new Map(books.map((b) => [b.id, b.slug]));
  const chapterRows = books.length
    ? await db
        .select()
        .from(contentChapters)
        .where(
          and(
            inArray(contentChapters.bookId, [...bookSlugs.keys()]),
            ne(contentChapters.status, "draft"),
          ),
        )
    : [];
  const chapterSlugs = new Map(chapterRows.map((c) => [c.id, c.slug]));
  return {
    version: SNAPSHOT_VERSION,
    takenAt: new Date().toISOString(),
    categories: categories.map((c) => ({
      slug: c.slug,
      name: { "zh-CN": c.nameZh, "en-US": c.nameEn },
      order: c.order,
    })),
    articles: articles.map((a) => ({
      id: a.id,
      slug: a.slug,
      lang: a.lang as Lang,
      translationKey: a.translationKey,
      title: a.title,
      summary: a.summary,
      body: a.body,
      cover: a.cover,
      coverAlt: a.coverAlt,
      category: a.category,
      tags: a.tags,
      status: a.status as Visible,
      publishedAt: iso(a.publishedAt, a.updatedAt),
      updatedAt: a.updatedAt.toISOString(),
      pinned: a.pinned,
    })),
    notes: notes.map((n) => ({
      id: n.id,
      slug: n.slug,
      lang: n.lang as Lang,
      body: n.body,
      images: n.images,
      tags: n.tags,
      status: n.status as Visible,
      publishedAt: iso(n.publishedAt, n.updatedAt),
      updatedAt: n.updatedAt.toISOString(),
    })),
    books: books.map((b) => ({
      id: b.id,
      slug: b.slug,
      lang: b.lang as Lang,
      translationKey: b.translationKey,
      title: b.title,
      description: b.description,
      cover: b.cover,
      order: b.order,
      status: b.status as Visible,
      publishedAt: iso(b.publishedAt, b.updatedAt),
      updatedAt: b.updatedAt.toISOString(),
    })),
    chapters: chapterRows
      // A chapter under a draft parent stays out with its parent.
      .filter((c) => !c.parentId || chapterSlugs.has(c.parentId))
      .map((c) => ({
        id: c.id,
        book: bookSlugs.get(c.bookId) ?? "",
        slug: c.slug,
        parent: c.parentId ? (chapterSlugs.get(c.parentId) ?? null) : null,
        order: c.order,
        title: c.title,
        body: c.body,
        status: c.status as Visible,
        updatedAt: c.updatedAt.toISOString(),
      })),
  };
}

/** The earliest scheduled time still in the future, or null: when the site must next rebuild by itself. */
export async function nextScheduledAt(db: Db, now = new Date()): Promise<Date | null> {
  const times = await Promise.all(
    [contentArticles, contentNotes, contentBooks].map((table) =>
      db.select({ at: table.publishedAt }).from(table).where(eq(table.status, "scheduled")),
    ),
  );
  const future = times
    .flat()
    .map((r) => r.at)
    .filter((at): at is Date => !!at && at.getTime() > now.getTime())
    .sort((a, b) => a.getTime() - b.getTime());
  return future[0] ?? null;
}

/** Writes the snapshot atomically (a reader never sees half a file). */
