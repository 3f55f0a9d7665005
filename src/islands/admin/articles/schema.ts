import type { Control, FieldPath } from "react-hook-form";
import { z } from "zod";
import "../../../shared/zod-browser.ts";
import { type ArticleRecord, createArticleSchema } from "../../../shared/content.ts";
import type { EditorAction } from "../app/content/editor-save.ts";
import {
  scheduleTimeOf,
  schemaByAction,
  TAG_WORDS,
  TIME_WORDS,
} from "../app/content/editor-schema.ts";
import { parseTags } from "../app/content/form.ts";
import { type FormWords, serverIssues } from "../app/problems.ts";

/** What a button of the editor asks for (every content editor's buttons). */
export type ArticleAction = EditorAction;

const article = createArticleSchema.shape;

/**
 * The article form: the server's own field rules (`createArticleSchema`), but the tags typed as
 * one line separated by commas, the cover and translation key as typed (trimmed, blank for
 * none: the request's "" and null), and the time to schedule for as the local date-time its
 * input holds (`at`: `schemaByAction`). The status and the time the request carries follow from
 * the button pressed.
 */
const fieldsWith = (at: z.ZodString) =>
  z.strictObject({
    title: article.title,
    subtitle: article.subtitle,
    slug: article.slug,
    lang: article.lang,
    category: article.category,
    tags: z.string().transform(parseTags).pipe(article.tags.unwrap()),
    summary: article.summary,
    cover: z.string().trim().pipe(article.cover.unwrap()),
    coverAlt: article.coverAlt,
    translationKey: z
      .string()
      .trim()
      .transform((key) => key || null)
      .pipe(article.translationKey.unwrap()),
    pinned: article.pinned,
    comments: article.comments,
    body: article.body,
    at,
  });

export type ArticleFields = z.input<ReturnType<typeof fieldsWith>>;
export type ArticleValues = z.output<ReturnType<typeof fieldsWith>>;
/** The form's control, for the parts of the form in their own components. */
export type ArticleControl = Control<ArticleFields, unknown, ArticleValues>;

/** The form's fields in screen order: where a problem sends focus first. */
export const ARTICLE_FIELDS = [
  "title",
  "body",
  "at",
  "subtitle",
  "slug",
  "lang",
  "category",
  "tags",
  "summary",
  "cover",
  "coverAlt",
  "translationKey",
  "pinned",
  "comments",
] as const satisfies readonly FieldPath<ArticleFields>[];

/** The form's words for each field's problems (the server's refusals too). */
const ARTICLE_WORDS: FormWords = {
  title: { blank: "bmsArticles.problems.titleRequired", long: "bmsArticles.problems.titleTooLong" },
  subtitle: { other: "bmsArticles.problems.subtitleTooLong" },
  slug: { blank: "bmsArticles.problems.slugRequired", other: "bmsArticles.problems.slugInvalid" },
  category: {
    other: "bmsArticles.problems.categoryRequired",
    // What the form's check cannot know: a category that no longer exists.
    server: "bmsArticles.problems.categoryMissing",
  },
  ...TAG_WORDS,
  summary: {
    blank: "bmsArticles.problems.summaryRequired",
    long: "bmsArticles.problems.summaryTooLong",
  },
  cover: { other: "bmsArticles.problems.coverInvalid" },
  coverAlt: { other: "bmsArticles.problems.altTooLong" },
  translationKey: { other: "bmsArticles.problems.translationKeyInvalid" },
  body: { other: "bmsArticles.problems.bodyTooLong" },
  ...TIME_WORDS,
};

/** The form's schema for the button pressed: only Schedule asks for a time. */
export const articleSchema = schemaByAction(fieldsWith, ARTICLE_WORDS);

/** A failed save with its field issues on the form's fields, each in the interface's words. */
export const articleIssues = (error: unknown, values?: ArticleFields) =>
  serverIssues(error, ARTICLE_WORDS, values);

/** A new article's first values (in Chinese, the site's first language). */
export const emptyArticle = (): ArticleFields => ({
  title: "",
  subtitle: "",
  slug: "",
  lang: "zh-CN",
  category: "",
  tags: "",
  summary: "",
  cover: "",
  coverAlt: "",
  translationKey: "",
  pinned: false,
  comments: true,
  body: "",
  at: "",
});

/** An article's values to edit, with the time to schedule for (`scheduleTimeOf`). */
export const articleFields = (record: ArticleRecord, at = ""): ArticleFields => ({
  title: record.title,
  subtitle: record.subtitle,
  slug: record.slug,
  lang: record.lang,
  category: record.category,
  tags: record.tags.join(", "),
  summary: record.summary,
  cover: record.cover,
  coverAlt: record.coverAlt,
  translationKey: record.translationKey ?? "",
  pinned: record.pinned,
  comments: record.comments,
  body: record.body,
  at: scheduleTimeOf(record, at),
});
