import type { Page } from "../../shared/auth.ts";
import type {
  BookRecord,
  ChapterListItem,
  ChapterRecord,
  CreateChapterInput,
  ListChaptersQuery,
  PublishInput,
  UpdateChapterInput,
} from "../../shared/content.ts";
import { statusNow } from "../../shared/content.ts";
import { itemCommentsMoved } from "../comments/service.ts";
import { chapterListItem, chapterRecord, withExcerpt } from "../content/records.ts";
import { dropDraftLinks } from "../content/service/items.ts";
import {
  CONTENT_MESSAGES,
  type ContentContext,
  invalid,
  isFileId,
  matches,
  notFound,
  onSite,
  pageOf,
  readOnly,
  refuseIfChangedMeanwhile,
  reportChange,
  slugTaken,
  unique,
  versionOpened,
} from "../content/service/shared.ts";
import type { BookRow, ChapterRow } from "../db/items.ts";
import type { PageQuery } from "../db/queries.ts";
import { ApiError } from "../http/errors.ts";
import { dropRevisions, keepRevision, listRevisions, readRevision } from "../revisions/service.ts";
import * as repo from "./repository.ts";

/**
 * Chapters of a book. They have no time of their own and go live with their book; a database
 * book's chapters are rows, a file book's are files (read-only).
 */

interface TreeItem {
  slug: string;
  order: number;
  parent: { slug: string; order: number } | null;
}

