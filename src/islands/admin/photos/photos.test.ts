import { describe, expect, it } from "vitest";
import { type Translate, translator } from "../../../i18n/core.ts";
import {
  type AlbumRecord,
  type ContentLang,
  createPhotoSchema,
  type PhotoRecord,
  publishSchema,
  updatePhotoSchema,
} from "../../../shared/content.ts";
import { sampleMedia, samplePicture } from "../../../shared/kinds/media.test-support.ts";
import type { MediaRecord } from "../../../shared/kinds/media.ts";
import type { BulkOutcome } from "../app/bulk.ts";
import { type BulkAction, contentBulkLine } from "../app/content/bulk.ts";
import {
  conflict,
  DATABASE_ROW,
  expectFutureTimeOnlyToSchedule,
  problemsOf,
} from "../app/content/test-support.ts";
import { withIssueWords } from "../app/form.tsx";
import { fileImagePath } from "../app/media/facts.ts";
import { CallFailure } from "../app/query.ts";
import { localToIso } from "../app/time.ts";
import { albumChoices, albumName, photoName } from "./facts.ts";
import { PHOTO_MOVE_WORDS } from "./PhotoBulk.tsx";
import {
  createRequest,
  pickedImage,
  publishRequest,
  savedMessage,
  updateRequest,
} from "./request.ts";
import {
  emptyPhoto,
  type PhotoAction,
  type PhotoFields,
  photoFields,
  photoIssues,
  photoSchema,
} from "./schema.ts";
import { englishTitleView } from "./slug.ts";

const MEDIA_ID = "0b6c1f2e-8a3d-4c5b-9e7f-1a2b3c4d5e6f";
const SRC = `/api/media/m-${MEDIA_ID}-2400.webp`;
const t = translator("en-US");

const fields = (changes: Partial<PhotoFields> = {}): PhotoFields => ({
  ...emptyPhoto(),
  image: SRC,
  title: { "zh-CN": "雾里的栈桥", "en-US": "A jetty in the fog" },
  slug: "a-jetty-in-the-fog",
  ...changes,
});

const problems = (values: PhotoFields, action: PhotoAction = "draft") =>
  problemsOf(photoSchema(action), values);

const record: PhotoRecord = {
  id: "7d0c9a3e-1f2b-4c5d-8e9f-0a1b2c3d4e5f",
  slug: "fog-pier",
  title: { "zh-CN": "雾里的栈桥", "en-US": "A jetty in the fog" },
  caption: { "zh-CN": "浓雾", "en-US": "Thick fog" },
  alt: { "zh-CN": "木栈桥", "en-US": "A wooden jetty" },
  place: { "zh-CN": "湖边", "en-US": "By the lake" },
  image: SRC,
  album: "landscapes",
  tags: ["lake", "fog"],
  takenAt: "2024-10-01T07:20:00",
  featured: true,
  credit: "Photo: me",
  status: "scheduled",
  publishedAt: "2031-05-04T01:30:00.000Z",
  ...DATABASE_ROW,
};

const media = (changes: Partial<MediaRecord> = {}): MediaRecord =>
  sampleMedia({
    id: MEDIA_ID,
    name: "fog.jpg",
    bytes: 830_000,
    ...samplePicture({ width: 2400, height: 1500, color: "#808080" }),
    exif: { ...samplePicture().exif, takenAt: "2024-10-01T07:20:31" },
    src: SRC,
    alt: { "zh-CN": "雾中的栈桥", "en-US": "A jetty in fog" },
    createdAt: "2026-11-24T08:00:00.000Z",
    updatedAt: "2026-11-24T08:00:00.000Z",
    ...changes,
  });

