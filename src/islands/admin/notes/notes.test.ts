import { describe, expect, it } from "vitest";
import { createNoteSchema, type NoteRecord, updateNoteSchema } from "../../../shared/content.ts";
import {
  DATABASE_ROW,
  expectFutureTimeOnlyToSchedule,
  problemsOf,
} from "../app/content/test-support.ts";
import { CallFailure } from "../app/query.ts";
import { localToIso } from "../app/time.ts";
import { createRequest, noteSlug, noteTiming, savedMessage, updateRequest } from "./request.ts";
import {
  emptyNote,
  type NoteAction,
  type NoteFields,
  noteFieldOrder,
  noteFields,
  noteIssues,
  noteSchema,
} from "./schema.ts";

const fields = (changes: Partial<NoteFields> = {}): NoteFields => ({
  ...emptyNote("en-US"),
  body: "A note",
  ...changes,
});

const problems = (values: NoteFields, action: NoteAction = "draft") =>
  problemsOf(noteSchema(action), values);

describe("the note form", () => {
  it("checks with the server's rules, in the form's words on the form's fields", () => {
    expect(problems(fields({ body: "  \n " }))).toEqual({ body: "bmsNotes.problems.bodyRequired" });
    expect(problems(fields({ body: "x".repeat(200_001) }))).toEqual({
      body: "bmsNotes.problems.bodyTooLong",
    });
    const tags = Array.from({ length: 51 }, (_, i) => `t${i}`).join(", ");
    expect(problems(fields({ tags }))).toEqual({ tags: "bmsNotes.problems.tooManyTags" });
    expect(problems(fields({ tags: `ok, ${"x".repeat(31)}` }))).toEqual({
      tags: "bmsNotes.problems.tagTooLong",
    });
    expect(problems(fields({ tags: "a/b" }))).toEqual({ tags: "bmsNotes.problems.tagInvalid" });
    expect(
      problems(
        fields({
          images: [
            { src: "https://example.com/ok.png", alt: "" },
            { src: " ", alt: "" },
            { src: "javascript:alert(1)", alt: "x".repeat(201) },
          ],
        }),
      ),
    ).toEqual({
      "images.1.src": "bmsNotes.problems.imageSrcRequired",
      "images.2.src": "bmsNotes.problems.imageSrcInvalid",
      "images.2.alt": "bmsNotes.problems.altTooLong",
    });
  });

  it("asks for a future time only when scheduling", () => {
    expectFutureTimeOnlyToSchedule(
      (at, action) => problems(fields({ at }), action),
      "bmsNotes.problems.atFuture",
    );
  });

  it("turns the values into the API's requests, which the server's schemas take", () => {
    const values = noteSchema("schedule").parse(
      fields({
        body: " Hello world ",
        tags: "e2e, testing，e2e",
        images: [{ src: " https://example.com/a.png ", alt: " A picture " }],
        at: "2999-05-04T09:30",
      }),
    );
    const now = new Date(2031, 4, 4, 9, 5, 7);
    const created = createRequest(values, "schedule", now);
    expect(created).toEqual({
      slug: "2031-05-04-hello-world-090507",
      lang: "en-US",
      body: "Hello world",
      tags: ["e2e", "testing"],
      images: [{ src: "https://example.com/a.png", alt: "A picture" }],
      comments: true,
      status: "scheduled",
      publishedAt: localToIso("2999-05-04T09:30"),
    });
    expect(createNoteSchema.safeParse(created).success).toBe(true);
    expect(createRequest(values, "publish", now)).toMatchObject({ status: "published" });
    expect(createRequest(values, "publish", now)).not.toHaveProperty("publishedAt");
    const saved = updateRequest(values, "save");
    expect(saved).not.toHaveProperty("status");
    expect(saved).not.toHaveProperty("slug");
    expect(updateNoteSchema.safeParse(saved).success).toBe(true);
    expect(updateRequest(values, "draft")).toMatchObject({ status: "draft" });
  });

  it("times each button as before", () => {
    expect(noteTiming("draft", false, "")).toEqual({ status: "draft" });
    expect(noteTiming("publish", false, "")).toEqual({ status: "published" });
    // An edit's Publish now saves first, then publishes (queries.ts).
    expect(noteTiming("publish", true, "")).toEqual({});
    expect(noteTiming("save", true, "")).toEqual({});
    expect(noteTiming("schedule", true, "2031-05-04T09:30")).toEqual({
      status: "scheduled",
      publishedAt: localToIso("2031-05-04T09:30"),
    });
  });

  it("makes a new note's slug from its date and first Latin words, or the time of day", () => {
    const now = new Date(2031, 0, 2, 3, 4, 5);
    expect(noteSlug("Morning walk by the river, again", now)).toBe(
      "2031-01-02-morning-walk-by-the-river-again-030405",
    );
    expect(noteSlug("桂花开了", now)).toBe("2031-01-02-030405");
    // Each part has its two digits: these two times were one slug when they were not.
    expect(noteSlug("", new Date(2031, 0, 2, 1, 2, 3))).toBe("2031-01-02-010203");
    expect(noteSlug("", new Date(2031, 0, 2, 0, 12, 3))).toBe("2031-01-02-001203");
  });

  it("says what happened to the saved note", () => {
    expect(savedMessage({ status: "scheduled" }, "schedule")).toBe("bmsNotes.scheduled");
    expect(savedMessage({ status: "published" }, "publish")).toBe("bmsNotes.published");
    expect(savedMessage({ status: "draft" }, "draft")).toBe("bmsNotes.savedDraft");
    expect(savedMessage({ status: "draft" }, "save")).toBe("bmsNotes.saved");
    expect(savedMessage({ status: "published" }, "save")).toBe("bmsNotes.savedLive");
  });

  it("edits a note from its record, and focuses problems in screen order", () => {
    const record: NoteRecord = {
      id: "0b6c1f2e-8a3d-4c5b-9e7f-1a2b3c4d5e6f",
      slug: "2031-01-02-000345",
      lang: "zh-CN",
      body: "桂花",
      tags: ["秋", "花"],
      comments: true,
      images: [{ src: "/a.png", alt: "" }],
      status: "draft",
      publishedAt: null,
      ...DATABASE_ROW,
    };
    expect(noteFields(record)).toMatchObject({
      lang: "zh-CN",
      body: "桂花",
      tags: "秋, 花",
      images: [{ src: "/a.png", alt: "" }],
    });
    expect(noteFieldOrder(1)).toEqual([
      "body",
      "tags",
      "images.0.src",
      "images.0.alt",
      "comments",
      "at",
    ]);
  });

  it("names the server's fields as the form's, in the form's words", () => {
    const failure = new CallFailure(400, "Invalid", {
      kind: "validation",
      issues: [
        { field: "publishedAt", message: "a scheduled item needs a time in the future" },
        { field: "tags.2", message: "too long" },
        { field: "images.0.src", message: "bad" },
      ],
    });
    const mapped = noteIssues(failure);
    expect(mapped).toBeInstanceOf(CallFailure);
    expect(mapped).toMatchObject({ code: 400, message: "Invalid" });
    expect(mapped instanceof CallFailure && mapped.issues.map((i) => i.field)).toEqual([
      "at",
      "tags",
      "images.0.src",
    ]);
    expect(mapped instanceof CallFailure && mapped.issues.map((i) => i.key)).toEqual([
      "bmsNotes.problems.atFuture",
      "bmsNotes.problems.tagInvalid",
      "bmsNotes.problems.imageSrcInvalid",
    ]);
    const blankImage = noteIssues(failure, fields({ images: [{ src: " ", alt: "" }] }));
    expect(blankImage instanceof CallFailure && blankImage.issues[2]?.key).toBe(
      "bmsNotes.problems.imageSrcRequired",
    );
    const plain = new Error("boom");
    expect(noteIssues(plain)).toBe(plain);
  });
});
