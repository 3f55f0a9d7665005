import { describe, expect, it } from "vitest";
import { translator } from "../../../i18n/core.ts";
import { sampleMedia } from "../../../shared/kinds/media.test-support.ts";
import { type MediaRecord, updateMediaSchema } from "../../../shared/kinds/media.ts";
import { bulkSummary, eachInTurn } from "../app/bulk.ts";
import { conflict, problemsOf } from "../app/content/test-support.ts";
import { failureText } from "../app/form.tsx";
import { exifFacts, formatBytes, linkOf, srcSetOf, thumbnailOf } from "../app/media/facts.ts";
import {
  changeJob,
  createQueue,
  newJobs,
  progressOf,
  tally,
  UPLOADS_AT_ONCE,
  type UploadJob,
} from "../app/media/queue.ts";
import {
  addTagsSchema,
  MEDIA_FIELDS,
  MEDIA_WORDS,
  type MediaFields,
  mediaFieldsOf,
  mediaSchema,
  withTags,
} from "../app/media/schema.ts";
import { serverIssues } from "../app/problems.ts";
import { CallFailure } from "../app/query.ts";
import { selectItems } from "../app/selection.tsx";

const en = translator("en-US");
const zh = translator("zh-CN");

const ID = "0b6c1f2e-8a3d-4c5b-9e7f-1a2b3c4d5e6f";
const served = (width: number, format: "avif" | "webp") => ({
  format,
  width,
  height: Math.round((width * 2) / 3),
  bytes: width * 10,
  src: `/api/media/m-${ID}-${width}.${format}`,
});

const record = (values: Partial<MediaRecord> = {}): MediaRecord =>
  sampleMedia({
    variants: [
      served(400, "avif"),
      served(400, "webp"),
      served(1200, "avif"),
      served(1200, "webp"),
    ],
    src: `/api/media/m-${ID}-1200.webp`,
    ...values,
  });

/** A promise settled from outside, to hold an upload in flight. */
function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<void>((yes, no) => {
    resolve = () => yes();
    reject = no;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the upload queue", () => {
  it("runs two at a time in the order given, starting the next as one ends, failed or not", async () => {
    const running = new Map<string, ReturnType<typeof deferred>>();
    const started: string[] = [];
    const queue = createQueue(UPLOADS_AT_ONCE, (name: string) => {
      const job = deferred();
      running.set(name, job);
      started.push(name);
      return job.promise;
    });
    queue.add(["a", "b", "c"]);
    expect(started).toEqual(["a", "b"]);
    expect(queue.running()).toBe(2);
    // More files while two are on their way: they wait their turn.
    queue.add(["d"]);
    running.get("b")?.reject(new Error("refused"));
    await flush();
    expect(started).toEqual(["a", "b", "c"]);
    running.get("a")?.resolve();
    await flush();
    expect(started).toEqual(["a", "b", "c", "d"]);
    running.get("c")?.resolve();
    running.get("d")?.resolve();
    await flush();
    expect(queue.running()).toBe(0);
  });

  it("keeps each job's phase and progress, and counts how they ended", () => {
    const files = ["a.jpg", "b.png", "c.svg"].map((name) => new File(["x"], name));
    let jobs: UploadJob[] = newJobs(files, 7);
    expect(jobs.map((job) => [job.id, job.name, job.phase])).toEqual([
      [7, "a.jpg", "waiting"],
      [8, "b.png", "waiting"],
      [9, "c.svg", "waiting"],
    ]);
    expect(progressOf(25, 100)).toEqual({ sent: 0.25, phase: "sending" });
    // All of it sent: the server now makes the sizes.
    expect(progressOf(100, 100)).toEqual({ sent: 1, phase: "processing" });
    expect(progressOf(0, 0)).toEqual({ sent: 0, phase: "sending" });
    jobs = changeJob(jobs, 7, { phase: "done", sent: 1, record: record() });
    jobs = changeJob(jobs, 9, { phase: "failed", error: new Error("no") });
    jobs = changeJob(jobs, 8, progressOf(10, 40));
    expect(jobs.map((job) => job.phase)).toEqual(["done", "sending", "failed"]);
    expect(jobs[1]?.sent).toBe(0.25);
    expect(tally(jobs)).toEqual({ done: 1, failed: 1, left: 1 });
  });
});

