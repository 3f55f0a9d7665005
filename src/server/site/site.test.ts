import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Publisher } from "../content/publisher.ts";
import { openPglite } from "../db/client.ts";
import {
  contentArticles,
  contentBooks,
  contentCategories,
  contentChapters,
  contentNotes,
} from "../db/schema.ts";
import { createTestDatabase, engines, type TestDatabase } from "../db/test-db.ts";
import { allOf, debounced, hookPublisher, logOnlyPublisher } from "./publishers.ts";
import { goLiveTimer, publishDueItems } from "./schedule.ts";
import { emptySnapshot, nextScheduledAt, takeSnapshot, writeSnapshotFile } from "./snapshot.ts";
import { loadSnapshotForBuild, snapshotPath } from "./source.ts";

const scratch = () => mkdtempSync(join(tmpdir(), "blog-site-"));
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HOUR = 3600_000;
/** The one row an insert returned. */
function one<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error("the insert returned no row");
  return row;
}

for (const engine of engines) {
  describe(`site content from the database [${engine}]`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(engine);
    }, 60_000);
    beforeEach(async () => database.reset());
    afterAll(async () => database.close());

    async function seed(now = Date.now()) {
      const db = database.db;
      await db
        .insert(contentCategories)
        .values({ slug: "db-cat", nameZh: "库", nameEn: "Rows", order: 5 });
      await db.insert(contentArticles).values([
        {
          slug: "live",
          lang: "en-US",
          title: "Live",
          summary: "s",
          body: "b",
          category: "tools",
          status: "published",
          publishedAt: new Date(now - HOUR),
        },
        {
          slug: "draft",
          lang: "en-US",
          title: "Draft",
          summary: "s",
          body: "secret",
          category: "tools",
          status: "draft",
        },
        {
          slug: "soon",
          lang: "zh-CN",
          title: "Soon",
          summary: "s",
          body: "b",
          category: "tools",
          status: "scheduled",
          publishedAt: new Date(now + 2 * HOUR),
        },
        {
          slug: "sooner",
          lang: "zh-CN",
          title: "Sooner",
          summary: "s",
          body: "b",
          category: "tools",
          status: "scheduled",
          publishedAt: new Date(now + HOUR),
        },
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
      const book = one(
        await db
          .insert(contentBooks)
          .values({
            slug: "b",
            lang: "en-US",
            title: "B",
            description: "d",
            status: "published",
            publishedAt: new Date(now - HOUR),
          })
          .returning(),
      );
      const draftBook = one(
        await db
          .insert(contentBooks)
          .values({
            slug: "hidden-book",
            lang: "en-US",
            title: "H",
            description: "d",
            status: "draft",
          })
          .returning(),
      );
      const top = one(
        await db
          .insert(contentChapters)
          .values({
            bookId: book.id,
            slug: "one",
            title: "One",
            body: "1",
            status: "published",
            order: 1,
          })
          .returning(),
      );
      const draftTop = one(
        await db
          .insert(contentChapters)
          .values({
            bookId: book.id,
            slug: "two",
            title: "Two",
            body: "2",
            status: "draft",
            order: 2,
          })
          .returning(),
      );
      await db.insert(contentChapters).values([
        {
          bookId: book.id,
          parentId: top.id,
          slug: "one-a",
          title: "One A",
          body: "1a",
          status: "published",
          order: 1,
        },
        {
          bookId: book.id,
          parentId: draftTop.id,
          slug: "two-a",
          title: "Two A",
          body: "2a",
          status: "published",
          order: 1,
        },
        { bookId: draftBook.id, slug: "x", title: "X", body: "x", status: "published", order: 1 },
      ]);
    }

    it("a snapshot holds published and scheduled rows, never drafts or what hangs under them", async () => {
      await seed();
      const s = await takeSnapshot(database.db);
      expect(s.articles.map((a) => a.slug).sort()).toEqual(["live", "soon", "sooner"]);
      expect(JSON.stringify(s)).not.toContain("secret");
      expect(s.notes.map((n) => n.slug)).toEqual(["n1"]);
      expect(s.books.map((b) => b.slug)).toEqual(["b"]);
      expect(s.chapters.map((c) => `${c.book}/${c.slug}<${c.parent ?? ""}`).sort()).toEqual([
        "b/one-a<one",
        "b/one<",
      ]);
      expect(s.categories).toEqual([
        { slug: "db-cat", name: { "zh-CN": "库", "en-US": "Rows" }, order: 5 },
      ]);
    });

    it("the next scheduled time is the earliest one still ahead", async () => {
      const now = Date.now();
      expect(await nextScheduledAt(database.db)).toBeNull();
      await seed(now);
      expect((await nextScheduledAt(database.db, new Date(now)))?.getTime()).toBe(now + HOUR);
      expect((await nextScheduledAt(database.db, new Date(now + 1.5 * HOUR)))?.getTime()).toBe(
        now + 2 * HOUR,
      );
      expect(await nextScheduledAt(database.db, new Date(now + 3 * HOUR))).toBeNull();
    });

    it("the scheduled check calls the build hook once per item falling due, then not again", async () => {
      const now = Date.now();
      await seed(now);
      let calls = 0;
      const hook = async () => {
        calls += 1;
      };
      expect(await publishDueItems(database.db, hook, new Date(now))).toBe(0);
      expect(calls).toBe(0);
      expect(await publishDueItems(database.db, hook, new Date(now + 1.2 * HOUR))).toBe(1);
      expect(calls).toBe(1);
      expect(await publishDueItems(database.db, hook, new Date(now + 1.4 * HOUR))).toBe(0);
      expect(calls).toBe(1);
      expect(await publishDueItems(database.db, hook, new Date(now + 5 * HOUR))).toBe(1);
      expect(calls).toBe(2);
    });

    it("a failed hook call is tried again at the next check", async () => {
      const now = Date.now();
      await seed(now);
      await expect(
        publishDueItems(
          database.db,
          async () => Promise.reject(new Error("down")),
          new Date(now + 1.2 * HOUR),
        ),
      ).rejects.toThrow("down");
      let calls = 0;
      await publishDueItems(
        database.db,
        async () => {
          calls += 1;
        },
        new Date(now + 1.3 * HOUR),
      );
      expect(calls).toBe(1);
    });

    it("the go-live timer asks for a rebuild just after the scheduled time", async () => {
      const start = Date.now();
      await database.db.insert(contentArticles).values({
        slug: "tick",
        lang: "en-US",
        title: "T",
        summary: "s",
        body: "b",
        category: "tools",
        status: "scheduled",
        publishedAt: new Date(start + 300),
      });
      const reasons: Array<{ reason: string; at: number }> = [];
      const timer = goLiveTimer(database.db, {
        contentChanged: (reason) => reasons.push({ reason, at: Date.now() }),
      });
      await timer.recheck();
      await expect.poll(() => reasons.length, { timeout: 10_000 }).toBe(1);
      // A second past the time, so the build's clock is surely after it.
      expect(reasons[0]?.at).toBeGreaterThanOrEqual(start + 300 + 1000 - 20);
      expect(reasons[0]?.reason).toContain("scheduled for");
      timer.stop();
    });
  });
}

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
    rmSync(dir, { recursive: true, force: true });
  });

  it("a fresh clone without a database builds from files alone", async () => {
    const dir = scratch();
    const result = await loadSnapshotForBuild({ DATA_DIR: dir });
    expect(result.from).toBe("no database yet");
    expect(result.snapshot.articles).toEqual([]);
    expect(existsSync(join(dir, "pglite"))).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });

  it("opens the embedded database, or reads the snapshot its server keeps while the server holds it", async () => {
    const dir = scratch();
    const database = await openPglite(dir);
    await database.migrate();
    await database.db.insert(contentArticles).values({
      slug: "kept",
      lang: "en-US",
      title: "K",
      summary: "s",
      body: "b",
      category: "tools",
      status: "published",
      publishedAt: new Date(),
    });
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
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});

