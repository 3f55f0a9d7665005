import { describe, expect, it } from "vitest";
import { translator } from "../../../i18n/core.ts";
import type { BookRecord, ChapterRecord } from "../../../shared/content.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { conflict, DATABASE_ROW } from "../app/content/test-support.ts";
import { withIssueWords } from "../app/form.tsx";
import { problemKey } from "../app/problems.ts";
import { CallFailure } from "../app/query.ts";
import {
  type BookFields,
  bookFields,
  bookSchema,
  type ChapterFields,
  chapterFields,
  chapterSchema,
} from "./schema.ts";
import { chapterTree, moveWrites } from "./tree.ts";

const chapter = (id: string, order: number, parentId: string | null = null) => ({
  id,
  order,
  parentId,
});

describe("a book's chapter tree", () => {
  const items = [
    chapter("a", 1),
    chapter("a1", 1, "a"),
    chapter("a2", 5, "a"),
    chapter("b", 2),
    chapter("c", 4),
  ];
  const tree = chapterTree(items);

  it("holds the top-level chapters in reading order, each with its sub-chapters", () => {
    expect(tree.tops.map((c) => c.id)).toEqual(["a", "b", "c"]);
    expect(tree.childrenOf("a").map((c) => c.id)).toEqual(["a1", "a2"]);
    expect(tree.childrenOf("b")).toEqual([]);
    expect(tree.siblingsOf(null)).toBe(tree.tops);
    expect(tree.siblingsOf("a").map((c) => c.id)).toEqual(["a1", "a2"]);
  });

  it("suggests the order that puts a new chapter last under its parent", () => {
    expect(tree.nextOrder(null)).toBe(5);
    expect(tree.nextOrder("a")).toBe(6);
    expect(tree.nextOrder("b")).toBe(1);
    expect(chapterTree([]).nextOrder(null)).toBe(1);
  });
});

describe("moving a chapter", () => {
  const siblings = [chapter("a", 1), chapter("b", 2), chapter("c", 4)];

  it("swaps the orders of the chapter and its neighbour", () => {
    expect(moveWrites(siblings, "b", -1)).toEqual([
      { id: "b", order: 1 },
      { id: "a", order: 2 },
    ]);
    expect(moveWrites(siblings, "b", 1)).toEqual([
      { id: "b", order: 4 },
      { id: "c", order: 2 },
    ]);
  });

  it("numbers the siblings 1, 2, 3… in their new order when two share an order", () => {
    const tied = [chapter("a", 1), chapter("b", 1), chapter("c", 3)];
    // New order b, a, c: b gets 1 (it has), a 2, c 3 (it has): only a is written.
    expect(moveWrites(tied, "b", -1)).toEqual([{ id: "a", order: 2 }]);
    expect(moveWrites(tied, "a", 1)).toEqual([{ id: "a", order: 2 }]);
    const same = [chapter("a", 0), chapter("b", 0)];
    expect(moveWrites(same, "a", 1)).toEqual([
      { id: "b", order: 1 },
      { id: "a", order: 2 },
    ]);
  });

  it("writes nothing past either end, or for a chapter not among the siblings", () => {
    expect(moveWrites(siblings, "a", -1)).toEqual([]);
    expect(moveWrites(siblings, "c", 1)).toEqual([]);
    expect(moveWrites(siblings, "z", 1)).toEqual([]);
  });
});

