import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { createTestDatabase, engines, type TestDatabase } from "../../../tests/support/test-db.ts";
import { articleCollectionFields, articleImages } from "../../shared/kinds/article.ts";
import { bookCollectionFields, bookImages } from "../../shared/kinds/book.ts";
import { chapterCollectionFields } from "../../shared/kinds/chapter.ts";
import { noteCollectionFields, noteImages } from "../../shared/kinds/note.ts";
import {
  photoCollectionFields,
  photoImages,
  photoTagCollectionFields,
} from "../../shared/kinds/photo.ts";
import {
  auditLogs,
  fediverseFollowers,
  fediverseKeys,
  fediverseReactions,
  subscribers,
} from "../db/schema.ts";
import { localStorage } from "../storage/storage.ts";
import { ArchiveError, readArchive, writeArchive } from "./archive.ts";
import { seedSite } from "./backup.test-support.ts";
import { exportArchive } from "./export.ts";
import { ImportRefused, importArchive } from "./import.ts";
import {
  ALL_TABLES,
  LEFT_OUT_TABLES,
  OWNED_TABLES,
  ownedRowCounts,
  tableName,
} from "./repository.ts";

// Export and import on each engine: a seeded site exported, imported into a fresh database and
// fresh storage, and exported again is the same archive; a damaged archive, a database that is
// not empty and an import failing half-way leave the database empty and storage as it was.

const NOW = new Date("2026-11-27T12:00:00.000Z");
const LATER = new Date("2026-11-28T03:00:00.000Z");

function folder(): string {
  return mkdtempSync(join(tmpdir(), "blog-backup-"));
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

/** The frontmatter and body of a Markdown file. */
function frontmatter(bytes: Uint8Array | undefined): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text(bytes));
  if (!match?.[1]) throw new Error("no frontmatter");
  return parse(match[1]);
}

it("exports every table but the server's own and short-lived ones", () => {
  const named = [...OWNED_TABLES, ...LEFT_OUT_TABLES].map(tableName).sort();
  expect(named).toEqual(ALL_TABLES.map(tableName).sort());
});

