import { readFileSync } from "node:fs";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect, it, vi } from "vitest";
import { describeEachDatabase } from "../../../tests/support/test-db.ts";
import { tempFolders } from "../../../tests/support/test-folders.ts";
import type { ImportProgress } from "../../shared/import-rules.ts";
import { contentFiles } from "../content/files.ts";
import type { Db } from "../db/client.ts";
import {
  blogImportRows,
  blogImports,
  comments,
  contentArticles,
  contentCategories,
  contentNotes,
  media,
  redirects,
  users,
} from "../db/schema.ts";
import { localStorage } from "../storage/storage.ts";
import { noteText } from "./items.ts";
import { openSource } from "./source.ts";
import { importBlog, removeBlogImport } from "./writer.ts";

// The writer on real exports nobody here wrote (tests/fixtures/import), and on a small site
// made here for what those lack: image files beside the posts.

const FIXTURES = "tests/fixtures/import";
const folders = tempFolders("blog-import-test-");

function deps(db: Db, uploads: string) {
  const publisher = { contentChanged: vi.fn() };
  return { db, storage: localStorage(uploads), files: contentFiles(), publisher, actor: null };
}

async function count(db: Db) {
  const [a, c, m, cm, r, i, rows] = await Promise.all([
    db.$count(contentArticles),
    db.$count(contentCategories),
    db.$count(media),
    db.$count(comments),
    db.$count(redirects),
    db.$count(blogImports),
    db.$count(blogImportRows),
  ]);
  return { articles: a, categories: c, media: m, comments: cm, redirects: r, imports: i, rows };
}

/** A Hexo site whose post shows an image kept beside it, and one it does not have. */
async function hexoWithImage(): Promise<string> {
  const dir = folders();
  await mkdir(join(dir, "source/_posts/with-image"), { recursive: true });
  await writeFile(join(dir, "_config.yml"), "timezone: Asia/Shanghai\n");
  // A photo that says where it was taken.
  const photo = await sharp({
    create: { width: 40, height: 30, channels: 3, background: "#3366aa" },
  })
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "31/1 14/1 0/1" } })
    .jpeg()
    .toBuffer();
  await writeFile(join(dir, "source/_posts/with-image/photo.jpg"), photo);
  await writeFile(
    join(dir, "source/_posts/with-image.md"),
    [
      "---",
      "title: 带图的文章",
      "date: 2020-05-01 10:00:00",
      "categories: [生活, 摄影]",
      "tags: [相机]",
      "cover: with-image/photo.jpg",
      "---",
      "第一段，有图。",
      "",
      "![一张 [蓝] 图](with-image/photo.jpg)",
      "",
      "![不在](with-image/missing.png)",
      "",
    ].join("\n"),
  );
  return dir;
}

