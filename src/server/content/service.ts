import type { Page } from "../../shared/auth.ts";
import {
  type ArticleListItem,
  type ArticleRecord,
  type BookRecord,
  type CategoryRecord,
  type ChapterListItem,
  type ChapterRecord,
  type ContentStatus,
  type CreateArticleInput,
  type CreateBookInput,
  type CreateCategoryInput,
  type CreateChapterInput,
  type CreateNoteInput,
  categoryColumns,
  FILE_ID,
  type ListArticlesQuery,
  type ListBooksQuery,
  type ListCategoriesQuery,
  type ListChaptersQuery,
  type ListNotesQuery,
  type NoteListItem,
  type NoteRecord,
  type PublishInput,
  timeIssue,
  type UpdateArticleInput,
  type UpdateBookInput,
  type UpdateCategoryInput,
  type UpdateChapterInput,
  type UpdateNoteInput,
} from "../../shared/content.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import type { ContentFiles } from "./files.ts";
import type { Publisher } from "./publisher.ts";
import {
  articleListItem,
  articleRecord,
  bookRecord,
  categoryRecord,
  chapterListItem,
  chapterRecord,
  noteListItem,
  noteRecord,
  withExcerpt,
} from "./records.ts";
import * as repo from "./repository.ts";

/** What every content call needs: the database, the rebuild port, this request's files. */
export interface ContentContext {
  db: Db;
  publisher: Publisher;
  files: ContentFiles;
}

export const CONTENT_MESSAGES = {
  readOnly: "This item is written in a file under content/ and can only be changed there",
  created: "Created",
  updated: "Saved",
  deleted: "Deleted",
  published: "Published",
  scheduled: "Scheduled",
  unpublished: "Unpublished",
} as const;

// --- Shared rules ---------------------------------------------------------------------------

const isFileId = (id: string) => FILE_ID.test(id);

function notFound(what: string): ApiError {
  return new ApiError(404, "not_found", `No such ${what}`);
}

function readOnly(file: string | null): ApiError {
  return new ApiError(409, "conflict", `${CONTENT_MESSAGES.readOnly} (${file ?? "content/"})`);
}

function invalid(field: string, message: string): ApiError {
  return new ApiError(400, "validation", `Invalid ${field}: ${message}`, {
    details: { issues: [{ field, message }] },
  });
}