describe("the photo form", () => {
  const manyTags = Array.from({ length: 51 }, (_, i) => `t${i}`).join(", ");
  const both = (zh: string, en: string) => ({ "zh-CN": zh, "en-US": en });
  it.each<[string, Partial<PhotoFields>, Record<string, string>]>([
    ["right", {}, {}],
    ["without an image", { image: " " }, { image: "bmsPhotos.problems.imageRequired" }],
    [
      "with an image from outside the library",
      { image: "https://example.com/a.jpg" },
      { image: "bmsPhotos.problems.imageNotLibrary" },
    ],
    [
      "without titles or slug",
      { title: both(" ", ""), slug: "" },
      {
        "title.zh-CN": "bmsArticles.problems.titleRequired",
        "title.en-US": "bmsArticles.problems.titleRequired",
        slug: "bmsArticles.problems.slugRequired",
      },
    ],
    [
      "too long",
      {
        title: both("x".repeat(121), "ok"),
        caption: both("", "c".repeat(501)),
        alt: both("a".repeat(201), ""),
        place: both("", "p".repeat(81)),
        credit: "c".repeat(201),
      },
      {
        "title.zh-CN": "bmsArticles.problems.titleTooLong",
        "caption.en-US": "bmsPhotos.problems.captionTooLong",
        "alt.zh-CN": "bmsArticles.problems.altTooLong",
        "place.en-US": "bmsPhotos.problems.placeTooLong",
        credit: "bmsPhotos.problems.creditTooLong",
      },
    ],
    ["a bad slug", { slug: "Bad Slug!" }, { slug: "bmsArticles.problems.slugInvalid" }],
    ["too many tags", { tags: manyTags }, { tags: "bmsArticles.problems.tooManyTags" }],
    ["a tag that cannot be a path", { tags: "a/b" }, { tags: "bmsArticles.problems.tagInvalid" }],
    [
      "a time taken that is not one",
      { takenAt: "2024-10-01" },
      { takenAt: "bmsPhotos.problems.takenAtInvalid" },
    ],
  ])("checks the server's rules in the form's words: %s", (_, changes, expected) => {
    expect(problems(fields(changes))).toEqual(expected);
  });

  it("asks for a future time only when scheduling", () => {
    expectFutureTimeOnlyToSchedule(
      (at, action) => problems(fields({ at }), action),
      "bmsArticles.problems.atFuture",
    );
  });

  it("turns the values into the API's requests, which the server's schemas take", () => {
    const values = photoSchema("schedule").parse(
      fields({
        tags: "lake, fog，lake",
        album: "landscapes",
        takenAt: "2024-10-01T07:20:31",
        at: "2999-05-04T09:30",
      }),
    );
    const created = createRequest(values, "schedule");
    expect(created).toMatchObject({
      image: SRC,
      album: "landscapes",
      tags: ["lake", "fog"],
      takenAt: "2024-10-01T07:20:31",
      status: "scheduled",
      publishedAt: localToIso("2999-05-04T09:30"),
    });
    expect(created).not.toHaveProperty("at");
    expect(createPhotoSchema.safeParse(created).success).toBe(true);
    expect(createRequest(values, "publish")).toMatchObject({
      status: "published",
      publishedAt: null,
    });
    expect(createRequest(values, "draft")).toMatchObject({ status: "draft", publishedAt: null });

    // Blank album and time taken are none.
    const plain = photoSchema("draft").parse(fields());
    expect(plain).toMatchObject({ album: null, takenAt: null, tags: [], featured: false });
    const update = updateRequest(plain);
    expect(update).not.toHaveProperty("at");
    expect(update).not.toHaveProperty("status");
    expect(updatePhotoSchema.safeParse(update).success).toBe(true);

    expect(publishRequest(values, "schedule")).toEqual({ at: localToIso("2999-05-04T09:30") });
    expect(publishRequest(values, "publish")).toEqual({});
    expect(publishSchema.safeParse(publishRequest(values, "schedule")).success).toBe(true);
  });

  it("says what happened to the saved photo", () => {
    expect(savedMessage({ status: "draft" }, "draft", true)).toBe("bmsPhotos.createdDraft");
    expect(savedMessage({ status: "published" }, "publish", true)).toBe(
      "bmsPhotos.createdPublished",
    );
    expect(savedMessage({ status: "scheduled" }, "schedule", true)).toBe(
      "bmsPhotos.createdScheduled",
    );
    expect(savedMessage({ status: "draft" }, "save", false)).toBe("bmsArticles.saved");
    expect(savedMessage({ status: "published" }, "save", false)).toBe("bmsArticles.savedLive");
    expect(savedMessage({ status: "draft" }, "draft", false)).toBe("bmsPhotos.unpublishedNow");
    expect(savedMessage({ status: "scheduled" }, "schedule", false)).toBe(
      "bmsArticles.scheduledFor",
    );
    expect(savedMessage({ status: "published" }, "publish", false)).toBe(
      "bmsArticles.publishedNow",
    );
  });

  it("edits a photo from its record, keeping its schedule time", () => {
    const values = photoFields(record);
    expect(values).toMatchObject({
      image: SRC,
      album: "landscapes",
      tags: "lake, fog",
      takenAt: "2024-10-01T07:20:00",
      featured: true,
    });
    expect(localToIso(values.at)).toBe(record.publishedAt);
    const draft = photoFields({ ...record, status: "draft", album: null, takenAt: null }, "x");
    expect(draft).toMatchObject({ album: "", takenAt: "", at: "x" });
    // What the record holds goes back to the server unchanged.
    const { at: _, ...content } = photoSchema("draft").parse(values);
    expect(content).toMatchObject({
      title: record.title,
      caption: record.caption,
      alt: record.alt,
      place: record.place,
      credit: record.credit,
    });
  });

  it("puts the server's refusals on the form's fields, in the interface's words", () => {
    const failure = new CallFailure(400, "Invalid", {
      kind: "validation",
      issues: [
        { field: "image", message: "no image", key: "bmsPhotos.problems.imageMissing" },
        { field: "album", message: "no album x", key: "bmsPhotos.problems.albumMissing" },
        { field: "title.en-US", message: "is required" },
        { field: "tags.1", message: "too long" },
        { field: "publishedAt", message: "a scheduled item needs a time in the future" },
      ],
    });
    // The form's values say which words fit: the English title was left blank.
    const mapped = photoIssues(failure, fields({ title: { "zh-CN": "雾", "en-US": "" } }));
    expect(mapped instanceof CallFailure && mapped.issues).toEqual([
      { field: "image", message: "no image", key: "bmsPhotos.problems.imageMissing" },
      { field: "album", message: "no album x", key: "bmsPhotos.problems.albumMissing" },
      { field: "title.en-US", message: "is required", key: "bmsArticles.problems.titleRequired" },
      { field: "tags", message: "too long", key: "bmsArticles.problems.tagTooLong" },
      {
        field: "at",
        message: "a scheduled item needs a time in the future",
        key: "bmsArticles.problems.atFuture",
      },
    ]);
    const taken = conflict([
      {
        field: "slug",
        message: "Slug fog-pier is used by content/photos/fog-pier.md",
        key: "bmsArticles.problems.slugTaken",
        values: { by: "content/photos/fog-pier.md" },
      },
    ]);
    const worded = withIssueWords(t, photoIssues(taken));
    expect(worded instanceof CallFailure && worded.issues[0]).toEqual({
      field: "slug",
      message: "This slug is already used: content/photos/fog-pier.md.",
    });
  });
});