/** Reading order: top-level chapters by order (then slug), each followed by its children. */
function byReadingOrder(a: TreeItem, b: TreeItem): number {
  const keyOf = (item: TreeItem): Array<number | string> =>
    item.parent
      ? [item.parent.order, item.parent.slug, 1, item.order, item.slug]
      : [item.order, item.slug, 0, 0, ""];
  const [ka, kb] = [keyOf(a), keyOf(b)];
  for (let i = 0; i < ka.length; i += 1) {
    const [x, y] = [ka[i] ?? 0, kb[i] ?? 0];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** A book named by its id, `file:book:<slug>` or its slug. */
async function resolveBook(
  ctx: ContentContext,
  book: string,
): Promise<{ source: "database"; row: BookRow } | { source: "file"; item: BookRecord }> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(book);
  const row = uuid
    ? await repo.books.findById(ctx.db, book)
    : isFileId(book)
      ? null
      : await repo.books.findBySlug(ctx.db, book);
  if (row) return { source: "database", row };
  const item = (await ctx.files.books()).find((file) => file.id === book || file.slug === book);
  if (item) return { source: "file", item };
  throw notFound("book");
}

async function listChapterPage(
  ctx: ContentContext,
  query: ListChaptersQuery,
): Promise<Page<ChapterListItem>> {
  const book = await resolveBook(ctx, query.book);
  if (book.source === "file") {
    const chapters = (await ctx.files.chapters()).filter((item) => item.book === book.item.slug);
    const bySlug = new Map(chapters.map((item) => [item.slug, item]));
    const parentOf = (item: ChapterRecord) => {
      const parentSlug = item.parentId?.split("/").pop();
      return parentSlug ? (bySlug.get(parentSlug) ?? { slug: parentSlug, order: 0 }) : null;
    };
    const items = chapters
      .filter(
        (item) =>
          (!query.status || item.status === query.status) &&
          matches(query.q, item.slug, item.title, item.body),
      )
      .map((item) => ({
        item,
        tree: { slug: item.slug, order: item.order, parent: parentOf(item) },
      }))
      .sort((a, b) => byReadingOrder(a.tree, b.tree))
      .map(({ item }) => withExcerpt(item));
    return pageOf(items, query);
  }
  const rows = await repo.listChaptersOfBook(ctx.db, book.row.id, query);
  const items = rows
    .map((row) => ({
      row,
      tree: {
        slug: row.slug,
        order: row.order,
        parent:
          row.parentSlug === null ? null : { slug: row.parentSlug, order: row.parentOrder ?? 0 },
      },
    }))
    .sort((a, b) => byReadingOrder(a.tree, b.tree))
    .map(({ row }) => chapterListItem(row, book.row.slug));
  return pageOf(items, query);
}

async function fileChapter(ctx: ContentContext, id: string): Promise<ChapterRecord> {
  const item = (await ctx.files.chapters()).find((chapter) => chapter.id === id);
  if (!item) throw notFound("chapter");
  return item;
}

async function dbChapter(ctx: ContentContext, id: string): Promise<ChapterRow> {
  if (isFileId(id)) throw readOnly((await fileChapter(ctx, id)).file);
  const row = await repo.chapters.findById(ctx.db, id);
  if (!row) throw notFound("chapter");
  return row;
}

async function bookOfChapter(ctx: ContentContext, bookId: string): Promise<BookRow> {
  const book = await repo.books.findById(ctx.db, bookId);
  if (!book) throw notFound("book");
  return book;
}

async function getChapter(ctx: ContentContext, id: string): Promise<ChapterRecord> {
  if (isFileId(id)) return fileChapter(ctx, id);
  const row = await repo.chapters.findById(ctx.db, id);
  if (!row) throw notFound("chapter");
  return chapterRecord(row, (await bookOfChapter(ctx, row.bookId)).slug);
}

/** A parent must be a top-level chapter of the same book (chapters nest two levels at most). */
async function assertParent(
  ctx: ContentContext,
  bookId: string,
  parentId: string,
  selfId?: string,
) {
  if (parentId === selfId) throw invalid("parentId", "a chapter cannot be its own parent");
  const parent = await repo.chapters.findById(ctx.db, parentId);
  if (!parent || parent.bookId !== bookId) {
    throw invalid("parentId", "not a chapter of this book");
  }
  if (parent.parentId !== null) throw invalid("parentId", "chapters nest two levels at most");
  if (selfId && (await repo.chapterHasChildren(ctx.db, selfId))) {
    throw invalid("parentId", "a chapter with sub-chapters cannot become a sub-chapter");
  }
}

function chapterSlugTaken(slug: string): ApiError {
  return slugTaken(slug, "another chapter of this book");
}

/**
 * A chapter change reaches the site when the chapter is published in a book on the site; in a
 * book scheduled for later, it waits for the book's time like the book does.
 */
function chapterChanged(
  ctx: ContentContext,
  book: BookRow,
  statuses: string[],
  verb: string,
  chapter: { slug: string; id: string },
): void {
  if (!statuses.includes("published")) return;
  const change = {
    action: `chapters.${verb}`,
    item: `${book.slug}/${chapter.slug}`,
    id: chapter.id,
  };
  reportChange(ctx, change, book);
}

async function createChapter(
  ctx: ContentContext,
  input: CreateChapterInput,
): Promise<ChapterRecord> {
  const book = await repo.books.findById(ctx.db, input.bookId);
  if (!book) throw invalid("bookId", "no such book in the database");
  if (input.parentId) await assertParent(ctx, book.id, input.parentId);
  if (await repo.findChapterBySlug(ctx.db, book.id, input.slug)) {
    throw chapterSlugTaken(input.slug);
  }
  const row = await unique(
    () => repo.chapters.insert(ctx.db, input),
    () => chapterSlugTaken(input.slug),
  );
  await keepRevision(ctx, "chapter", row, ctx.actor ?? null, CHAPTER_FIXED);
  chapterChanged(ctx, book, [row.status], "create", row);
  return chapterRecord(row, book.slug);
}

/**
 * With `expected` (the `updatedAt` the editor opened), refused with 409 when the chapter was
 * saved since, as any item's update is: nothing is overwritten unseen.
 */
async function updateChapter(
  ctx: ContentContext,
  id: string,
  input: UpdateChapterInput,
  expected?: string,
): Promise<ChapterRecord> {
  const current = await dbChapter(ctx, id);
  const since = versionOpened("chapter", current, expected);
  const book = await bookOfChapter(ctx, current.bookId);
  if (input.parentId && input.parentId !== current.parentId) {
    await assertParent(ctx, book.id, input.parentId, id);
  }
  if (input.slug !== undefined && input.slug !== current.slug) {
    if (await repo.findChapterBySlug(ctx.db, book.id, input.slug, id)) {
      throw chapterSlugTaken(input.slug);
    }
  }
  const row = await unique(
    () => repo.chapters.update(ctx.db, id, input, since),
    () => chapterSlugTaken(input.slug ?? current.slug),
  );
  await refuseIfChangedMeanwhile("chapter", since, row, () => repo.chapters.findById(ctx.db, id));
  if (!row) throw notFound("chapter");
  await keepRevision(ctx, "chapter", row, ctx.actor ?? null, CHAPTER_FIXED);
  const path = (slug: string) => `${book.slug}/${slug}`;
  await itemCommentsMoved(ctx.db, "chapter", path(current.slug), path(row.slug));
  chapterChanged(ctx, book, [current.status, row.status], "update", row);
  return chapterRecord(row, book.slug);
}

async function deleteChapter(ctx: ContentContext, id: string): Promise<{ id: string }> {
  const current = await dbChapter(ctx, id);
  if (await repo.chapterHasChildren(ctx.db, id)) {
    throw new ApiError(
      409,
      "conflict",
      `Chapter ${current.slug} has sub-chapters: delete or move them first`,
    );
  }
  const book = await bookOfChapter(ctx, current.bookId);
  const row = await repo.chapters.remove(ctx.db, id);
  if (!row) throw notFound("chapter");
  await dropRevisions(ctx, "chapter", id);
  await dropDraftLinks(ctx, "chapter", id);
  await itemCommentsMoved(ctx.db, "chapter", `${book.slug}/${row.slug}`, null);
  chapterChanged(ctx, book, [row.status], "delete", row);
  return { id };
}

/** Chapters have no time of their own: publishing one makes it part of its book. */
async function publishChapter(
  ctx: ContentContext,
  id: string,
  input: PublishInput,
): Promise<{ record: ChapterRecord; message: string }> {
  if (input.at && new Date(input.at) > new Date()) {
    throw invalid("at", "chapters cannot be scheduled: they go live with their book");
  }
  const current = await dbChapter(ctx, id);
  const book = await bookOfChapter(ctx, current.bookId);
  const row = await repo.chapters.update(ctx.db, id, { status: "published" });
  if (!row) throw notFound("chapter");
  chapterChanged(ctx, book, [row.status], "publish", row);
  return { record: chapterRecord(row, book.slug), message: CONTENT_MESSAGES.published };
}

async function unpublishChapter(ctx: ContentContext, id: string): Promise<ChapterRecord> {
  const current = await dbChapter(ctx, id);
  const book = await bookOfChapter(ctx, current.bookId);
  const row = await repo.chapters.update(ctx.db, id, { status: "draft" });
  if (!row) throw notFound("chapter");
  chapterChanged(ctx, book, [current.status], "unpublish", row);
  return chapterRecord(row, book.slug);
}

/** Chapter `slug` of book `bookSlug` if it shows on the site now (both published), else null. */
async function chapterShown(
  ctx: ContentContext,
  bookSlug: string,
  slug: string,
): Promise<ChapterRecord | null> {
  const book = await resolveBook(ctx, bookSlug).catch(() => null);
  if (book?.source === "file") {
    const { status, publishedAt } = book.item;
    if (statusNow(status, publishedAt) !== "published") return null;
    const chapters = await ctx.files.chapters();
    const found = chapters.find((c) => c.book === bookSlug && c.slug === slug);
    return found?.status === "published" ? found : null;
  }
  if (!book || !onSite(book.row)) return null;
  const chapter = await repo.findChapterBySlug(ctx.db, book.row.id, slug);
  return chapter?.status === "published" ? chapterRecord(chapter, book.row.slug) : null;
}

/** A chapter's book is no field an update takes: its revisions leave it out. */
const CHAPTER_FIXED = ["bookId"] as const;

export const chapters = {
  list: listChapterPage,
  async revisions(ctx: ContentContext, id: string, query: PageQuery) {
    await dbChapter(ctx, id);
    return listRevisions(ctx, "chapter", id, query);
  },
  async revision(ctx: ContentContext, id: string, revisionId: string) {
    await dbChapter(ctx, id);
    return readRevision(ctx, "chapter", id, revisionId);
  },
  get: getChapter,
  shown: chapterShown,
  create: createChapter,
  update: updateChapter,
  remove: deleteChapter,
  publish: publishChapter,
  unpublish: unpublishChapter,
};
