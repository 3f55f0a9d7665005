import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { describeEachDatabase } from "../../../tests/support/test-db.ts";
import { tempFolders } from "../../../tests/support/test-folders.ts";
import type { SiteChange } from "../../shared/build-status.ts";
import type { Publisher } from "../content/publisher.ts";
import { openPglite } from "../db/pglite.ts";
import {
  contentArticles,
  contentBooks,
  contentCategories,
  contentChapters,
  contentNotes,
  sitePages,
} from "../db/schema.ts";
import { allOf, debounced, hookPublisher, logOnlyPublisher } from "./publishers.ts";
import { goLiveTimer, publishDueItems } from "./schedule.ts";
import { articleRow, HOUR } from "./site.test-support.ts";
import { emptySnapshot, nextScheduledAt, takeSnapshot, writeSnapshotFile } from "./snapshot.ts";
import { loadSnapshotForBuild, snapshotPath } from "./source.ts";

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const scratch = tempFolders("blog-site-");

/** The one row an insert returned. */
function one<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error("the insert returned no row");
  return row;
}

type BookRow = typeof contentBooks.$inferInsert;
type ChapterRow = typeof contentChapters.$inferInsert;
const bookRow = (slug: string, values: Partial<BookRow> = {}): BookRow => ({
  slug,
  lang: "en-US",
  title: slug,
  description: "d",
  status: "published",
  ...values,
});
const chapterRow = (bookId: string, slug: string, values: Partial<ChapterRow> = {}) => ({
  bookId,
  slug,
  title: slug,
  body: slug,
  status: "published" as const,
  order: 1,
  ...values,
});