describe("an image chosen in the library", () => {
  const blank = { takenAt: "", alt: { "zh-CN": "", "en-US": "" } };

  it("sets the address, and the time taken from its EXIF when the form has none", () => {
    expect(pickedImage(media(), blank)).toEqual({
      image: SRC,
      takenAt: "2024-10-01T07:20:31",
      alt: { "zh-CN": "雾中的栈桥", "en-US": "A jetty in fog" },
    });
    const typed = pickedImage(media(), { ...blank, takenAt: "2020-01-01T10:00" });
    expect(typed).not.toHaveProperty("takenAt");
  });

  it("leaves the time alone when the image has none, or one the field cannot hold", () => {
    const exif = media().exif;
    expect(pickedImage(media({ exif: { ...exif, takenAt: null } }), blank)).not.toHaveProperty(
      "takenAt",
    );
    expect(
      pickedImage(media({ exif: { ...exif, takenAt: "1 Oct 2024" } }), blank),
    ).not.toHaveProperty("takenAt");
    // More than seconds: the field keeps to the second.
    expect(
      pickedImage(media({ exif: { ...exif, takenAt: "2024-10-01T07:20:31.250" } }), blank).takenAt,
    ).toBe("2024-10-01T07:20:31");
  });

  it("fills each language's description only where the form has none", () => {
    const half = { takenAt: "", alt: { "zh-CN": "我写的", "en-US": " " } };
    expect(pickedImage(media(), half).alt).toEqual({
      "zh-CN": "我写的",
      "en-US": "A jetty in fog",
    });
    const full = { takenAt: "", alt: { "zh-CN": "我写的", "en-US": "Mine" } };
    expect(pickedImage(media(), full)).not.toHaveProperty("alt");
    const none = media({ alt: { "zh-CN": "", "en-US": "" } });
    expect(pickedImage(none, blank)).not.toHaveProperty("alt");
  });

  it("is a library image the form's own rules take", () => {
    const picked = pickedImage(media(), blank);
    const { image, takenAt = "", alt = blank.alt } = picked;
    expect(problems(fields({ image, takenAt, alt }))).toEqual({});
  });
});

