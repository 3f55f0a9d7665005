import exifr from "exifr";
import sharp from "sharp";
import { expect, it } from "vitest";
import type { App } from "../http/app.ts";
import { callJson, userWithSession } from "../test-support.ts";
import { describeAsAdmin } from "../users/users.test-support.ts";

// The media library's API in-process, on PGlite and PostgreSQL: upload, list, edit, delete,
// serve, and every refusal leaving nothing behind.

/** A photo as a camera writes it, GPS included. */
const photo = (width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: "#4477aa" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "Ricoh", Model: "GR III" },
      IFD2: { FNumber: "28/10", DateTimeOriginal: "2025:04:01 09:30:00" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "31/1 14/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "121/1 28/1 0/1",
      },
    })
    .toBuffer();

function upload(app: App, token: string | undefined, bytes: Uint8Array, name = "photo.jpg") {
  const form = new FormData();
  // A copy over a plain ArrayBuffer, as File's parts are typed.
  form.append("file", new File([new Uint8Array(bytes)], name, { type: "image/jpeg" }));
  return app.request(
    "/api/admin/media",
    { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} },
    { clientIp: "203.0.113.7" },
  );
}

const total = async (app: App, token: string) =>
  (await callJson(app, "GET", "/api/admin/media", { token })).body.data.total;

describeAsAdmin("the media library", (ctx) => {
  it("takes an image, serves its variants without metadata, keeps the camera facts", async () => {
    const { app, admin } = ctx();
    const res = await upload(app, admin.token, await photo(), "../../etc/<b>holiday.jpg");
    expect(res.status).toBe(200);
    const image = (await res.json()).data;
    expect(image).toMatchObject({
      name: "<b>holiday.jpg",
      type: "image/jpeg",
      width: 900,
      height: 600,
      exif: { camera: "Ricoh GR III", aperture: 2.8, takenAt: "2025-04-01T09:30:00" },
      alt: { "zh-CN": "", "en-US": "" },
      usedBy: [],
    });
    expect(image.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(image.variants.map((v: { src: string }) => v.src)).toContain(image.src);
    expect(image.variants).toHaveLength(6);
    for (const variant of image.variants) {
      const served = await app.request(variant.src);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(`image/${variant.format}`);
      expect(served.headers.get("cache-control")).toContain("immutable");
      const bytes = new Uint8Array(await served.arrayBuffer());
      expect(bytes.length).toBe(variant.bytes);
      expect(await exifr.gps(bytes).catch(() => undefined)).toBeUndefined();
    }
    // The original keeps its place; it is never served.
    const original = image.src.replace(/m-([0-9a-f-]+)-\d+\.webp$/, "o-$1.jpg");
    expect((await app.request(original)).status).toBe(404);
  });

  it("lists newest first, searches, edits the owner's words, deletes with the files", async () => {
    const { app, admin } = ctx();
    const first = (await (await upload(app, admin.token, await photo(), "lake.jpg")).json()).data;
    const second = (await (await upload(app, admin.token, await photo(), "hill.jpg")).json()).data;
    const list = await callJson(app, "GET", "/api/admin/media", { token: admin.token });
    expect(list.body.data.items.map((i: { id: string }) => i.id)).toEqual([second.id, first.id]);
    const edit = await callJson(app, "PUT", `/api/admin/media/${first.id}`, {
      token: admin.token,
      body: {
        alt: { "zh-CN": "湖面的清晨", "en-US": "The lake at dawn" },
        tags: ["travel", "travel"],
      },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ tags: ["travel"], caption: { "en-US": "" } });
    const found = await callJson(app, "GET", "/api/admin/media?q=%E6%B9%96%E9%9D%A2", {
      token: admin.token,
    });
    expect(found.body.data.items.map((i: { id: string }) => i.id)).toEqual([first.id]);
    const bad = await callJson(app, "PUT", `/api/admin/media/${first.id}`, {
      token: admin.token,
      body: { tags: ["a/b"] },
    });
    expect(bad.status).toBe(400);
    const gone = await callJson(app, "DELETE", `/api/admin/media/${first.id}`, {
      token: admin.token,
    });
    expect(gone.status).toBe(200);
    expect((await app.request(first.src)).status).toBe(404);
    expect(await total(app, admin.token)).toBe(1);
  });

  it("refuses to delete an image a piece of content uses, and says where", async () => {
    const { app, admin } = ctx();
    const image = (await (await upload(app, admin.token, await photo())).json()).data;
    const article = await callJson(app, "POST", "/api/admin/articles", {
      token: admin.token,
      body: {
        title: "With a cover",
        slug: "with-a-cover",
        lang: "en-US",
        category: "engineering",
        summary: "A cover from the library.",
        cover: image.src,
        body: "Text.",
      },
    });
    expect(article.status).toBe(200);
    const refused = await callJson(app, "DELETE", `/api/admin/media/${image.id}`, {
      token: admin.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.issues?.[0]?.key).toBe("media.problems.inUse");
    const one = await callJson(app, "GET", `/api/admin/media/${image.id}`, { token: admin.token });
    expect(one.body.data.usedBy).toEqual([
      { kind: "article", id: article.body.data.id, title: "With a cover" },
    ]);
    expect((await app.request(image.src)).status).toBe(200);
  });

  it("refuses bad files with their reason and keeps nothing of them", async () => {
    const { app, admin } = ctx();
    const cases: Array<[Uint8Array, number, string]> = [
      [new Uint8Array(), 400, "media.problems.empty"],
      [new TextEncoder().encode("<svg onload=alert(1)>"), 400, "media.problems.type"],
      [(await photo()).subarray(0, 300), 400, "media.problems.corrupt"],
    ];
    for (const [bytes, status, key] of cases) {
      const res = await upload(app, admin.token, bytes, "bad<script>.jpg");
      expect(res.status).toBe(status);
      expect((await res.json()).error.issues[0].key).toBe(key);
    }
    expect(await total(app, admin.token)).toBe(0);
  });

  it("takes uploads from an admin only", async () => {
    const { app, database } = ctx();
    const reader = await userWithSession(database.db);
    expect((await upload(app, undefined, await photo())).status).toBe(401);
    expect((await upload(app, reader.token, await photo())).status).toBe(403);
  });

  it("keeps every one of parallel uploads", async () => {
    const { app, admin } = ctx();
    const bytes = await photo(300, 200);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(app, admin.token, bytes, `p${i}.jpg`)),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await total(app, admin.token)).toBe(6);
  });
});
