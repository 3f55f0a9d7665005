import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, vi } from "vitest";
import { writeFiles } from "../../../tests/support/test-folders.ts";
import { changeLine } from "../../shared/build-status.ts";
import type { Db } from "../db/client.ts";
import type { App, AppOptions } from "../http/app.ts";
import { callJson, describeEachDb, userWithSession } from "../test-support.ts";
import type { Publisher } from "./publisher.ts";

// What the content.*.test.ts files share: a content/ folder of their own, bodies of each kind,
// and the content API as an admin calls it.

/** The files of the content/ folder the API reads beside its rows. */
const CONTENT_FILES: Record<string, string> = {
  // The about page in English only: Chinese has no file to go back to.
  "about/en-US.mdx": "# About\n\nWritten in the file.\n",
  "categories.json": JSON.stringify([
    { id: "engineering", name: { "zh-CN": "工程", "en-US": "Engineering" }, order: 1 },
    { id: "life", name: { "zh-CN": "生活", "en-US": "Life" }, order: 4 },
  ]),
  "articles/static-first.md": `---
title: "Static first"
summary: "Build every page ahead of time."
lang: en-US
category: engineering
tags: [html, performance]
status: published
publishedAt: 2025-03-18
updatedAt: 2026-02-10
pinned: true
---

Most of what a blog serves is settled long before a reader shows up.
`,
  "articles/river-walk-zh.md": `---
title: 沿河散步
summary: 傍晚的河边。
lang: zh-CN
category: life
tags: [散步]
publishedAt: 2025-06-01
---

河水很慢。
`,
  "notes/2026-10-12-osmanthus.md": `---
lang: zh-CN
publishedAt: 2026-10-12T07:45:00+08:00
tags: [散步]
status: published
---

早上出门，楼下的桂花开了。
`,
  "books/quiet-page/index.md": `---
title: The Quiet Page
description: A small handbook on quiet web pages.
lang: en-US
order: 1
status: published
publishedAt: 2026-04-20
---

Intro.
`,
  "albums.json": JSON.stringify([
    {
      id: "travel",
      name: { "zh-CN": "旅行", "en-US": "Travel" },
      description: { "zh-CN": "路上的照片。", "en-US": "Photos from the road." },
      order: 2,
    },
  ]),
  "photo-tags.json": JSON.stringify([{ id: "mist", name: { "zh-CN": "雾", "en-US": "Mist" } }]),
  "photos/lake-morning.md": `---
title: { zh-CN: 湖边的早晨, en-US: Morning by the lake }
caption: { zh-CN: 雾还没散。, en-US: The mist had not lifted yet. }
image: ./files/lake-morning.jpg
album: travel
tags: [lake, mist]
takenAt: 2025-04-01T06:30
featured: true
publishedAt: 2025-04-02
---
`,
  // A draft naming an album of the database (none yet), which it keeps once there.
  "photos/night-market.md": `---
title: { zh-CN: 夜市, en-US: Night market }
image: ./files/night-market.jpg
album: street
tags: [night]
status: draft
---
`,
  "banners.json": JSON.stringify([
    {
      id: "welcome",
      title: { "zh-CN": "欢迎", "en-US": "Welcome" },
      image: "./photos/files/lake-morning.jpg",
      link: "/about",
    },
  ]),
  "site-nav.json": JSON.stringify([
    {
      id: "friends",
      name: { "zh-CN": "朋友", "en-US": "Friends" },
      links: [
        {
          id: "mdn",
          title: { "zh-CN": "MDN", "en-US": "MDN" },
          url: "https://developer.mozilla.org/",
        },
        { id: "broken", title: { "zh-CN": "坏", "en-US": "Bad" }, url: "javascript:alert(1)" },
      ],
    },
  ]),
  "books/quiet-page/start.md": "---\ntitle: Start with HTML\norder: 1\n---\n\nStart.\n",
  "books/quiet-page/fonts.md": "---\ntitle: Fonts\norder: 2\nparent: weight\n---\n\nFonts.\n",
  "books/quiet-page/weight.md": "---\ntitle: Page weight\norder: 2\n---\n\nWeight.\n",
};

export const FUTURE = () => new Date(Date.now() + 86_400_000).toISOString();
export const PAST = "2024-01-02T03:04:05.000Z";
/** An id no item has. */
export const UUID = "00000000-0000-4000-8000-000000000000";