for (const engine of engines) {
  describe(`export and import [${engine}]`, () => {
    let source: TestDatabase;
    let target: TestDatabase;
    let sourceFiles = "";
    let targetFiles = "";
    beforeAll(async () => {
      [source, target] = await Promise.all([
        createTestDatabase(engine),
        createTestDatabase(engine),
      ]);
    }, 120_000);
    beforeEach(async () => {
      await Promise.all([source.reset(), target.reset()]);
      for (const dir of [sourceFiles, targetFiles]) if (dir) rmSync(dir, { recursive: true });
      sourceFiles = folder();
      targetFiles = folder();
    });
    afterAll(async () => {
      await Promise.all([source?.close(), target?.close()]);
      for (const dir of [sourceFiles, targetFiles]) rmSync(dir, { recursive: true, force: true });
    });

    it("round-trips: seed, export, import into a fresh database, export again: the same archive", async () => {
      await seedSite(source.db, localStorage(sourceFiles));
      // Who follows by email and from the fediverse, and the actor's keys, go along.
      await source.db
        .insert(subscribers)
        .values({ email: "reader@example.com", langs: ["zh-CN", "en-US"], locale: "zh-CN" });
      await source.db.insert(fediverseKeys).values({
        kind: "Ed25519",
        privateKey: { kty: "OKP", crv: "Ed25519", d: "x", x: "y" },
        publicKey: { kty: "OKP", crv: "Ed25519", x: "y" },
      });
      await source.db.insert(fediverseFollowers).values({
        actorUri: "https://social.example/users/ana",
        inboxUri: "https://social.example/users/ana/inbox",
        handle: "@ana@social.example",
        name: "Ana",
      });
      await source.db.insert(fediverseReactions).values({
        kind: "boost",
        articleId: "file:article:hello",
        actorUri: "https://social.example/users/ana",
        activityId: "https://social.example/users/ana/statuses/1/activity",
      });
      const first = await exportArchive(source.db, localStorage(sourceFiles), {
        withPasswordHashes: true,
        now: NOW,
      });
      // BACKUP_TEST_ARCHIVE=<file>: the archive is kept there, to look at or build from.
      if (process.env.BACKUP_TEST_ARCHIVE) writeFileSync(process.env.BACKUP_TEST_ARCHIVE, first);
      const result = await importArchive(target.db, localStorage(targetFiles), first);
      expect(result.rows.content_articles).toBe(2);
      expect(result.rows.subscribers).toBe(1);
      expect(result.rows.fediverse_keys).toBe(1);
      expect(result.rows.fediverse_followers).toBe(1);
      expect(result.rows.fediverse_reactions).toBe(1);
      expect(result.storageFiles).toBeGreaterThan(1);
      expect(readdirSync(targetFiles).sort()).toEqual(readdirSync(sourceFiles).sort());

      const second = await exportArchive(target.db, localStorage(targetFiles), {
        withPasswordHashes: true,
        now: LATER,
      });
      const [a, b] = await Promise.all([readArchive(first), readArchive(second)]);
      expect({ ...b.manifest, exportedAt: "" }).toEqual({ ...a.manifest, exportedAt: "" });
      expect(b.manifest.exportedAt).toBe(LATER.toISOString());
      expect(b.files).toEqual(a.files);
      // With the same export time, the very same bytes.
      const again = await exportArchive(target.db, localStorage(targetFiles), {
        withPasswordHashes: true,
        now: NOW,
      });
      expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);

      // The restored server goes on numbering its logs after the restored rows.
      const counts = await ownedRowCounts(target.db);
      expect(counts).toEqual(await ownedRowCounts(source.db));
      expect(counts.content_revisions).toBeGreaterThanOrEqual(2);
      expect(counts.audit_logs).toBeGreaterThanOrEqual(3);
      await target.db
        .insert(auditLogs)
        .values({ action: "after.restore", method: "PUT", path: "/api/admin/settings" });
    });

    it("writes the writing in content/'s layout, with the fields the collections accept", async () => {
      const { src } = await seedSite(source.db, localStorage(sourceFiles));
      const { manifest, files } = await readArchive(
        await exportArchive(source.db, localStorage(sourceFiles), { now: NOW }),
      );
      const id = src.match(/m-([0-9a-f-]{36})-/)?.[1];
      const paths = [...files.keys()].filter((p) => p.startsWith("content/"));
      expect(paths.sort()).toEqual([
        "content/about/zh-CN.mdx",
        "content/albums.json",
        "content/articles/static-first-draft.md",
        "content/articles/xi-hu.md",
        "content/banners.json",
        "content/books/quiet-page/fonts.md",
        "content/books/quiet-page/index.md",
        "content/books/quiet-page/page-weight.md",
        "content/categories.json",
        "content/notes/osmanthus.md",
        "content/photo-tags.json",
        `content/photos/files/${id}.jpg`,
        "content/photos/west-lake.md",
        "content/site-nav.json",
      ]);
      const article = frontmatter(files.get("content/articles/xi-hu.md"));
      const articleSchema = z.strictObject({
        ...articleCollectionFields,
        ...articleImages(z.string()),
      });
      expect(articleSchema.parse(article)).toMatchObject({
        title: "雨中的西湖",
        subtitle: "一个下午",
        category: "life",
        status: "published",
        cover: src,
      });
      expect(text(files.get("content/articles/xi-hu.md"))).toContain(
        "雨下了一整天，**湖面**很安静。",
      );
      z.strictObject({ ...noteCollectionFields, ...noteImages(z.string()) }).parse(
        frontmatter(files.get("content/notes/osmanthus.md")),
      );
      z.strictObject({ ...bookCollectionFields, ...bookImages(z.string()) }).parse(
        frontmatter(files.get("content/books/quiet-page/index.md")),
      );
      expect(
        z
          .strictObject(chapterCollectionFields)
          .parse(frontmatter(files.get("content/books/quiet-page/fonts.md"))),
      ).toMatchObject({ parent: "page-weight", title: "Fonts" });
      z.strictObject({
        ...photoCollectionFields,
        ...photoImages(z.string()),
        album: z.string(),
      }).parse(frontmatter(files.get("content/photos/west-lake.md")));
      // A photo's and a banner's image is its original, as a file of content/ beside them.
      expect(frontmatter(files.get("content/photos/west-lake.md")).image).toBe(`./files/${id}.jpg`);
      expect(JSON.parse(text(files.get("content/banners.json")))[0].image).toBe(
        `./photos/files/${id}.jpg`,
      );
      expect(files.get(`content/photos/files/${id}.jpg`)).toEqual(files.get(`storage/o-${id}.jpg`));
      expect(JSON.parse(text(files.get("content/categories.json")))).toEqual([
        { id: "engineering", name: { "zh-CN": "工程", "en-US": "Engineering" }, order: 1 },
        { id: "life", name: { "zh-CN": "生活", "en-US": "Life" }, order: 2 },
      ]);
      expect(
        z
          .array(z.strictObject(photoTagCollectionFields))
          .parse(JSON.parse(text(files.get("content/photo-tags.json")))),
      ).toEqual([{ id: "lake", name: { "zh-CN": "湖", "en-US": "Lake" } }]);
      // No password hash leaves without being asked for; the image's files are all there.
      const users = JSON.parse(text(files.get("data/users.json")));
      expect(users.map((u: { passwordHash: unknown }) => u.passwordHash)).toEqual([null, null]);
      expect(manifest.withPasswordHashes).toBe(false);
      const stored = [...files.keys()].filter((p) => p.startsWith(`storage/`));
      expect(stored.some((p) => p.startsWith(`storage/o-${id}.`))).toBe(true);
      expect(stored.length).toBe(manifest.counts.storageFiles);
      expect(manifest.missingBlobs).toEqual([]);
    });

    it("refuses a damaged archive before writing anything", async () => {
      await seedSite(source.db, localStorage(sourceFiles));
      const good = await exportArchive(source.db, localStorage(sourceFiles), { now: NOW });
      // One byte of one file flipped inside the tar, then compressed again: a valid .tar.gz.
      const tar = gunzipSync(good);
      const at = tar.indexOf(Buffer.from("雨下了一整天"));
      expect(at).toBeGreaterThan(0);
      tar[at] = (tar[at] ?? 0) ^ 0x01;
      const damaged = gzipSync(tar);
      await expect(importArchive(target.db, localStorage(targetFiles), damaged)).rejects.toThrow(
        /does not match its checksum/,
      );
      // A truncated download is refused too.
      await expect(
        importArchive(target.db, localStorage(targetFiles), good.slice(0, good.length - 100)),
      ).rejects.toBeInstanceOf(ArchiveError);
      expect(await ownedRowCounts(target.db)).toEqual({});
      expect(readdirSync(targetFiles)).toEqual([]);
    });

    it("refuses to import into a database that is not empty", async () => {
      await seedSite(source.db, localStorage(sourceFiles));
      const archive = await exportArchive(source.db, localStorage(sourceFiles), { now: NOW });
      await target.db.insert(OWNED_TABLES[1]).values({ key: "something", value: "here" });
      const refusal = importArchive(target.db, localStorage(targetFiles), archive);
      await expect(refusal).rejects.toBeInstanceOf(ImportRefused);
      await expect(refusal).rejects.toThrow(/not empty \(1 in app_meta\)/);
      expect(readdirSync(targetFiles)).toEqual([]);
    });

    it("leaves the database empty and storage clean when the import fails half-way", async () => {
      await seedSite(source.db, localStorage(sourceFiles));
      const { manifest, files } = await readArchive(
        await exportArchive(source.db, localStorage(sourceFiles), { now: NOW }),
      );
      // A second article with the first one's slug: the unique index refuses it, after the
      // users, the media and the categories have gone in.
      const articles = JSON.parse(text(files.get("data/content_articles.json")));
      articles.push({ ...articles[0], id: randomUUID() });
      files.set("data/content_articles.json", new TextEncoder().encode(JSON.stringify(articles)));
      const { files: _files, format: _f, version: _v, ...rest } = manifest;
      const broken = await writeArchive(files, rest);
      await expect(importArchive(target.db, localStorage(targetFiles), broken)).rejects.toThrow();
      expect(await ownedRowCounts(target.db)).toEqual({});
      expect(readdirSync(targetFiles)).toEqual([]);
    });
  });
}
