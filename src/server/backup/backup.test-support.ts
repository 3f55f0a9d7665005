import sharp from "sharp";
import { expect } from "vitest";
import type { Db } from "../db/client.ts";
import {
  appMeta,
  auditLogs,
  blogImportRows,
  blogImports,
  contentAlbums,
  contentBanners,
  contentCategories,
  contentChapters,
  contentNotes,
  contentPhotos,
  feedback,
  feedbackReplies,
  feedbackStatusHistory,
  navGroups,
  navLinks,
  pageViews,
  photoTagNames,
  redirects,
  sitePages,
  siteSettings,
} from "../db/schema.ts";
import type { Storage } from "../storage/storage.ts";
import { callJson, createTestApp, userWithPassword } from "../test-support.ts";

// A site with a row of every kind the export carries, in both languages: an admin and a reader
// (with password hashes), a category, an album, an uploaded image (its files in storage), an
// article saved twice through the API (revisions and audit rows), a note, a book with a chapter
// and a sub-chapter, a photo and a banner of the image, the navigation, the about page, the
// settings, feedback with its history and a reply, an audit row and page views.

const jpeg = () =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: "#aa6633" } })
    .jpeg()
    .toBuffer();

const T = (s: string) => new Date(`2026-10-${s}Z`);

/** Seeds `db` and `storage` as above; answers the admin's id and the image's `src`. */
export async function seedSite(db: Db, storage: Storage): Promise<{ src: string }> {
  const app = createTestApp(db, undefined, undefined, { storage });
  const { user: admin, token } = await userWithPassword(db, {
    role: "admin",
    userName: "站长",
    email: "owner@example.com",
  });
  const { user: reader } = await userWithPassword(db, { userName: "读者", email: "r@example.com" });
  const api = async (method: string, path: string, body: unknown) => {
    const res = await callJson(app, method, path, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body.data;
  };

  const form = new FormData();
  form.append("file", new File([new Uint8Array(await jpeg())], "西湖.jpg"));
  const upload = await app.request(
    "/api/admin/media",
    { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } },
    { clientIp: "203.0.113.7" },
  );
  expect(upload.status).toBe(200);
  const image = ((await upload.json()) as { data: { id: string; src: string } }).data;

  await db.insert(contentCategories).values([
    { slug: "engineering", nameZh: "工程", nameEn: "Engineering", order: 1 },
    { slug: "life", nameZh: "生活", nameEn: "Life", order: 2 },
  ]);
  const article = await api("POST", "/api/admin/articles", {
    slug: "xi-hu",
    lang: "zh-CN",
    title: "雨中的西湖",
    summary: "一篇关于西湖的文章。",
    body: "# 西湖\n\n雨下了一整天，**湖面**很安静。",
    category: "life",
    tags: ["散步", "杭州"],
    cover: image.src,
    coverAlt: "湖面",
    status: "published",
    publishedAt: "2026-10-01T08:00:00.000Z",
  });
  await api("PUT", `/api/admin/articles/${article.id}`, { subtitle: "一个下午" });
  await api("POST", "/api/admin/articles", {
    slug: "static-first-draft",
    lang: "en-US",
    title: "Static first",
    summary: "A draft.",
    body: "Most of a blog is settled long before anyone asks.\n",
    category: "engineering",
  });
  await db.insert(contentNotes).values({
    slug: "osmanthus",
    lang: "zh-CN",
    body: "楼下的桂花开了第二茬。",
    tags: ["散步"],
    images: [{ src: image.src, alt: "桂花" }],
    status: "published",
    publishedAt: T("12T07:45:00"),
    authorId: admin.id,
  });
  const book = await api("POST", "/api/admin/books", {
    slug: "quiet-page",
    lang: "en-US",
    title: "The Quiet Page",
    description: "A small handbook.",
    status: "published",
    publishedAt: "2026-04-20T00:00:00.000Z",
  });
  const [part] = await db
    .insert(contentChapters)
    .values({
      bookId: book.id,
      slug: "page-weight",
      title: "Page weight",
      body: "Weight.",
      order: 1,
      status: "published",
    })
    .returning();
  await db.insert(contentChapters).values({
    bookId: book.id,
    slug: "fonts",
    title: "Fonts",
    body: "System fonts first.",
    order: 2,
    parentId: part?.id ?? null,
    status: "published",
  });
  await db.insert(contentAlbums).values({
    slug: "landscapes",
    name: { "zh-CN": "山水之间", "en-US": "Land and Water" },
    description: { "zh-CN": "湖和山。", "en-US": "Lakes and hills." },
  });
  await db.insert(contentPhotos).values({
    slug: "west-lake",
    title: { "zh-CN": "西湖", "en-US": "West Lake" },
    caption: { "zh-CN": "雨中。", "en-US": "In the rain." },
    alt: { "zh-CN": "湖", "en-US": "A lake" },
    place: { "zh-CN": "杭州", "en-US": "Hangzhou" },
    image: image.src,
    album: "landscapes",
    tags: ["lake"],
    takenAt: "2026-10-01T09:30",
    status: "published",
    publishedAt: T("02T00:00:00"),
  });
  await db.insert(photoTagNames).values({ tag: "lake", name: { "zh-CN": "湖", "en-US": "Lake" } });
  await db.insert(contentBanners).values({
    title: { "zh-CN": "照片集", "en-US": "The gallery" },
    subtitle: { "zh-CN": "", "en-US": "" },
    alt: { "zh-CN": "湖", "en-US": "A lake" },
    image: image.src,
    link: "/image-library/",
    startsAt: T("01T00:00:00"),
  });
  const [group] = await db
    .insert(navGroups)
    .values({ name: { "zh-CN": "本站", "en-US": "On this site" } })
    .returning();
  if (!group) throw new Error("no group");
  await db.insert(navLinks).values({
    group: group.id,
    title: { "zh-CN": "照片集", "en-US": "Gallery" },
    description: { "zh-CN": "二十张照片。", "en-US": "Twenty photographs." },
    url: "/image-library/",
  });
  await db
    .insert(sitePages)
    .values({ slug: "about", lang: "zh-CN", body: "# 关于\n\n两种墨水。", updatedBy: admin.id });
  await db.insert(siteSettings).values({
    id: "site",
    value: { siteName: { "zh-CN": "两种墨水", "en-US": "Two Inks" } },
    updatedBy: admin.id,
  });
  const [received] = await db
    .insert(feedback)
    .values({
      feedbackType: "bug",
      subject: "按钮太小",
      description: "手机上点不到。",
      contact: "r@example.com",
      environment: { url: "/", userAgent: "test", viewport: "390x844", timestamp: "2026-10-03" },
      status: "resolved",
      userId: reader.id,
    })
    .returning();
  if (!received) throw new Error("no feedback");
  await db.insert(feedbackStatusHistory).values({
    feedbackId: received.id,
    fromStatus: "new",
    toStatus: "resolved",
    changedBy: admin.id,
  });
  await db.insert(feedbackReplies).values({
    feedbackId: received.id,
    kind: "reply",
    body: "谢谢，已经改大了。",
    locale: "zh-CN",
    sentTo: "r@example.com",
    createdBy: admin.id,
  });
  await db.insert(auditLogs).values({
    actorId: admin.id,
    actorName: "站长",
    action: "settings.update",
    method: "PUT",
    path: "/api/admin/settings",
    after: { siteName: "两种墨水" },
  });
  await db.insert(pageViews).values([
    { day: "2026-10-03", path: "/zh/", locale: "zh-CN", device: "phone", views: 3 },
    {
      day: "2026-10-03",
      path: "/en/",
      referrer: "example.org",
      locale: "en-US",
      device: "desktop",
      views: 1,
    },
  ]);
  await db.insert(appMeta).values({ key: "example-fact", value: "值" });
  // An import from another blog, the article it brought and its old address.
  const [imported] = await db
    .insert(blogImports)
    .values({ tool: "wordpress", source: "old-blog.xml", counts: { articles: 1 } })
    .returning();
  if (!imported) throw new Error("no import row");
  await db.insert(blogImportRows).values({
    kind: "article",
    sourceKey: "wordpress:https://old.example:post:12",
    importId: imported.id,
    rowKey: article.id,
  });
  await db.insert(redirects).values({
    fromPath: "/?p=12",
    toPath: "/articles/xi-hu/",
    importId: imported.id,
  });
  return { src: image.src };
}