describeEachDatabase("blog import writer", (database) => {
  it("writes a WordPress export's posts, pages, comments and old addresses, once", async () => {
    const { db } = database();
    const d = deps(db, folders());
    // The export's author has an admin account here (by email): the posts are theirs.
    const [owner] = await db
      .insert(users)
      .values({ email: "A11yTeam@wordpress.org", userName: "tester", role: "admin" })
      .returning();
    const before = await count(db);
    const path = `${FIXTURES}/wordpress-importer/a11y-unit-test-data.xml`;
    const xml = readFileSync(path, "utf8");
    const source = await openSource(path);
    const dry = await importBlog(d, source, { dryRun: true });
    expect(dry.importId).toBeNull();
    expect(await count(db)).toEqual(before);

    const outcome = await importBlog(d, source);
    const { counts } = outcome.report;
    expect(outcome.written).toMatchObject({
      articles: counts.articles - outcome.refused.length,
      pages: counts.pages,
      drafts: counts.drafts,
      comments: counts.comments,
    });
    expect(outcome.written).toEqual(dry.written);
    const after = await count(db);
    expect(after.articles - before.articles).toBe(counts.articles + counts.pages);
    expect(after.comments).toBe(counts.comments);
    expect(after.redirects).toBe(outcome.written.redirects);
    expect(d.publisher.contentChanged).toHaveBeenCalledTimes(1);
    // Posts by an author the export lists with an email the site's admin has are that admin's;
    // an author the export names only by login (no account here) writes as whoever imports.
    const tester = outcome.authors.find((a) => a.name === "Accessibility Tester");
    expect(tester?.as).toBe("tester");
    expect(outcome.authors.find((a) => a.name === "themereviewteam")?.as).toBeNull();
    expect(outcome.authors.reduce((sum, a) => sum + a.items, 0)).toBe(
      counts.articles + counts.pages,
    );
    const written = await db.select().from(contentArticles);
    expect(written.filter((row) => row.authorId === owner?.id)).toHaveLength(tester?.items ?? -1);

    // Featured images, WordPress's attachments on its own site, are the articles' covers.
    const covered = await db.select().from(contentArticles);
    expect(covered.filter((row) => row.cover.startsWith("https://")).length).toBe(
      xml.split("<wp:meta_key>_thumbnail_id</wp:meta_key>").length - 1,
    );

    // Threads are one level deep: every reply names its thread's first comment.
    const replies = await db.select().from(comments);
    const firsts = new Set(replies.filter((c) => !c.threadId).map((c) => c.id));
    for (const reply of replies.filter((c) => c.threadId)) {
      expect(firsts.has(reply.threadId ?? "")).toBe(true);
    }
    // Each item's `?p=ID` and permalink lead to its page.
    const paths = new Set(
      (await db.select().from(contentArticles)).map((row) => `/articles/${row.slug}/`),
    );
    const moved = await db.select().from(redirects);
    expect(moved.every((row) => paths.has(row.toPath))).toBe(true);
    const byId = (row: { fromPath: string }) =>
      row.fromPath.startsWith("/?p=") || row.fromPath.startsWith("/?page_id=");
    expect(moved.filter(byId).length).toBe(counts.articles + counts.pages);

    // A second run finds every item it brought and changes nothing.
    const again = await importBlog(d, source);
    expect(again.importId).toBeNull();
    expect(again.already).toBe(counts.articles + counts.pages);
    expect(await count(db)).toEqual(after);
  });

  it("removes an import in one step, leaving what was there before", async () => {
    const { db } = database();
    const uploads = folders();
    const d = deps(db, uploads);
    const before = await count(db);
    const outcome = await importBlog(d, await openSource(await hexoWithImage()));
    expect(outcome.written).toMatchObject({ articles: 1, images: 1, categories: 1 });
    expect((await readdir(uploads)).length).toBeGreaterThan(1);
    const removed = await removeBlogImport(d, outcome.importId ?? "");
    expect(removed?.articles).toHaveLength(1);
    expect(await count(db)).toEqual(before);
    expect(await readdir(uploads)).toEqual([]);
    expect(await removeBlogImport(d, outcome.importId ?? "")).toBeNull();
  });

  it("removes the categories it made, those under others too", async () => {
    const { db } = database();
    const d = deps(db, folders());
    const before = await count(db);
    const path = `${FIXTURES}/wordpress-importer/a11y-unit-test-data.xml`;
    const outcome = await importBlog(d, await openSource(path));
    // Three levels deep: Parent Category › Child Category 03 › Grandchild Category.
    const made = await db.select().from(contentCategories);
    const grandchild = made.find((c) => c.nameEn === "Grandchild Category");
    const child = made.find((c) => c.slug === grandchild?.parent);
    expect(child?.nameEn).toBe("Child Category 03");
    expect(made.find((c) => c.slug === child?.parent)?.nameEn).toBe("Parent Category");
    expect(outcome.written.categories).toBe(made.length);
    // An article the owner has deleted since is skipped; the rest go as the service removes one.
    const [first] = await db.select().from(contentArticles).limit(1);
    await db.delete(contentArticles).where(eq(contentArticles.id, first?.id ?? ""));
    const removed = await removeBlogImport(d, outcome.importId ?? "");
    expect(removed?.articles).toHaveLength(outcome.written.articles + outcome.written.pages - 1);
    expect(await count(db)).toEqual(before);
  });

  it("tells each step: every item, the rows a chunk at a time, then done", async () => {
    const { db } = database();
    const steps: ImportProgress[] = [];
    const path = `${FIXTURES}/wordpress-importer/a11y-unit-test-data.xml`;
    const outcome = await importBlog(deps(db, folders()), await openSource(path), {
      onProgress: (step) => steps.push(step),
    });
    const items = steps.filter((s) => s.stage === "items");
    const written = outcome.written.articles + outcome.written.pages;
    expect(items.map((s) => s.done)).toEqual([...Array(written + 1).keys()]);
    expect(items.every((s) => s.total === written)).toBe(true);
    const writing = steps.filter((s) => s.stage === "writing");
    expect(writing.length).toBeGreaterThan(3);
    const dones = writing.map((s) => s.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(steps.at(-1)).toEqual({
      stage: "done",
      done: writing.at(-1)?.total,
      total: writing.at(-1)?.total,
    });
  });

  it("keeps an imported image the owner has since used elsewhere when the import goes", async () => {
    const { db } = database();
    const uploads = folders();
    const d = deps(db, uploads);
    const outcome = await importBlog(d, await openSource(await hexoWithImage()));
    const [image] = await db.select().from(media);
    // The owner shows the imported photo in a note of their own (not an article body).
    await db.insert(contentNotes).values({
      slug: "2026-12-06-photo",
      lang: "zh-CN",
      body: `![](/api/media/m-${image?.id}-400.webp)`,
    });
    const removed = await removeBlogImport(d, outcome.importId ?? "");
    expect(removed?.articles).toHaveLength(1);
    expect(removed?.media).toEqual([]);
    expect(await db.$count(media)).toBe(1);
    expect((await readdir(uploads)).length).toBeGreaterThan(1);
  });

  it("stores a post's own images through the media pipeline and points the text at them", async () => {
    const { db } = database();
    const uploads = folders();
    const d = deps(db, uploads);
    const outcome = await importBlog(d, await openSource(await hexoWithImage()));
    const [row] = await db
      .select()
      .from(contentArticles)
      .where(eq(contentArticles.title, "带图的文章"));
    const [image] = await db.select().from(media);
    expect(row?.slug).toBe("with-image");
    expect(row?.lang).toBe("zh-CN");
    // Filed under the inner category, made under the site's own 生活 (content/categories.json).
    const [inner] = await db
      .select()
      .from(contentCategories)
      .where(eq(contentCategories.slug, row?.category ?? ""));
    expect(inner).toMatchObject({ nameZh: "摄影", parent: "life" });
    expect(row?.tags).toEqual(["相机"]);
    expect(row?.body).toContain(`![一张 \\[蓝\\] 图](/api/media/m-${image?.id}-`);
    // The cover is the same file: stored once, shown as the cover too.
    expect(row?.cover).toMatch(new RegExp(`^/api/media/m-${image?.id}-`));
    expect(await db.$count(media)).toBe(1);
    expect(row?.body).toContain("![不在](with-image/missing.png)");
    expect(row?.publishedAt?.toISOString()).toBe("2020-05-01T02:00:00.000Z");
    // Served without the place it was taken.
    const variant = (await readdir(uploads)).find((name) => name.endsWith(".webp")) ?? "";
    expect((await sharp(join(uploads, variant)).metadata()).exif).toBeUndefined();
    expect(outcome.problems[0]?.problems.map((n) => noteText(n))).toContain(
      "image with-image/missing.png is not in the source: left as written",
    );
  });

  it("fetches the images on other sites when asked, through the outbound policy", async () => {
    const { db } = database();
    const png = await sharp({
      create: { width: 20, height: 10, channels: 3, background: "#aa3366" },
    })
      .png()
      .toBuffer();
    // A stand-in for another site, on loopback: one image there, one gone.
    const server = createServer((request, response) => {
      if (request.url === "/a.png")
        response.writeHead(200, { "content-type": "image/png" }).end(png);
      else response.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo; // listen(0) on an IP: an AddressInfo
    try {
      const dir = folders();
      await mkdir(join(dir, "source/_posts"), { recursive: true });
      const site = `http://127.0.0.1:${port}`;
      await writeFile(
        join(dir, "source/_posts/away.md"),
        `---\ntitle: Away\n---\nText.\n\n![here](${site}/a.png)\n\n![gone](${site}/gone.png)\n`,
      );
      // Loopback is refused unless the policy allows it, as for every request the server makes.
      const refused = await importBlog(deps(db, folders()), await openSource(dir), {
        dryRun: false,
        fetchImages: true,
      });
      expect(refused.problems[0]?.problems.map((n) => noteText(n))).toContain(
        `image ${site}/a.png could not be fetched (an address this server may not reach): left as its address`,
      );
      await removeBlogImport(deps(db, folders()), refused.importId ?? "");

      const d = { ...deps(db, folders()), outbound: { allowLoopback: true } };
      const outcome = await importBlog(d, await openSource(dir), { fetchImages: true });
      expect(outcome.written.images).toBe(1);
      const [row] = await db
        .select()
        .from(contentArticles)
        .where(eq(contentArticles.title, "Away"));
      expect(row?.body).toMatch(/!\[here\]\(\/api\/media\/m-[0-9a-f-]+-\d+\.webp\)/);
      expect(row?.body).toContain(`![gone](${site}/gone.png)`);
      expect(outcome.problems[0]?.problems.map((n) => noteText(n))).toEqual([
        `image ${site}/gone.png could not be fetched (HTTP 404): left as its address`,
      ]);
    } finally {
      server.close();
    }
  });

  it("leaves nothing behind when the write fails", async () => {
    const { db } = database();
    const uploads = folders();
    const d = deps(db, uploads);
    const before = await count(db);
    // The transaction fails at its very end, after every row was written: the disk filled up.
    const failing = new Proxy(db, {
      get(target, name, receiver) {
        if (name !== "transaction") return Reflect.get(target, name, receiver);
        return (work: Parameters<Db["transaction"]>[0]) =>
          target.transaction(async (tx) => {
            await work(tx);
            throw new Error("could not extend file: No space left on device");
          });
      },
    });
    const written = importBlog({ ...d, db: failing }, await openSource(await hexoWithImage()));
    await expect(written).rejects.toThrow("No space left");
    expect(await count(db)).toEqual(before);
    expect(await readdir(uploads)).toEqual([]);
    expect(d.publisher.contentChanged).not.toHaveBeenCalled();
  });
});