describe("bulk actions", () => {
  const inUse = conflict([
    { field: "id", message: "used by …", key: "media.problems.inUse", values: { count: 2 } },
  ]);

  it("does each item in turn, keeping each refusal and going on", async () => {
    const order: string[] = [];
    const outcome = await eachInTurn(["a", "b", "c"], async (name) => {
      order.push(name);
      if (name === "b") throw inUse;
    });
    expect(order).toEqual(["a", "b", "c"]);
    expect(outcome).toEqual({ done: ["a", "c"], refused: [{ item: "b", error: inUse }] });
  });

  it("sums up in one line, each refusal with its reason in the interface's language", () => {
    const lake = { name: "lake.jpg" };
    const hill = { name: "hill.jpg" };
    const street = { name: "street.jpg" };
    const offline = new CallFailure(0, "Network error");
    expect(bulkSummary(en, "deleted", { done: [lake, hill], refused: [] })).toBe("Deleted 2 of 2.");
    expect(
      bulkSummary(en, "deleted", {
        done: [lake],
        refused: [
          { item: hill, error: inUse },
          { item: street, error: offline },
        ],
      }),
    ).toBe(
      "Deleted 1 of 3. Not deleted: “hill.jpg”: In use (places: 2). Remove it from there first. " +
        "“street.jpg”: The server could not be reached. Check the connection and try again; nothing typed is lost.",
    );
    expect(bulkSummary(zh, "tagged", { done: [], refused: [{ item: hill, error: inUse }] })).toBe(
      "已为 0 张加上标签（共 1 张）。 未加标签：“hill.jpg”：仍有 2 处在使用它，请先在那里移除。",
    );
  });

  it("words a failure by its key where the server gives one, else by its message", () => {
    expect(failureText(en, inUse)).toBe("In use (places: 2). Remove it from there first.");
    expect(failureText(en, new CallFailure(500, "Internal server error"))).toBe(
      "That did not work: Internal server error",
    );
    // A key the interface does not know is no key.
    const unknown = new CallFailure(400, "Bad", {
      kind: "validation",
      issues: [{ field: "x", message: "bad", key: "nowhere.near" }],
    });
    expect(failureText(en, unknown)).toBe("That did not work: Bad");
  });

  it("selects and unselects by id, and adds tags after an image's own, once each", () => {
    const one = record();
    const two = record({ id: "1b6c1f2e-8a3d-4c5b-9e7f-1a2b3c4d5e6f", name: "hill.jpg" });
    const both = selectItems(new Map(), [one, two], true);
    expect([...both.keys()]).toEqual([one.id, two.id]);
    expect([...selectItems(both, [one], false).keys()]).toEqual([two.id]);
    expect(both.size).toBe(2);
    expect(withTags(["travel", "lake"], ["lake", "autumn"])).toEqual(["travel", "lake", "autumn"]);
  });
});

