import {
  type ArticleListItem,
  type ArticleRecord,
  type BookRecord,
  type CategoryRecord,
  type ChapterListItem,
  type ChapterRecord,
  type ChapterStatus,
  type ContentLang,
  type ContentStatus,
  excerptOf,
  type NoteListItem,
  type NoteRecord,
  type WithExcerpt,
} from "../../shared/content.ts";
import type {
  ArticleRow,
  BookRow,
  CategoryRow,
  ChapterRow,
  Listed,
  NoteRow,
} from "./repository.ts";

/** Rows and files as the API answers them. */

const database = { source: "database" as const, readOnly: false, file: null };
const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

function articleFields(row: Omit<ArticleRow, "body">): Omit<ArticleRecord, "body"> {
  return {
    id: row.id,
    slug: row.slug,
    lang: row.lang as ContentLang,
    translationKey: row.translationKey,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    coverAlt: row.coverAlt,
    category: row.category,
    tags: row.tags,
    status: row.status as ContentStatus,
    publishedAt: iso(row.publishedAt),
    pinned: row.pinned,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    ...database,
  };
}

export const articleRecord = (row: ArticleRow): ArticleRecord => ({
  ...articleFields(row),
  body: row.body,
});

export const articleListItem = (row: Listed<ArticleRow>): ArticleListItem => ({
  ...articleFields(row),
  excerpt: excerptOf(row.bodyStart),
});

function noteFields(row: Omit<NoteRow, "body">): Omit<NoteRecord, "body"> {
  return {
    id: row.id,
    slug: row.slug,
    lang: row.lang as ContentLang,
    images: row.images,
    tags: row.tags,
    status: row.status as ContentStatus,
    publishedAt: iso(row.publishedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    ...database,
  };
}

export const noteRecord = (row: NoteRow): NoteRecord => ({ ...noteFields(row), body: row.body });

export const noteListItem = (row: Listed<NoteRow>): NoteListItem => ({
  ...noteFields(row),
  excerpt: excerptOf(row.bodyStart),
});

export const bookRecord = (row: BookRow): BookRecord => ({
  id: row.id,
  slug: row.slug,
  lang: row.lang as ContentLang,
  translationKey: row.translationKey,
  title: row.title,
  description: row.description,
  cover: row.cover,
  order: row.order,
  status: row.status as ContentStatus,
  publishedAt: iso(row.publishedAt),
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  ...database,
});

function chapterFields(
  row: Omit<ChapterRow, "body">,
  bookSlug: string,
): Omit<ChapterRecord, "body"> {
  return {
    id: row.id,
    bookId: row.bookId,
    book: bookSlug,
    slug: row.slug,
    parentId: row.parentId,
    order: row.order,
    title: row.title,
    status: row.status as ChapterStatus,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    ...database,
  };
}

export const chapterRecord = (row: ChapterRow, bookSlug: string): ChapterRecord => ({
  ...chapterFields(row, bookSlug),
  body: row.body,
});

export const chapterListItem = (row: Listed<ChapterRow>, bookSlug: string): ChapterListItem => ({
  ...chapterFields(row, bookSlug),
  excerpt: excerptOf(row.bodyStart),
});

export const categoryRecord = (row: CategoryRow): CategoryRecord => ({
  slug: row.slug,
  name: { "zh-CN": row.nameZh, "en-US": row.nameEn },
  order: row.order,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  ...database,
});

/** A file item as a list row. */
export function withExcerpt<T extends { body: string }>(item: T): WithExcerpt<T> {
  const { body, ...rest } = item;
  return { ...rest, excerpt: excerptOf(body) };
}