function slugTaken(slug: string, by: string): ApiError {
  const message = `Slug ${slug} is used by ${by}`;
  return new ApiError(409, "conflict", message, {
    issues: [{ field: "slug", message, key: "bmsArticles.problems.slugTaken", values: { by } }],
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (typeof e === "object" && (e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** Runs an insert or update; a unique violation (a race with another writer) becomes `conflict`. */
async function unique<T>(write: () => Promise<T>, conflict: () => ApiError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}

/** Changes to a draft do not reach the site; anything published or scheduled does. */
const isLive = (status: string) => status !== "draft";

interface Timed {
  status: ContentStatus;
  publishedAt: Date | null;
}

/**
 * The status and time after a create or update. The time rule (src/shared/content.ts) is
 * checked on the merged item when the request names a status or a time; a published item
 * without a time gets the current time.
 */
function settleTime(
  current: Timed | null,
  input: { status?: ContentStatus | undefined; publishedAt?: string | null | undefined },
  now = new Date(),
): { status: ContentStatus; publishedAt: Date | null } {
  const status = input.status ?? current?.status ?? "draft";
  const publishedAt =
    input.publishedAt === undefined
      ? (current?.publishedAt ?? null)
      : input.publishedAt === null
        ? null
        : new Date(input.publishedAt);
  if (input.status !== undefined || input.publishedAt !== undefined) {
    const issue = timeIssue(
      { status, publishedAt: publishedAt?.toISOString() ?? null },
      now.getTime(),
    );
    if (issue) throw invalid("publishedAt", issue);
  }
  return { status, publishedAt: status === "published" && !publishedAt ? now : publishedAt };
}

/**
 * `publish`: a future `at` schedules; otherwise published at `at`, or at the item's own
 * earlier time, or now.
 */
function publishTime(
  current: Date | null,
  input: PublishInput,
  now = new Date(),
): { status: ContentStatus; publishedAt: Date } {
  const at = input.at ? new Date(input.at) : null;
  if (at && at > now) return { status: "scheduled", publishedAt: at };
  if (at) return { status: "published", publishedAt: at };
  return { status: "published", publishedAt: current && current <= now ? current : now };
}

function publishMessage(status: ContentStatus): string {
  return status === "scheduled" ? CONTENT_MESSAGES.scheduled : CONTENT_MESSAGES.published;
}

interface Sortable {
  slug: string;
  publishedAt: string | null;
  updatedAt: string | null;
}

/** Newest first: no time (drafts) first, then publishedAt descending, the latest change, slug. */
export function newestFirst(a: Sortable, b: Sortable): number {
  if (a.publishedAt !== b.publishedAt) {
    if (a.publishedAt === null) return -1;
    if (b.publishedAt === null) return 1;
    return a.publishedAt < b.publishedAt ? 1 : -1;
  }
  if (a.updatedAt !== b.updatedAt) {
    if (a.updatedAt === null) return 1;
    if (b.updatedAt === null) return -1;
    return a.updatedAt < b.updatedAt ? 1 : -1;
  }
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

const offsetOf = (query: { page: number; pageSize: number }) => (query.page - 1) * query.pageSize;

interface ListQuery {
  page: number;
  pageSize: number;
  status?: string | undefined;
  lang?: string | undefined;
}

/**
 * One page of database rows and files together: the files of the query's status and language
 * that `keep` keeps. The database gives its first `offset + pageSize` rows in the same order,
 * which is all a page of the merge can use.
 */
async function mergedPage<
  Row,
  File extends { status: string; lang: string },
  Item extends Sortable,
>(
  query: ListQuery,
  list: {
    rows(limit: number): Promise<repo.RowPage<Row>>;
    fromRow(row: Row): Item;
    files(): Promise<File[]>;
    fromFile(file: File): Item;
    keep(file: File): boolean;
  },
): Promise<Page<Item>> {
  const start = offsetOf(query);
  const { rows, total } = await list.rows(start + query.pageSize);
  const files = (await list.files()).filter(
    (item) =>
      (!query.status || item.status === query.status) &&
      (!query.lang || item.lang === query.lang) &&
      list.keep(item),
  );
  const items = [...rows.map(list.fromRow), ...files.map(list.fromFile)]
    .sort(newestFirst)
    .slice(start, start + query.pageSize);
  return { items, total: total + files.length, page: query.page, pageSize: query.pageSize };
}

function matches(q: string | undefined, ...texts: string[]): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  return texts.some((text) => text.toLowerCase().includes(needle));
}

// --- Articles, notes and books: database rows beside read-only files ---------------------

type TimeInput = { status?: ContentStatus | undefined; publishedAt?: string | null | undefined };
type Settled = { status: ContentStatus; publishedAt: Date | null };
type Fields<Input> = Omit<Input, keyof TimeInput>;

/** What the shared flow needs to know of one kind of item. */
interface ItemKind<
  Row extends { slug: string; status: ContentStatus; publishedAt: Date | null },
  Rec extends { id: string; slug: string; file: string | null },
  Input extends TimeInput & { slug: string },
  Patch extends TimeInput & { slug?: string | undefined },
> {
  name: "article" | "note" | "book";
  rows: {
    findById(db: Db, id: string): Promise<Row | null>;
    insert(db: Db, values: Fields<Input> & Settled & { authorId?: string }): Promise<Row>;
    update(db: Db, id: string, patch: Fields<Patch> & Settled): Promise<Row | null>;
    update(db: Db, id: string, patch: Partial<Settled>): Promise<Row | null>;
    remove(db: Db, id: string): Promise<Row | null>;
  };
  findBySlug(db: Db, slug: string, exceptId?: string): Promise<unknown>;
  files(files: ContentFiles): Promise<Rec[]>;
  record(row: Row): Rec;
  /** Whether rows keep their author. */
  authored: boolean;
  /** Checks beyond the slug, after it, on a create (`current` null) or an update. */
  check?(ctx: ContentContext, input: Patch, current: Row | null): Promise<void>;
}

/** Get, create, update, delete, publish and unpublish for one kind of item. */
function itemService<
  Row extends { slug: string; status: ContentStatus; publishedAt: Date | null },
  Rec extends { id: string; slug: string; file: string | null },
  Input extends TimeInput & { slug: string },
  Patch extends TimeInput & { slug?: string | undefined },
>(kind: ItemKind<Row, Rec, Input, Patch>) {
  const { name } = kind;
  const changed = (ctx: ContentContext, row: Row, what: string) =>
    ctx.publisher.contentChanged(`${name} ${row.slug} ${what}`);

  async function assertSlugFree(ctx: ContentContext, slug: string, exceptId?: string) {
    const file = (await kind.files(ctx.files)).find((item) => item.slug === slug);
    if (file) throw slugTaken(slug, file.file ?? "a file");
    if (await kind.findBySlug(ctx.db, slug, exceptId)) throw slugTaken(slug, `another ${name}`);
  }

  async function fromFile(ctx: ContentContext, id: string): Promise<Rec> {
    const item = (await kind.files(ctx.files)).find((file) => file.id === id);
    if (!item) throw notFound(name);
    return item;
  }

  /** The row to change; an item from a file cannot be changed. */
  async function current(ctx: ContentContext, id: string): Promise<Row> {
    if (isFileId(id)) throw readOnly((await fromFile(ctx, id)).file);
    const row = await kind.rows.findById(ctx.db, id);
    if (!row) throw notFound(name);
    return row;
  }

  const found = (row: Row | null): Row => {
    if (!row) throw notFound(name);
    return row;
  };

  return {
    async get(ctx: ContentContext, id: string): Promise<Rec> {
      if (isFileId(id)) return fromFile(ctx, id);
      return kind.record(found(await kind.rows.findById(ctx.db, id)));
    },

    async create(ctx: ContentContext, input: Input & Patch, authorId: string): Promise<Rec> {
      await assertSlugFree(ctx, input.slug);
      await kind.check?.(ctx, input, null);
      const row = await unique(
        () =>
          kind.rows.insert(ctx.db, {
            ...input,
            ...settleTime(null, input),
            ...(kind.authored ? { authorId } : {}),
          }),
        () => slugTaken(input.slug, `another ${name}`),
      );
      if (isLive(row.status)) changed(ctx, row, row.status);
      return kind.record(row);
    },

    async update(ctx: ContentContext, id: string, input: Patch): Promise<Rec> {
      const before = await current(ctx, id);
      if (input.slug !== undefined && input.slug !== before.slug) {
        await assertSlugFree(ctx, input.slug, id);
      }
      await kind.check?.(ctx, input, before);
      const { publishedAt: _at, status: _status, ...fields } = input;
      const row = found(
        await unique(
          () => kind.rows.update(ctx.db, id, { ...fields, ...settleTime(before, input) }),
          () => slugTaken(input.slug ?? before.slug, `another ${name}`),
        ),
      );
      if (isLive(before.status) || isLive(row.status)) changed(ctx, row, "edited");
      return kind.record(row);
    },

    async remove(ctx: ContentContext, id: string): Promise<{ id: string }> {
      await current(ctx, id);
      const row = found(await kind.rows.remove(ctx.db, id));
      if (isLive(row.status)) changed(ctx, row, "deleted");
      return { id };
    },

    async publish(
      ctx: ContentContext,
      id: string,
      input: PublishInput,
    ): Promise<{ record: Rec; message: string }> {
      const before = await current(ctx, id);
      const row = found(await kind.rows.update(ctx.db, id, publishTime(before.publishedAt, input)));
      changed(ctx, row, row.status);
      return { record: kind.record(row), message: publishMessage(row.status) };
    },

    async unpublish(ctx: ContentContext, id: string): Promise<Rec> {
      const before = await current(ctx, id);
      const row = found(await kind.rows.update(ctx.db, id, { status: "draft" }));
      if (isLive(before.status)) changed(ctx, row, "unpublished");
      return kind.record(row);
    },
  };
}

async function assertCategoryExists(ctx: ContentContext, slug: string) {
  if ((await ctx.files.categories()).some((category) => category.slug === slug)) return;
  if (await repo.findCategory(ctx.db, slug)) return;
  throw invalid("category", `no category ${slug}`);
}

export const articles = {
  ...itemService<repo.ArticleRow, ArticleRecord, CreateArticleInput, UpdateArticleInput>({
    name: "article",
    rows: repo.articles,
    findBySlug: repo.findArticleBySlug,
    files: (files) => files.articles(),
    record: articleRecord,
    authored: true,
    async check(ctx, input, current) {
      if (input.category !== undefined && input.category !== current?.category) {
        await assertCategoryExists(ctx, input.category);
      }
    },
  }),

  list: (ctx: ContentContext, query: ListArticlesQuery): Promise<Page<ArticleListItem>> =>
    mergedPage(query, {
      rows: (limit) => repo.listArticles(ctx.db, query, limit),
      fromRow: articleListItem,
      files: () => ctx.files.articles(),
      fromFile: withExcerpt,
      keep: (item) =>
        (!query.category || item.category === query.category) &&
        (!query.tag || item.tags.includes(query.tag)) &&
        matches(query.q, item.title, item.summary, item.body),
    }),
};

export const notes = {
  ...itemService<repo.NoteRow, NoteRecord, CreateNoteInput, UpdateNoteInput>({
    name: "note",
    rows: repo.notes,
    findBySlug: repo.findNoteBySlug,
    files: (files) => files.notes(),
    record: noteRecord,
    authored: true,
  }),

  list: (ctx: ContentContext, query: ListNotesQuery): Promise<Page<NoteListItem>> =>
    mergedPage(query, {
      rows: (limit) => repo.listNotes(ctx.db, query, limit),
      fromRow: noteListItem,
      files: () => ctx.files.notes(),
      fromFile: withExcerpt,
      keep: (item) => (!query.tag || item.tags.includes(query.tag)) && matches(query.q, item.body),
    }),
};

/** Deleting a book deletes its chapters. */
export const books = {
  ...itemService<repo.BookRow, BookRecord, CreateBookInput, UpdateBookInput>({
    name: "book",
    rows: repo.books,
    findBySlug: repo.findBookBySlug,
    files: (files) => files.books(),
    record: bookRecord,
    authored: false,
  }),

  list: (ctx: ContentContext, query: ListBooksQuery): Promise<Page<BookRecord>> =>
    mergedPage(query, {
      rows: (limit) => repo.listBooks(ctx.db, query, limit),
      fromRow: bookRecord,
      files: () => ctx.files.books(),
      fromFile: (item) => item,
      keep: (item) => matches(query.q, item.title, item.description),
    }),
};

// --- Chapters -------------------------------------------------------------------------------

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

function pageOf<T>(items: T[], query: { page: number; pageSize: number }): Page<T> {
  const start = offsetOf(query);
  return {
    items: items.slice(start, start + query.pageSize),
    total: items.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A book named by its id, `file:book:<slug>` or its slug. */
async function resolveBook(
  ctx: ContentContext,
  book: string,
): Promise<{ source: "database"; row: repo.BookRow } | { source: "file"; item: BookRecord }> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(book);
  const row = uuid
    ? await repo.books.findById(ctx.db, book)
    : isFileId(book)
      ? null
      : await repo.findBookBySlug(ctx.db, book);
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
          matches(query.q, item.title, item.body),
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

async function dbChapter(ctx: ContentContext, id: string): Promise<repo.ChapterRow> {
  if (isFileId(id)) throw readOnly((await fileChapter(ctx, id)).file);
  const row = await repo.chapters.findById(ctx.db, id);
  if (!row) throw notFound("chapter");
  return row;
}

async function bookOfChapter(ctx: ContentContext, bookId: string): Promise<repo.BookRow> {
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

/** A chapter change reaches the site when the chapter is published in a live book. */
function chapterChanged(
  ctx: ContentContext,
  book: repo.BookRow,
  statuses: string[],
  what: string,
): void {
  if (isLive(book.status) && statuses.includes("published")) {
    ctx.publisher.contentChanged(`chapter ${book.slug}/${what}`);
  }
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
  chapterChanged(ctx, book, [row.status], `${row.slug} added`);
  return chapterRecord(row, book.slug);
}

async function updateChapter(
  ctx: ContentContext,
  id: string,
  input: UpdateChapterInput,
): Promise<ChapterRecord> {
  const current = await dbChapter(ctx, id);
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
    () => repo.chapters.update(ctx.db, id, input),
    () => chapterSlugTaken(input.slug ?? current.slug),
  );
  if (!row) throw notFound("chapter");
  chapterChanged(ctx, book, [current.status, row.status], `${row.slug} edited`);
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
  chapterChanged(ctx, book, [row.status], `${row.slug} deleted`);
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
  chapterChanged(ctx, book, [row.status], `${row.slug} published`);
  return { record: chapterRecord(row, book.slug), message: CONTENT_MESSAGES.published };
}

async function unpublishChapter(ctx: ContentContext, id: string): Promise<ChapterRecord> {
  const current = await dbChapter(ctx, id);
  const book = await bookOfChapter(ctx, current.bookId);
  const row = await repo.chapters.update(ctx.db, id, { status: "draft" });
  if (!row) throw notFound("chapter");
  chapterChanged(ctx, book, [current.status], `${row.slug} unpublished`);
  return chapterRecord(row, book.slug);
}

export const chapters = {
  list: listChapterPage,
  get: getChapter,
  create: createChapter,
  update: updateChapter,
  remove: deleteChapter,
  publish: publishChapter,
  unpublish: unpublishChapter,
};

// --- Categories -----------------------------------------------------------------------------

export async function listCategoryPage(
  ctx: ContentContext,
  query: ListCategoriesQuery,
): Promise<Page<CategoryRecord>> {
  const rows = (await repo.listCategories(ctx.db)).map(categoryRecord);
  const items = [...(await ctx.files.categories()), ...rows].sort(
    (a, b) => a.order - b.order || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0),
  );
  return pageOf(items, query);
}

async function fileCategory(ctx: ContentContext, slug: string): Promise<CategoryRecord | null> {
  return (await ctx.files.categories()).find((category) => category.slug === slug) ?? null;
}

function categoryTaken(slug: string, file?: string): ApiError {
  const message = file
    ? `Category ${slug} is defined in ${file}`
    : `Category ${slug} already exists`;
  return new ApiError(409, "conflict", message, {
    issues: [{ field: "slug", message, key: "bmsCategories.problems.slugTaken" }],
  });
}

/** A category an article still files under: the issue names the article or its file. */
function categoryInUse(slug: string, by: { article: string } | { file: string }): ApiError {
  const message =
    "article" in by
      ? `Category ${slug} is used by the article ${by.article}`
      : `Category ${slug} is used by ${by.file}`;
  const key = "article" in by ? "bmsCategories.inUseArticle" : "bmsCategories.inUseFile";
  return new ApiError(409, "conflict", message, {
    issues: [{ field: "slug", message, key, values: { slug, ...by } }],
  });
}

export async function createCategory(
  ctx: ContentContext,
  input: CreateCategoryInput,
): Promise<CategoryRecord> {
  const file = await fileCategory(ctx, input.slug);
  if (file) throw categoryTaken(input.slug, file.file ?? "content/categories.json");
  const { name, ...fields } = input;
  const row = await repo.insertCategory(ctx.db, { ...fields, ...categoryColumns(name) });
  if (!row) throw categoryTaken(input.slug);
  ctx.publisher.contentChanged(`category ${row.slug} added`);
  return categoryRecord(row);
}

export async function updateCategory(
  ctx: ContentContext,
  slug: string,
  input: UpdateCategoryInput,
): Promise<CategoryRecord> {
  const file = await fileCategory(ctx, slug);
  if (file) throw readOnly(file.file);
  const { name, ...fields } = input;
  const row = await repo.updateCategory(ctx.db, slug, {
    ...fields,
    ...(name ? categoryColumns(name) : {}),
  });
  if (!row) throw notFound("category");
  ctx.publisher.contentChanged(`category ${slug} edited`);
  return categoryRecord(row);
}

/** A category still filed on an article (in the database or in a file) stays: 409. */
export async function deleteCategory(ctx: ContentContext, slug: string): Promise<{ slug: string }> {
  const file = await fileCategory(ctx, slug);
  if (file) throw readOnly(file.file);
  if (!(await repo.findCategory(ctx.db, slug))) throw notFound("category");
  const inUse = await repo.articleInCategory(ctx.db, slug);
  if (inUse) throw categoryInUse(slug, { article: inUse });
  const fileArticle = (await ctx.files.articles()).find((item) => item.category === slug);
  if (fileArticle) throw categoryInUse(slug, { file: fileArticle.file ?? "content/articles/" });
  const row = await repo.deleteCategory(ctx.db, slug);
  if (!row) throw notFound("category");
  ctx.publisher.contentChanged(`category ${slug} deleted`);
  return { slug };
}
