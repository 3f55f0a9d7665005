import { describe, expect, it } from "vitest";
import { translator } from "../../../i18n/core.ts";
import {
  type ArticleRecord,
  createArticleSchema,
  publishSchema,
  updateArticleSchema,
} from "../../../shared/content.ts";
import { expectFutureTimeOnlyToSchedule, problemsOf } from "../app/content/test-support.ts";
import { withIssueWords } from "../app/form.tsx";
import { CallFailure } from "../app/query.ts";
import { isoToLocal, localToIso } from "../app/time.ts";
import { createRequest, publishRequest, savedMessage, updateRequest } from "./request.ts";
import {
  type ArticleAction,
  type ArticleFields,
  articleFields,
  articleIssues,
  articleSchema,
  emptyArticle,
} from "./schema.ts";

const fields = (changes: Partial<ArticleFields> = {}): ArticleFields => ({
  ...emptyArticle(),
  title: "Static first",
  slug: "static-first",
  category: "engineering",
  summary: "Why the site is static first.",
  ...changes,
});

const problems = (values: ArticleFields, action: ArticleAction = "draft") =>
  problemsOf(articleSchema(action), values);

const record: ArticleRecord = {
  id: "0b6c1f2e-8a3d-4c5b-9e7f-1a2b3c4d5e6f",
  slug: "static-first",
  lang: "en-US",
  translationKey: null,
  title: "Static first",
  subtitle: "",
  summary: "Why.",
  coverAlt: "",
  category: "engineering",
  tags: ["web", "astro"],
  pinned: true,
  comments: true,
  body: "# Hello",
  cover: "",
  status: "scheduled",
  publishedAt: "2031-05-04T01:30:00.000Z",
  createdAt: null,
  updatedAt: null,
  source: "database",
  readOnly: false,
  file: null,
};