/** The problems of a form's values: each field's first message (an i18n key where known). */
function problems(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

const book: BookFields = {
  title: "  Field Notes ",
  slug: "field-notes",
  description: " A book. ",
  lang: "en-US",
  cover: "",
  order: " 7 ",
  translationKey: "",
};

const bookRecordBase: BookRecord = {
  id: "",
  slug: "",
  lang: "zh-CN",
  translationKey: null,
  title: "",
  description: "",
  order: 0,
  cover: "",
  status: "draft",
  publishedAt: null,
  ...DATABASE_ROW,
};

describe("the book form", () => {
  it("makes the request's fields of what the person typed", () => {
    expect(bookSchema.parse(book)).toEqual({
      title: "Field Notes",
      slug: "field-notes",
      description: "A book.",
      lang: "en-US",
      cover: "",
      order: 7,
      translationKey: null,
    });
    expect(
      bookSchema.parse({ ...book, cover: "  ", translationKey: " notes-de-terrain " }),
    ).toMatchObject({ cover: "", translationKey: "notes-de-terrain" });
  });

  it("words each problem of the server's rules in the interface's keys", () => {
    const blank = bookFields(null, "zh-CN");
    expect(problems(bookSchema.safeParse({ ...blank, order: "" }))).toEqual({
      title: "bmsBooks.problems.titleRequired",
      slug: "bmsBooks.problems.slugRequired",
      description: "bmsBooks.problems.descriptionRequired",
      order: "bmsBooks.problems.orderInvalid",
    });
    expect(
      problems(
        bookSchema.safeParse({
          ...book,
          title: "x".repeat(CONTENT_LIMITS.title + 1),
          slug: "Not A Slug",
          description: "x".repeat(CONTENT_LIMITS.description + 1),
          cover: "javascript:alert(1)",
          order: "1.5",
          translationKey: "Not A Key",
        }),
      ),
    ).toEqual({
      title: "bmsBooks.problems.titleTooLong",
      slug: "bmsBooks.problems.slugInvalid",
      description: "bmsBooks.problems.descriptionTooLong",
      cover: "bmsBooks.problems.coverInvalid",
      order: "bmsBooks.problems.orderInvalid",
      translationKey: "bmsBooks.problems.translationKeyInvalid",
    });
    expect(problems(bookSchema.safeParse({ ...book, order: "100001" }))).toEqual({
      order: "bmsBooks.problems.orderInvalid",
    });
    expect(problems(bookSchema.safeParse({ ...book, slug: "x".repeat(81) }))).toEqual({
      slug: "bmsBooks.problems.slugInvalid",
    });
  });

  it("starts from the book edited, its empty translation key blank", () => {
    const record = {
      id: "b1",
      title: "T",
      slug: "t",
      description: "D",
      lang: "zh-CN",
      cover: "/c.png",
      order: -3,
      translationKey: null,
    } satisfies Partial<BookRecord>;
    expect(bookFields({ ...bookRecordBase, ...record }, "en-US")).toEqual({
      title: "T",
      slug: "t",
      description: "D",
      lang: "zh-CN",
      cover: "/c.png",
      order: "-3",
      translationKey: "",
    });
    expect(bookFields(null, "en-US")).toMatchObject({ lang: "en-US", order: "0", title: "" });
  });
});

describe("the chapter form", () => {
  const parent = "0b7a4c8e-5d1f-4f7a-9c2e-3b6d8a1f0e42";
  const fields: ChapterFields = {
    title: "First Steps",
    slug: "first-steps",
    parentId: null,
    order: "2",
    body: "Text.",
    comments: true,
  };

  it("makes the request's fields: the order a number, no parent as null", () => {
    expect(chapterSchema.parse(fields)).toEqual({ ...fields, order: 2 });
    expect(chapterSchema.parse({ ...fields, parentId: parent })).toMatchObject({
      parentId: parent,
    });
  });

  it("words its problems in the interface's keys", () => {
    expect(
      problems(
        chapterSchema.safeParse({
          ...fields,
          title: " ",
          slug: "",
          order: "two",
          body: "x".repeat(CONTENT_LIMITS.body + 1),
        }),
      ),
    ).toEqual({
      title: "bmsBooks.problems.titleRequired",
      slug: "bmsBooks.problems.slugRequired",
      order: "bmsBooks.problems.orderInvalid",
      body: "bmsBooks.problems.bodyTooLong",
    });
  });

  it("starts blank at the suggested order, or from the chapter edited", () => {
    expect(chapterFields(null, 3)).toEqual({
      title: "",
      slug: "",
      parentId: null,
      order: "3",
      body: "",
      comments: true,
    });
    const record: ChapterRecord = {
      id: "c1",
      bookId: "b1",
      book: "field-notes",
      title: "Fonts",
      comments: true,
      slug: "fonts",
      parentId: parent,
      order: 4,
      body: "About fonts.",
      status: "published",
      ...DATABASE_ROW,
    };
    expect(chapterFields(record, 9)).toEqual({
      title: "Fonts",
      slug: "fonts",
      parentId: parent,
      order: "4",
      body: "About fonts.",
      comments: true,
    });
  });
});

describe("a problem's words", () => {
  const words = {
    blank: "bmsBooks.problems.slugRequired",
    other: "bmsBooks.problems.slugInvalid",
  } as const;

  it("says blank for a blank value, long for too long, other else, and falls back", () => {
    expect(problemKey(words, "invalid_format", "  ")).toBe("bmsBooks.problems.slugRequired");
    expect(problemKey(words, "invalid_format", "A")).toBe("bmsBooks.problems.slugInvalid");
    expect(problemKey(words, "too_big", "a".repeat(99))).toBe("bmsBooks.problems.slugInvalid");
    expect(problemKey({ long: "bmsBooks.problems.bodyTooLong" }, "custom", "")).toBe(
      "bmsBooks.problems.bodyTooLong",
    );
    expect(problemKey({}, "custom", "")).toBeUndefined();
  });
});

describe("a refused save", () => {
  it("fills in the values of an issue's key in the interface's language", () => {
    const t = translator("en-US");
    const taken = conflict([
      {
        field: "slug",
        message: "Slug a is used by content/books/a/",
        key: "bmsArticles.problems.slugTaken",
        values: { by: "content/books/a/" },
      },
      { field: "title", message: "is required" },
    ]);
    const worded = withIssueWords(t, taken);
    expect(worded).toBeInstanceOf(CallFailure);
    expect(worded).toMatchObject({
      code: 409,
      message: "Slug a is used by content/books/a/",
      issues: [
        { field: "slug", message: "This slug is already used: content/books/a/." },
        { field: "title", message: "is required" },
      ],
    });
    const plain = new Error("offline");
    expect(withIssueWords(t, plain)).toBe(plain);
  });
});