export const article = (overrides: Record<string, unknown> = {}) => ({
  slug: "hello-world",
  lang: "en-US",
  title: "Hello, world",
  summary: "A first article.",
  body: "# Hello\n\nSome **Markdown**.",
  category: "engineering",
  tags: ["intro"],
  ...overrides,
});
export const note = (overrides: Record<string, unknown> = {}) => ({
  slug: "a-note",
  lang: "zh-CN",
  body: "一条笔记。",
  ...overrides,
});
export const book = (overrides: Record<string, unknown> = {}) => ({
  slug: "a-book",
  lang: "en-US",
  title: "A Book",
  description: "About things.",
  ...overrides,
});

/** A photo's body; `image` is a library image's `src` (see `ContentApi.libraryImage`). */
export const photo = (image: string, overrides: Record<string, unknown> = {}) => ({
  slug: "a-photo",
  title: { "zh-CN": "一张照片", "en-US": "A photo" },
  image,
  ...overrides,
});

/** A small JPEG, as a camera would send one. */
const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#4477aa" } })
    .jpeg()
    .toBuffer();

export interface ContentApi {
  /** Calls the API as the test's admin, or with `token` (null: anonymously). */
  api(
    method: string,
    path: string,
    body?: unknown,
    token?: string | null,
    headers?: Record<string, string>,
  ): ReturnType<typeof callJson>;
  /** Creates an item of `kind` (the path's word: "articles", "categories"…); answers its id. */
  created(kind: string, body: unknown): Promise<string>;
  /** What the site's publisher was told during the test, in order. */
  published: string[];
  /** The token of a reader (not an admin). */
  reader(): string;
  /** Uploads an image to the media library as the admin; answers its id and `src`. */
  libraryImage(): Promise<{ id: string; src: string }>;
  /** The test's database. */
  db(): Db;
  /** The app itself, for what the answer's envelope does not show (its headers). */
  app(): App;
}

/**
 * Runs a suite once per engine against the content API over the content/ folder above: each
 * test with an emptied database, an admin and a reader, and a publisher that remembers.
 */
export function describeContentApi(
  name: string,
  suite: (content: ContentApi) => void,
  options: { app?: Partial<AppOptions> } = {},
): void {
  let folder = "";
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "blog-content-"));
    writeFiles(folder, CONTENT_FILES);
    // lake-morning's image is there (night-market's is not).
    mkdirSync(join(folder, "photos", "files"), { recursive: true });
    await writeFile(join(folder, "photos", "files", "lake-morning.jpg"), await jpeg());
    vi.stubEnv("CONTENT_DIR", folder);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(folder, { recursive: true, force: true });
  });
  const published: string[] = [];
  /** What the publisher heard: each change on one line, and "(schedule)" for a timer re-read. */
  const publisher: Publisher = {
    contentChanged: (change) => published.push(changeLine(change)),
    scheduleChanged: () => published.push("(schedule)"),
  };
  describeEachDb(
    name,
    (ctx) => {
      let admin = "";
      let reader = "";
      beforeEach(async () => {
        published.length = 0;
        admin = (await userWithSession(ctx().database.db, { role: "admin" })).token;
        reader = (await userWithSession(ctx().database.db)).token;
      });
      const api: ContentApi["api"] = (method, path, body, token = admin, headers = {}) =>
        callJson(ctx().app, method, path, {
          token: token ?? undefined,
          headers,
          ...(body === undefined ? {} : { body }),
        });
      const created = async (kind: string, body: unknown) => {
        const res = await api("POST", `/api/admin/${kind}`, body);
        expect(res.body.message, JSON.stringify(res.body)).toBe("Created");
        return res.body.data.id ?? res.body.data.slug;
      };
      const libraryImage = async () => {
        const form = new FormData();
        // A copy over a plain ArrayBuffer, as File's parts are typed.
        form.append("file", new File([new Uint8Array(await jpeg())], "photo.jpg"));
        const res = await ctx().app.request(
          "/api/admin/media",
          { method: "POST", body: form, headers: { authorization: `Bearer ${admin}` } },
          { clientIp: "203.0.113.7" },
        );
        const { data } = (await res.json()) as { data: { id: string; src: string } };
        expect(res.status).toBe(200);
        return { id: data.id, src: data.src };
      };
      suite({
        api,
        created,
        published,
        reader: () => reader,
        libraryImage,
        db: () => ctx().database.db,
        app: () => ctx().app,
      });
    },
    { publisher, ...options },
  );
}
