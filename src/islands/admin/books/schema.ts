import { z } from "zod";
import "../../../shared/zod-browser.ts";
import {
  type BookRecord,
  type ChapterRecord,
  createBookSchema,
  createChapterSchema,
  orderSchema,
  translationKeySchema,
} from "../../../shared/content.ts";
import { type FormWords, withWords } from "../app/problems.ts";

// The book and chapter forms: the server's own schemas for `POST /api/admin/books` and
// `POST /api/admin/chapters` (src/shared/kinds/), changed only where the form holds something
// other than the request: text the person typed where the request carries a number or null.

/**
 * The order as typed: a number input's value is text, the request's order a whole number the
 * server's `orderSchema` bounds. Blank or not a number fails like a number out of bounds.
 */
const typedOrder = z.string().trim().min(1).transform(Number).pipe(orderSchema);

const book = createBookSchema.shape;

/**
 * A book's fields: the server's (its shape, without the rule on status and publish time, which
 * the form does not hold: a new book's status is the button pressed, an edit keeps it), with
 * the order as typed, and the cover and translation key as typed: trimmed, blank for none (the
 * request's "" and null).
 */
export const bookFormSchema = z
  .strictObject(book)
  .omit({ status: true, publishedAt: true })
  .extend({
    order: typedOrder,
    cover: z.string().trim().pipe(book.cover.unwrap()),
    translationKey: z
      .string()
      .trim()
      .transform((key) => key || null)
      .pipe(translationKeySchema.unwrap()),
  });
export type BookFields = z.input<typeof bookFormSchema>;
export type BookValues = z.output<typeof bookFormSchema>;

/**
 * A chapter's fields: the server's but the book (the page's) and the status (the button
 * pressed), with the order as typed. The parent select holds "" for none; `register` reads it
 * as the request's null.
 */
export const chapterFormSchema = createChapterSchema
  .pick({ title: true, slug: true, parentId: true, body: true, comments: true })
  .extend({ order: typedOrder });
export type ChapterFields = z.input<typeof chapterFormSchema>;
export type ChapterValues = z.output<typeof chapterFormSchema>;

/** The form's fields in screen order: where a server's problem sends focus first. */
export const BOOK_FIELDS = [
  "title",
  "slug",
  "description",
  "lang",
  "order",
  "cover",
  "translationKey",
] as const;
export const CHAPTER_FIELDS = ["title", "slug", "parentId", "order", "body", "comments"] as const;

const named = {
  title: { blank: "bmsBooks.problems.titleRequired", long: "bmsBooks.problems.titleTooLong" },
  slug: { blank: "bmsBooks.problems.slugRequired", other: "bmsBooks.problems.slugInvalid" },
  order: { other: "bmsBooks.problems.orderInvalid" },
} satisfies FormWords;

/** The interface's words for the book form's problems. */
export const BOOK_PROBLEMS = {
  ...named,
  description: {
    blank: "bmsBooks.problems.descriptionRequired",
    long: "bmsBooks.problems.descriptionTooLong",
  },
  cover: { other: "bmsBooks.problems.coverInvalid" },
  translationKey: { other: "bmsBooks.problems.translationKeyInvalid" },
} satisfies FormWords;

/** The book form's schema, in the interface's words. */
export const bookSchema = withWords(bookFormSchema, BOOK_PROBLEMS);

/** The interface's words for the chapter form's problems. */
export const CHAPTER_PROBLEMS = {
  ...named,
  body: { long: "bmsBooks.problems.bodyTooLong" },
} satisfies FormWords;

/** The chapter form's schema, in the interface's words. */
export const chapterSchema = withWords(chapterFormSchema, CHAPTER_PROBLEMS);

/** A book's fields as the form starts them: from the book edited, or blank in `lang`. */
export function bookFields(book: BookRecord | null, lang: BookFields["lang"]): BookFields {
  if (!book) {
    return {
      title: "",
      slug: "",
      description: "",
      lang,
      cover: "",
      order: "0",
      translationKey: "",
    };
  }
  return {
    title: book.title,
    slug: book.slug,
    description: book.description,
    lang: book.lang,
    cover: book.cover,
    order: String(book.order),
    translationKey: book.translationKey ?? "",
  };
}

/** A chapter's fields as the form starts them: from the chapter edited, or blank at `order`. */
export function chapterFields(chapter: ChapterRecord | null, order: number): ChapterFields {
  if (!chapter)
    return { title: "", slug: "", parentId: null, order: String(order), body: "", comments: true };
  return {
    title: chapter.title,
    slug: chapter.slug,
    parentId: chapter.parentId,
    order: String(chapter.order),
    body: chapter.body,
    comments: chapter.comments,
  };
}