describe("the article form", () => {
  const manyTags = Array.from({ length: 51 }, (_, i) => `t${i}`).join(", ");
  it.each<[string, Partial<ArticleFields>, Record<string, string>]>([
    ["right", {}, {}],
    ["blank", { title: "  ", slug: "" }, { title: "titleRequired", slug: "slugRequired" }],
    [
      "too long or badly written",
      { title: "x".repeat(121), subtitle: "y".repeat(121), slug: "Bad Slug!" },
      { title: "titleTooLong", subtitle: "subtitleTooLong", slug: "slugInvalid" },
    ],
    [
      "missing",
      { category: "", summary: " " },
      { category: "categoryRequired", summary: "summaryRequired" },
    ],
    ["the archive page's slug", { slug: "archive" }, { slug: "slugInvalid" }],
    ["a long summary", { summary: "s".repeat(301) }, { summary: "summaryTooLong" }],
    ["too many tags", { tags: manyTags }, { tags: "tooManyTags" }],
    ["a long tag", { tags: `ok, ${"x".repeat(31)}` }, { tags: "tagTooLong" }],
    ["a tag that cannot be a path", { tags: "a/b" }, { tags: "tagInvalid" }],
    [
      "the rest, wrong",
      {
        cover: "javascript:alert(1)",
        coverAlt: "a".repeat(201),
        translationKey: "Not a key",
        body: "b".repeat(200_001),
      },
      {
        cover: "coverInvalid",
        coverAlt: "altTooLong",
        translationKey: "translationKeyInvalid",
        body: "bodyTooLong",
      },
    ],
  ])("checks with the server's rules, in the form's words: %s", (_, changes, expected) => {
    const keys = Object.entries(expected).map(([field, key]) => [
      field,
      `bmsArticles.problems.${key}`,
    ]);
    expect(problems(fields(changes))).toEqual(Object.fromEntries(keys));
  });

  it("asks for a future time only when scheduling", () => {
    expectFutureTimeOnlyToSchedule(
      (at, action) => problems(fields({ at }), action),
      "bmsArticles.problems.atFuture",
    );
  });

  it("turns the values into the API's requests, which the server's schemas take", () => {
    const values = articleSchema("schedule").parse(
      fields({
        title: " Static first ",
        tags: "e2e, testing，e2e",
        cover: " https://example.com/cover.png ",
        coverAlt: " A cover ",
        translationKey: " ",
        at: "2999-05-04T09:30",
      }),
    );
    const scheduled = createRequest(values, "schedule");
    expect(scheduled).toEqual({
      title: "Static first",
      subtitle: "",
      slug: "static-first",
      lang: "zh-CN",
      category: "engineering",
      tags: ["e2e", "testing"],
      summary: "Why the site is static first.",
      cover: "https://example.com/cover.png",
      coverAlt: "A cover",
      translationKey: null,
      pinned: false,
      comments: true,
      body: "",
      status: "scheduled",
      publishedAt: localToIso("2999-05-04T09:30"),
    });
    expect(createArticleSchema.safeParse(scheduled).success).toBe(true);
    expect(createRequest(values, "publish")).toMatchObject({
      status: "published",
      publishedAt: null,
    });
    expect(createRequest(values, "draft")).toMatchObject({ status: "draft", publishedAt: null });
    const saved = updateRequest(values);
    expect(saved).not.toHaveProperty("at");
    expect(saved).not.toHaveProperty("status");
    expect(updateArticleSchema.safeParse(saved).success).toBe(true);
    expect(publishRequest(values, "publish")).toEqual({});
    expect(publishRequest(values, "schedule")).toEqual({ at: localToIso("2999-05-04T09:30") });
    expect(publishSchema.safeParse(publishRequest(values, "schedule")).success).toBe(true);
  });

  it.each([
    ["draft", "draft", true, "bmsArticles.createdDraft"],
    ["published", "publish", true, "bmsArticles.createdPublished"],
    ["scheduled", "schedule", true, "bmsArticles.createdScheduled"],
    ["draft", "save", false, "bmsArticles.saved"],
    ["published", "save", false, "bmsArticles.savedLive"],
    ["published", "publish", false, "bmsArticles.publishedNow"],
    ["scheduled", "schedule", false, "bmsArticles.scheduledFor"],
    ["draft", "draft", false, "bmsArticles.unpublishedNow"],
  ] as const)("says what happened: %s after %s (new: %s) is %s", (status, action, created, key) => {
    expect(savedMessage({ status }, action, created)).toBe(key);
  });

  it("edits an article from its record, a scheduled one at its time", () => {
    expect(articleFields(record)).toEqual({
      title: "Static first",
      subtitle: "",
      slug: "static-first",
      lang: "en-US",
      category: "engineering",
      tags: "web, astro",
      summary: "Why.",
      cover: "",
      coverAlt: "",
      translationKey: "",
      pinned: true,
      comments: true,
      body: "# Hello",
      at: isoToLocal("2031-05-04T01:30:00.000Z"),
    });
    const draft = { ...record, status: "draft" as const, publishedAt: null };
    expect(articleFields(draft, "2031-01-02T09:00").at).toBe("2031-01-02T09:00");
  });

  it("puts the server's field issues on the form's fields, in the interface's words", () => {
    // The server's field, the form's, and the form's words for it (none: off the form).
    const named = [
      ["publishedAt", "at", "bmsArticles.problems.atFuture"],
      ["tags.2", "tags", "bmsArticles.problems.tagTooLong"],
      ["category", "category", "bmsArticles.problems.categoryMissing"],
      ["status", "status", undefined],
    ] as const;
    const issues = named.map(([field]) => ({ field, message: `refused ${field}` }));
    const mapped = articleIssues(new CallFailure(400, "Invalid", { kind: "validation", issues }));
    expect(mapped).toBeInstanceOf(CallFailure);
    expect(mapped).toMatchObject({ code: 400, message: "Invalid" });
    expect(mapped instanceof CallFailure && mapped.issues).toEqual(
      named.map(([from, field, key]) => ({
        field,
        message: `refused ${from}`,
        ...(key && { key }),
      })),
    );
    const taken = new CallFailure(409, "Slug static-first is used by another article", {
      kind: "conflict",
      issues: [
        {
          field: "slug",
          message: "Slug static-first is used by another article",
          key: "bmsArticles.problems.slugTaken",
          values: { by: "another article" },
        },
      ],
    });
    const worded = withIssueWords(translator("en-US"), articleIssues(taken));
    expect(worded instanceof CallFailure && worded.issues).toEqual([
      { field: "slug", message: "This slug is already used: another article." },
    ]);
    const plain = new Error("offline");
    expect(articleIssues(plain)).toBe(plain);
  });
});