describe("publishers", () => {
  it("debounce: a burst runs once, a change during a run runs once more", async () => {
    const batches: string[][] = [];
    let release: () => void = () => {};
    const queue = debounced(async (reasons) => {
      batches.push(reasons);
      if (batches.length === 1) {
        await new Promise<void>((r) => {
          release = r;
        });
      }
    }, 5);
    queue.request("a");
    queue.request("b");
    await wait(30);
    queue.request("c");
    queue.request("d");
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
    hook.contentChanged("published static-first");
    hook.contentChanged("edited x");
    await hook.idle();
    expect(bodies).toEqual([
      `POST ${JSON.stringify({ reasons: ["published static-first", "edited x"] })}`,
    ]);
    expect(lines[0]).toContain("Build hook called");
    status = 500;
    const original = console.error;
    const errors: unknown[] = [];
    console.error = (...args: unknown[]) => errors.push(args);
    hook.contentChanged("again");
    await hook.idle();
    console.error = original;
    expect(String((errors[0] as unknown[])[1])).toContain("500");
    server.close();
  });

  it("allOf tells every publisher; logOnly warns once", () => {
    const seen: string[] = [];
    const a: Publisher = { contentChanged: (r) => seen.push(`a:${r}`) };
    const b: Publisher = { contentChanged: (r) => seen.push(`b:${r}`) };
    allOf(a, b).contentChanged("x");
    expect(seen).toEqual(["a:x", "b:x"]);
    const lines: string[] = [];
    const log = logOnlyPublisher((l) => lines.push(l));
    log.contentChanged("one");
    log.contentChanged("two");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("BUILD_HOOK_URL");
  });
});