/** The photo list's bulk summary line, each photo by its title in `locale`. */
const photoBulkSummary = (
  t: Translate,
  action: BulkAction,
  outcome: BulkOutcome<PhotoRecord>,
  locale: ContentLang,
) =>
  contentBulkLine(
    t,
    "bmsPhotos.bulk",
    action,
    outcome,
    (p) => photoName(p, locale),
    PHOTO_MOVE_WORDS,
  );

describe("the photo list", () => {
  const one = (title: string, changes: Partial<PhotoRecord> = {}) => ({
    ...record,
    title: { "zh-CN": "", "en-US": title },
    ...changes,
  });

  it("sums up a bulk action in one line, with each refusal's reason", () => {
    const done = { done: [one("A"), one("B")], refused: [] };
    expect(photoBulkSummary(t, "publish", done, "en-US")).toBe(
      "Published 2 of 2. The site shows them once its build is live: see the build status.",
    );
    const gone = new CallFailure(404, "No such photo");
    const missing = new CallFailure(400, "Invalid image", {
      kind: "validation",
      issues: [{ field: "image", message: "no image", key: "bmsPhotos.problems.imageMissing" }],
    });
    const partly = {
      done: [one("A")],
      refused: [
        { item: one("B"), error: gone },
        { item: one("", { slug: "c-photo" }), error: missing },
      ],
    };
    expect(photoBulkSummary(t, "move", partly, "en-US")).toBe(
      `Moved 1 of 3. Not moved: “B”: ${t("bmsContent.failure", { message: "No such photo" })} “c-photo”: This image is no longer in the media library; choose another.`,
    );
    expect(photoBulkSummary(t, "delete", partly, "en-US")).toMatch(/^Deleted 1 of 3\. Not del/);
    expect(photoBulkSummary(t, "unpublish", done, "en-US")).toBe("Unpublished 2 of 2.");
    expect(photoBulkSummary(translator("zh-CN"), "delete", done, "zh-CN")).toBe(
      "已删除 2 张（共 2 张）。",
    );
  });

  it("acts on database photos only, and names photos and albums in the interface language", () => {
    expect(photoName(record, "zh-CN")).toBe("雾里的栈桥");
    expect(photoName({ ...record, title: { "zh-CN": "", "en-US": "x" } }, "zh-CN")).toBe(
      "fog-pier",
    );
    const albums: AlbumRecord[] = [
      {
        slug: "landscapes",
        name: { "zh-CN": "山水之间", "en-US": "Land and Water" },
        description: { "zh-CN": "", "en-US": "" },
        order: 0,
        ...DATABASE_ROW,
      },
    ];
    const choices = albumChoices(albums, "en-US");
    expect(choices).toEqual([{ value: "landscapes", label: "Land and Water" }]);
    expect(albumName(choices, "landscapes")).toBe("Land and Water");
    expect(albumName(choices, "gone")).toBe("gone");
  });

  it("names a file's own image by its path from the project's root", () => {
    const file = {
      id: "file:photo:fog-pier",
      file: "content/photos/fog-pier.md",
      image: "./files/fog-pier.jpg",
    };
    expect(fileImagePath(file)).toBe("content/photos/files/fog-pier.jpg");
    expect(fileImagePath({ id: "file:photo:a", file: "content/photos/a.md", image: "" })).toBe(
      "content/photos/a.md",
    );
    expect(fileImagePath({ id: "x", file: null, image: SRC })).toBe(SRC);
  });
});

describe("the slug of a new photo", () => {
  it("follows the English title, not the Chinese one", () => {
    const values = { title: { "en-US": "Fog pier" }, slug: "" };
    expect(englishTitleView(values, { name: "title.en-US", type: "change" })).toEqual([
      { title: "Fog pier", slug: "" },
      { name: "title", type: "change" },
    ]);
    expect(englishTitleView(values, { name: "title.zh-CN", type: "change" })[1].name).toBe(
      "title.zh-CN",
    );
    expect(englishTitleView(values, { name: "slug", type: "change" })[1].name).toBe("slug");
  });
});
