import {
  type AlbumRecord,
  type ArticleListItem,
  type ArticleRecord,
  type BookRecord,
  type CategoryRecord,
  type ChapterListItem,
  type ChapterRecord,
  excerptOf,
  fromCategoryColumns,
  type NoteListItem,
  type NoteRecord,
  type PhotoRecord,
  statusNow,
  type WithExcerpt,
} from "../../shared/content.ts";
import type { ContentStatus } from "../../shared/content-rules.ts";
import type {
  AlbumRow,
  ArticleRow,
  BookRow,
  CategoryRow,
  ChapterRow,
  Listed,
  ListedChapter,
  NoteRow,
  PhotoRow,
} from "../db/items.ts";

/**
 * Rows as the API answers them. A column has its field's name (src/shared/kinds/<kind>.ts), so a
 * row is its record but for its times (ISO strings here), its author (never answered) and where
 * it lives; no field is named here, and a field added to a kind and its table arrives unasked.
 */

const database = { source: "database" as const, readOnly: false, file: null };
export const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The times of a row and where it lives, to spread over the row's own fields. */
export const stored = (row: { createdAt: Date; updatedAt: Date }) => ({
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  ...database,
});

/** A row of a kind with a publish time, without its author. */
function timed<
  R extends { status: ContentStatus; publishedAt: Date | null; createdAt: Date; updatedAt: Date },
>(row: R & { authorId?: string | null }) {
  const { authorId: _author, ...fields } = row;
  const publishedAt = iso(row.publishedAt);
  // A scheduled row whose time has come is published: the build shows it from then on.
  const status = statusNow(row.status, publishedAt);
  return { ...fields, status, publishedAt, ...stored(row) };
}

/** A list row: the body's first characters as an excerpt. */
function listed<R extends { bodyStart: string }>(row: R) {
  const { bodyStart, ...fields } = row;
  return { ...fields, excerpt: excerptOf(bodyStart) };
}

export const articleRecord = (row: ArticleRow): ArticleRecord => timed(row);
export const articleListItem = (row: Listed<ArticleRow>): ArticleListItem => listed(timed(row));

export const noteRecord = (row: NoteRow): NoteRecord => timed(row);
export const noteListItem = (row: Listed<NoteRow>): NoteListItem => listed(timed(row));

export const bookRecord = (row: BookRow): BookRecord => timed(row);

export const chapterRecord = (row: ChapterRow, bookSlug: string): ChapterRecord => ({
  ...row,
  book: bookSlug,
  ...stored(row),
});

/** A chapter's list row; its parent's order and slug served the sorting only. */
export function chapterListItem(row: ListedChapter, bookSlug: string): ChapterListItem {
  const { parentOrder: _order, parentSlug: _slug, ...fields } = row;
  return listed({ ...fields, book: bookSlug, ...stored(row) });
}

export const categoryRecord = (row: CategoryRow): CategoryRecord => ({
  ...fromCategoryColumns(row),
  ...stored(row),
});

export const photoRecord = (row: PhotoRow): PhotoRecord => timed(row);

export const albumRecord = (row: AlbumRow): AlbumRecord => ({ ...row, ...stored(row) });

/** A file item as a list row. */
export function withExcerpt<T extends { body: string }>(item: T): WithExcerpt<T> {
  const { body, ...rest } = item;
  return { ...rest, excerpt: excerptOf(body) };
}