describeEachDatabase("site content from the database", (database) => {
  async function seed(now = Date.now()) {
    const { db } = database();
    const insertBook = async (row: BookRow) =>
      one(await db.insert(contentBooks).values(row).returning());
    const insertChapter = async (row: ChapterRow) =>
      one(await db.insert(contentChapters).values(row).returning());
    await db
      .insert(contentCategories)
      .values({ slug: "db-cat", nameZh: "库", nameEn: "Rows", order: 5 });
    await db.insert(contentArticles).values([
      articleRow({ slug: "live", publishedAt: new Date(now - HOUR) }),
      articleRow({ slug: "draft", body: "secret", status: "draft" }),
      articleRow({
        slug: "soon",
        lang: "zh-CN",
        status: "scheduled",
        publishedAt: new Date(now + 2 * HOUR),
      }),
      articleRow({
        slug: "sooner",
        lang: "zh-CN",
        status: "scheduled",
        publishedAt: new Date(now + HOUR),
      }),
    ]);
    await db.insert(contentNotes).values([
      {
        slug: "n1",
        lang: "zh-CN",
        body: "笔记",
        status: "published",
        publishedAt: new Date(now - HOUR),
      },
      { slug: "n2", lang: "zh-CN", body: "草稿", status: "draft" },
    ]);
    const book = await insertBook(bookRow("b", { publishedAt: new Date(now - HOUR) }));
    const draftBook = await insertBook(bookRow("hidden-book", { status: "draft" }));
    const top = await insertChapter(chapterRow(book.id, "one"));
    const draftTop = await insertChapter(chapterRow(book.id, "two", { status: "draft", order: 2 }));
    await db
      .insert(contentChapters)
      .values([
        chapterRow(book.id, "one-a", { parentId: top.id }),
        chapterRow(book.id, "two-a", { parentId: draftTop.id }),
        chapterRow(draftBook.id, "x"),
      ]);
  }

  it("a snapshot holds published and scheduled rows, never drafts or what hangs under them", async () => {
    await seed();
    const s = await takeSnapshot(database().db);
    expect(s.articles.map((a) => a.slug).sort()).toEqual(["live", "soon", "sooner"]);
    expect(JSON.stringify(s)).not.toContain("secret");
    expect(s.notes.map((n) => n.slug)).toEqual(["n1"]);
    expect(s.books.map((b) => b.slug)).toEqual(["b"]);
    expect(s.chapters.map((c) => `${c.book}/${c.slug}<${c.parent ?? ""}`).sort()).toEqual([
      "b/one-a<one",
      "b/one<",
    ]);
    expect(s.categories).toEqual([
      { slug: "db-cat", name: { "zh-CN": "库", "en-US": "Rows" }, order: 5, parent: null },
    ]);
    expect(s.pages).toEqual([]);
  });

  it("a page saved in the back office is in the snapshot at once: it is always live", async () => {
    const at = new Date("2026-11-26T10:00:00.000Z");
    await database()
      .db.insert(sitePages)
      .values({ slug: "about", lang: "en-US", body: "Saved here.", updatedAt: at });
    const s = await takeSnapshot(database().db);
    expect(s.pages).toEqual([
      { slug: "about", lang: "en-US", body: "Saved here.", updatedAt: at.toISOString() },
    ]);
  });

  it("the next scheduled time is the earliest one still ahead", async () => {
    const now = Date.now();
    expect(await nextScheduledAt(database().db)).toBeNull();
    await seed(now);
    expect((await nextScheduledAt(database().db, new Date(now)))?.getTime()).toBe(now + HOUR);
    expect((await nextScheduledAt(database().db, new Date(now + 1.5 * HOUR)))?.getTime()).toBe(
      now + 2 * HOUR,
    );
    expect(await nextScheduledAt(database().db, new Date(now + 3 * HOUR))).toBeNull();
  });

  it("the scheduled check calls the build hook once per item falling due, then not again", async () => {
    const now = Date.now();
    await seed(now);
    let calls = 0;
    const hook = async () => {
      calls += 1;
    };
    expect(await publishDueItems(database().db, hook, new Date(now))).toBe(0);
    expect(calls).toBe(0);
    expect(await publishDueItems(database().db, hook, new Date(now + 1.2 * HOUR))).toBe(1);
    expect(calls).toBe(1);
    expect(await publishDueItems(database().db, hook, new Date(now + 1.4 * HOUR))).toBe(0);
    expect(calls).toBe(1);
    expect(await publishDueItems(database().db, hook, new Date(now + 5 * HOUR))).toBe(1);
    expect(calls).toBe(2);
  });

  it("a failed hook call is tried again at the next check", async () => {
    const now = Date.now();
    await seed(now);
    await expect(
      publishDueItems(
        database().db,
        async () => Promise.reject(new Error("down")),
        new Date(now + 1.2 * HOUR),
      ),
    ).rejects.toThrow("down");
    let calls = 0;
    await publishDueItems(
      database().db,
      async () => {
        calls += 1;
      },
      new Date(now + 1.3 * HOUR),
    );
    expect(calls).toBe(1);
  });

  it("the go-live timer asks for a rebuild just after the scheduled time", async () => {
    const start = Date.now();
    await database()
      .db.insert(contentArticles)
      .values(
        articleRow({ slug: "tick", status: "scheduled", publishedAt: new Date(start + 300) }),
      );
    const reasons: Array<{ reason: SiteChange; at: number }> = [];
    const timer = goLiveTimer(database().db, {
      contentChanged: (reason) => reasons.push({ reason, at: Date.now() }),
    });
    await timer.recheck();
    await expect.poll(() => reasons.length, { timeout: 10_000 }).toBe(1);
    // A second past the time, so the build's clock is surely after it.
    expect(reasons[0]?.at).toBeGreaterThanOrEqual(start + 300 + 1000 - 20);
    expect(reasons[0]?.reason).toEqual({ action: "schedule.due" });
    timer.stop();
  });
});