describe("an image's words", () => {
  const fields = (changes: Partial<MediaFields> = {}): MediaFields => ({
    ...mediaFieldsOf(record()),
    ...changes,
  });

  it("checks with the server's rules, in the form's words on the form's fields", () => {
    expect(problemsOf(mediaSchema, fields())).toEqual({});
    expect(
      problemsOf(
        mediaSchema,
        fields({
          alt: { "zh-CN": "字".repeat(201), "en-US": "ok" },
          caption: { "zh-CN": "", "en-US": "x".repeat(501) },
        }),
      ),
    ).toEqual({
      "alt.zh-CN": "media.problems.altTooLong",
      "caption.en-US": "media.problems.captionTooLong",
    });
    const tooMany = Array.from({ length: 51 }, (_, i) => `t${i}`).join(", ");
    expect(problemsOf(mediaSchema, fields({ tags: tooMany }))).toEqual({
      tags: "media.problems.tooManyTags",
    });
    expect(problemsOf(mediaSchema, fields({ tags: `ok, ${"x".repeat(31)}` }))).toEqual({
      tags: "media.problems.tagTooLong",
    });
    expect(problemsOf(mediaSchema, fields({ tags: "a/b" }))).toEqual({
      tags: "media.problems.tagInvalid",
    });
  });

  it("makes the request the server takes, tags from one line", () => {
    const values = mediaSchema.parse(
      fields({
        alt: { "zh-CN": " 湖面 ", "en-US": "The lake" },
        tags: "travel, 湖，travel、autumn",
      }),
    );
    expect(values).toEqual({
      alt: { "zh-CN": "湖面", "en-US": "The lake" },
      caption: { "zh-CN": "", "en-US": "" },
      tags: ["travel", "湖", "autumn"],
    });
    expect(updateMediaSchema.safeParse(values).success).toBe(true);
    expect(mediaFieldsOf(record({ tags: ["a", "b"] })).tags).toBe("a, b");
  });

  it("asks for a tag to add, by the same tag rules", () => {
    expect(problemsOf(addTagsSchema, { tags: " , " })).toEqual({
      tags: "media.problems.tagsRequired",
    });
    expect(problemsOf(addTagsSchema, { tags: "a?b" })).toEqual({
      tags: "media.problems.tagInvalid",
    });
    expect(addTagsSchema.parse({ tags: "sea, sky" })).toEqual({ tags: ["sea", "sky"] });
  });

  it("puts the server's issues on the form's fields", () => {
    const failure = new CallFailure(400, "Invalid", {
      kind: "validation",
      issues: [
        { field: "tags.3", message: "too long" },
        { field: "alt.en-US", message: "too long" },
      ],
    });
    const mapped = serverIssues(failure, MEDIA_WORDS);
    expect(mapped instanceof CallFailure && mapped.issues).toEqual([
      { field: "tags", message: "too long", key: "media.problems.tagInvalid" },
      { field: "alt.en-US", message: "too long", key: "media.problems.altTooLong" },
    ]);
    for (const issue of mapped instanceof CallFailure ? mapped.issues : []) {
      expect(MEDIA_FIELDS).toContain(issue.field);
    }
  });
});

describe("what the library says about an image", () => {
  it("says sizes in the interface's language", () => {
    expect(formatBytes(512, "en-US")).toBe("512 B");
    expect(formatBytes(2_400_000, "en-US")).toBe("2.3 MB");
    expect(formatBytes(830 * 1024, "en-US")).toBe("830 KB");
    expect(formatBytes(1536, "zh-CN")).toBe("1.5 KB");
  });

  it("takes the narrowest served files as the thumbnail, and each format's as a srcset", () => {
    const image = record();
    expect(thumbnailOf(image)).toEqual({
      avif: served(400, "avif"),
      webp: `/api/media/m-${ID}-400.webp`,
    });
    expect(thumbnailOf(record({ variants: [] })).webp).toBe(image.src);
    expect(srcSetOf(image.variants, "webp")).toBe(
      `/api/media/m-${ID}-400.webp 400w, /api/media/m-${ID}-1200.webp 1200w`,
    );
  });

  it("lists the camera facts the photo has, and none it lacks", () => {
    const exif = {
      camera: "Ricoh GR III",
      lens: null,
      focalLength: 18.3,
      aperture: 2.8,
      shutter: "1/250",
      iso: 200,
      takenAt: "2025-04-01T09:30:00",
    };
    expect(exifFacts(en, exif)).toEqual([
      { label: "Camera", value: "Ricoh GR III" },
      { label: "Focal length", value: "18.3 mm" },
      { label: "Aperture", value: "f/2.8" },
      { label: "Shutter", value: "1/250 s" },
      { label: "ISO", value: "200" },
      { label: "Taken", value: "2025-04-01 09:30" },
    ]);
    expect(exifFacts(zh, { ...exif, camera: null })[0]).toEqual({
      label: "焦距",
      value: "18.3 mm",
    });
    expect(exifFacts(en, record().exif)).toEqual([]);
  });

  it("links each use to the screen that edits it", () => {
    expect(linkOf({ kind: "article", id: "a 1", title: "A" })).toEqual({
      route: "editarticle",
      search: "id=a%201",
    });
    expect(linkOf({ kind: "book", id: ID, title: "B" })).toEqual({
      route: "book-doc",
      search: `book=${ID}`,
    });
    expect(linkOf({ kind: "note", id: ID, title: "N" })).toEqual({ route: "notes", search: "" });
  });
});