describe("the build's content source", () => {
  it("reads CONTENT_SNAPSHOT first", async () => {
    const dir = scratch();
    const file = join(dir, "s.json");
    writeSnapshotFile(file, emptySnapshot());
    const result = await loadSnapshotForBuild({ CONTENT_SNAPSHOT: file });
    expect(result.from).toBe(file);
    await expect(
      loadSnapshotForBuild({ CONTENT_SNAPSHOT: join(dir, "missing.json") }),
    ).rejects.toThrow("missing");
  });

  it("a fresh clone without a database builds from files alone", async () => {
    const dir = scratch();
    const result = await loadSnapshotForBuild({ DATA_DIR: dir });
    expect(result.from).toBe("no database yet");
    expect(result.snapshot.articles).toEqual([]);
    expect(existsSync(join(dir, "pglite"))).toBe(false);
  });

  it("opens the embedded database, or reads the snapshot its server keeps while the server holds it", async () => {
    const dir = scratch();
    const database = await openPglite(dir);
    await database.migrate();
    await database.db
      .insert(contentArticles)
      .values(articleRow({ slug: "kept", publishedAt: new Date() }));
    // Held by a live process (this one would take over its own pid, so fake another's).
    const lock = join(dir, "pglite.lock");
    const own = readFileSync(lock, "utf8");
    writeFileSync(lock, `${process.ppid}\n`);
    await expect(loadSnapshotForBuild({ DATA_DIR: dir })).rejects.toThrow("has not written");
    writeSnapshotFile(snapshotPath(dir), await takeSnapshot(database.db));
    const held = await loadSnapshotForBuild({ DATA_DIR: dir });
    expect(held.from).toBe(snapshotPath(dir));
    expect(held.snapshot.articles.map((a) => a.slug)).toEqual(["kept"]);
    writeFileSync(lock, own);
    await database.close();
    const opened = await loadSnapshotForBuild({ DATA_DIR: dir });
    expect(opened.from).toBe(join(dir, "pglite"));
    expect(opened.snapshot.articles.map((a) => a.slug)).toEqual(["kept"]);
    expect(existsSync(lock)).toBe(false);
  }, 60_000);
});

describe("publishers", () => {
  it("debounce: a burst runs once, a change during a run runs once more", async () => {
    const batches: string[][] = [];
    let release: () => void = () => {};
    const queue = debounced(async (reasons) => {
      batches.push(reasons.map((change) => change.action));
      if (batches.length === 1) {
        await new Promise<void>((r) => {
          release = r;
        });
      }
    }, 5);
    queue.request({ action: "a" });
    queue.request({ action: "b" });
    await wait(30);
    queue.request({ action: "c" });
    queue.request({ action: "d" });
    await wait(30);
    release();
    await queue.idle();
    expect(batches).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  it("the build hook is POSTed once after a burst, and a failure is reported, not thrown", async () => {
    const bodies: string[] = [];
    let status = 200;
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        bodies.push(`${req.method} ${body}`);
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const lines: string[] = [];
    const hook = hookPublisher({
      url: `http://127.0.0.1:${port}/hook`,
      delayMs: 5,
      log: (l) => lines.push(l),
    });
    hook.contentChanged({ action: "articles.publish", item: "static-first" });
    hook.contentChanged({ action: "notes.update", item: "x" });
    await hook.idle();
    expect(bodies).toEqual([
      `POST ${JSON.stringify({
        reasons: [
          { action: "articles.publish", item: "static-first" },
          { action: "notes.update", item: "x" },
        ],
      })}`,
    ]);
    expect(lines[0]).toBe("Build hook called (articles.publish static-first; notes.update x)");
    status = 500;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    hook.contentChanged({ action: "again" });
    await hook.idle();
    const [reported] = errors.mock.calls;
    errors.mockRestore();
    expect(String(reported?.[1])).toContain("500");
    server.close();
  });

  it("allOf tells every publisher; logOnly warns once", () => {
    const seen: string[] = [];
    const a: Publisher = { contentChanged: (r) => seen.push(`a:${r.action}`) };
    const b: Publisher = {
      contentChanged: (r) => seen.push(`b:${r.action}`),
      scheduleChanged: () => seen.push("b:schedule"),
    };
    allOf(a, b).contentChanged({ action: "x" });
    allOf(a, b).scheduleChanged?.();
    expect(seen).toEqual(["a:x", "b:x", "b:schedule"]);
    const lines: string[] = [];
    const log = logOnlyPublisher((l) => lines.push(l));
    log.contentChanged({ action: "one" });
    log.contentChanged({ action: "two" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("BUILD_HOOK_URL");
  });
});
