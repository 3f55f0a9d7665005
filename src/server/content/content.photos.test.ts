import { expect, it } from "vitest";
import { publishDueItems } from "../site/schedule.ts";
import { nextScheduledAt, takeSnapshot } from "../site/snapshot.ts";
import { describeContentApi, FUTURE, PAST, photo, UUID } from "./content.test-support.ts";

// The gallery's photos and albums in the back office: a photo is a library image kept in an
// album, beside the read-only files of content/photos/ and content/albums.json.

const album = (overrides: Record<string, unknown> = {}) => ({
  slug: "city",
  name: { "zh-CN": "城市", "en-US": "City" },
  ...overrides,
});

interface Listed {
  slug: string;
}
const slugs = (res: { body: { data: { items: Listed[] } } }) =>
  res.body.data.items.map((item) => item.slug);

/** The first field issue of an answer, as the back office reads it. */
const issueOf = (res: { body: { error?: { issues?: unknown[] } } }) => res.body.error?.issues?.[0];

describeContentApi(
  "content API: photos and albums",
  ({ api, created, published, libraryImage, db }) => {
    it("creates, reads, updates, publishes, unpublishes and deletes a photo", async () => {
      const image = await libraryImage();
      const id = await created("photos", photo(image.src, { album: "travel", tags: ["a", "a"] }));
      const got = await api("GET", `/api/admin/photos/${id}`);
      expect(got.body.data).toEqual({
        id,
        slug: "a-photo",
        title: { "zh-CN": "一张照片", "en-US": "A photo" },
        caption: { "zh-CN": "", "en-US": "" },
        alt: { "zh-CN": "", "en-US": "" },
        image: image.src,
        album: "travel",
        tags: ["a"],
        takenAt: null,
        place: { "zh-CN": "", "en-US": "" },
        featured: false,
        credit: "",
        status: "draft",
        publishedAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        source: "database",
        readOnly: false,
        file: null,
      });
      expect(published).toEqual([]);

      const put = await api("PUT", `/api/admin/photos/${id}`, {
        caption: { "zh-CN": "说明", "en-US": "A caption" },
        takenAt: "2025-04-01T09:30",
        featured: true,
        album: null,
      });
      expect(put.status).toBe(200);
      expect(put.body.data).toMatchObject({
        caption: { "en-US": "A caption" },
        takenAt: "2025-04-01T09:30",
        featured: true,
        album: null,
        title: { "en-US": "A photo" },
      });
      const badTime = await api("PUT", `/api/admin/photos/${id}`, { takenAt: "yesterday" });
      expect(badTime.status).toBe(400);
      expect(badTime.body.message).toContain("takenAt");

      const on = await api("POST", `/api/admin/photos/${id}/publish`, {});
      expect(on.body).toMatchObject({ message: "Published", data: { status: "published" } });
      const later = await api("POST", `/api/admin/photos/${id}/publish`, { at: FUTURE() });
      expect(later.body).toMatchObject({ message: "Scheduled", data: { status: "scheduled" } });
      const off = await api("POST", `/api/admin/photos/${id}/unpublish`);
      expect(off.body.data.status).toBe("draft");
      expect(published).toEqual(["photos.publish a-photo", "photos.publish a-photo", "(schedule)"]);

      expect((await api("DELETE", `/api/admin/photos/${id}`)).body.data).toEqual({ id });
      expect((await api("GET", `/api/admin/photos/${id}`)).status).toBe(404);
      expect((await api("DELETE", `/api/admin/photos/${id}`)).status).toBe(404);
      expect((await api("POST", `/api/admin/photos/${UUID}/publish`, {})).status).toBe(404);
    });

    it("lists file photos read-only, and keeps their slugs", async () => {
      const list = await api("GET", "/api/admin/photos");
      const item = list.body.data.items.find((p: Listed) => p.slug === "lake-morning");
      expect(item).toEqual({
        id: "file:photo:lake-morning",
        slug: "lake-morning",
        title: { "zh-CN": "湖边的早晨", "en-US": "Morning by the lake" },
        caption: { "zh-CN": "雾还没散。", "en-US": "The mist had not lifted yet." },
        alt: { "zh-CN": "", "en-US": "" },
        image: "./files/lake-morning.jpg",
        album: "travel",
        tags: ["lake", "mist"],
        takenAt: "2025-04-01T06:30",
        place: { "zh-CN": "", "en-US": "" },
        featured: true,
        credit: "",
        status: "published",
        publishedAt: "2025-04-02T00:00:00.000Z",
        createdAt: null,
        updatedAt: null,
        source: "file",
        readOnly: true,
        file: "content/photos/lake-morning.md",
      });
      const got = await api("GET", "/api/admin/photos/file:photo:lake-morning");
      expect(got.body.data).toEqual(item);
      expect((await api("GET", "/api/admin/photos/file:photo:nope")).status).toBe(404);

      for (const [method, path, body] of [
        ["PUT", "/api/admin/photos/file:photo:lake-morning", { featured: false }],
        ["DELETE", "/api/admin/photos/file:photo:lake-morning", undefined],
        ["POST", "/api/admin/photos/file:photo:lake-morning/publish", {}],
        ["POST", "/api/admin/photos/file:photo:night-market/unpublish", undefined],
        ["PUT", "/api/admin/albums/travel", { order: 9 }],
        ["DELETE", "/api/admin/albums/travel", undefined],
      ] as const) {
        const res = await api(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(409);
        expect(res.body.message).toContain("can only be changed there");
      }

      const image = await libraryImage();
      const taken = await api(
        "POST",
        "/api/admin/photos",
        photo(image.src, { slug: "lake-morning" }),
      );
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe(
        "Slug lake-morning is used by content/photos/lake-morning.md",
      );
      expect(issueOf(taken)).toMatchObject({
        field: "slug",
        key: "bmsArticles.problems.slugTaken",
      });
      expect(published).toEqual([]);
    });

    it("filters by status, album, tag, featured and text, rows and files together", async () => {
      const image = await libraryImage();
      await created("albums", album());
      await created(
        "photos",
        photo(image.src, {
          slug: "tower",
          title: { "zh-CN": "电视塔", "en-US": "The tower" },
          caption: { "zh-CN": "傍晚", "en-US": "At dusk" },
          album: "city",
          tags: ["night", "tower"],
          takenAt: "2025-05-02T18:00",
          status: "published",
          publishedAt: PAST,
        }),
      );
      await created("photos", photo(image.src, { slug: "bridge", featured: true }));

      const all = await api("GET", "/api/admin/photos");
      expect(all.body.data).toMatchObject({ total: 4, page: 1, pageSize: 20 });
      // Drafts first, then newest first.
      expect(slugs(all)).toEqual(["bridge", "night-market", "lake-morning", "tower"]);
      const second = await api("GET", "/api/admin/photos?page=2&pageSize=3");
      expect(slugs(second)).toEqual(["tower"]);

      const filtered = (query: string) => api("GET", `/api/admin/photos?${query}`).then(slugs);
      expect(await filtered("status=draft")).toEqual(["bridge", "night-market"]);
      expect(await filtered("album=city")).toEqual(["tower"]);
      expect(await filtered("album=travel")).toEqual(["lake-morning"]);
      expect(await filtered("tag=night")).toEqual(["night-market", "tower"]);
      expect(await filtered("featured=true")).toEqual(["bridge", "lake-morning"]);
      expect(await filtered("featured=0")).toEqual(["night-market", "tower"]);
      expect(await filtered("featured=")).toHaveLength(4);
      expect(await filtered("q=%E7%94%B5%E8%A7%86")).toEqual(["tower"]); // 电视, a Chinese title
      expect(await filtered("q=DUSK")).toEqual(["tower"]); // an English caption
      expect(await filtered("q=mist")).toEqual(["lake-morning"]); // a file's caption and tag
      expect(await filtered("q=bridg")).toEqual(["bridge"]); // the slug
      expect(await filtered("q=tow&tag=tower&album=city&status=published")).toEqual(["tower"]);
      expect(await filtered("q=100%25")).toEqual([]);
      expect(await filtered("album=-none")).toEqual(["bridge"]);
      expect(await filtered("album=-none&status=published")).toEqual([]);

      // Other orders, the same across a page boundary: by the time taken (none last), and by
      // the latest change (files, never changed here, last).
      expect(await filtered("sort=taken")).toEqual([
        "tower",
        "lake-morning",
        "bridge",
        "night-market",
      ]);
      expect(await filtered("sort=taken&page=2&pageSize=3")).toEqual(["night-market"]);
      expect(await filtered("sort=updated")).toEqual([
        "bridge",
        "tower",
        "lake-morning",
        "night-market",
      ]);
      expect(await filtered("sort=published")).toEqual(slugs(all));
      expect(await filtered("sort=")).toEqual(slugs(all));

      for (const query of [
        "featured=maybe",
        "album=Not%20A%20Slug",
        "sort=title",
        "status=gone",
        "pageSize=101",
      ]) {
        expect((await api("GET", `/api/admin/photos?${query}`)).status, query).toBe(400);
      }
    });

    it("shows a file's own image by the thumbnail the site's build serves of it", async () => {
      const photoThumb = await api("GET", "/api/admin/file-images/file:photo:lake-morning");
      expect(photoThumb.status).toBe(200);
      expect(photoThumb.body.data).toEqual({
        src: expect.stringMatching(/^\/photo-files\/[0-9a-f]{12}-64\.webp$/),
        width: 64,
        height: 48,
      });
      // content/banners.json's banner names the same file: the same served picture.
      const bannerThumb = await api("GET", "/api/admin/file-images/file:banner:welcome");
      expect(bannerThumb.body.data).toEqual(photoThumb.body.data);

      // No image file (night-market's is not there), no such item: 404; not a photo or banner: 400.
      for (const id of ["file:photo:night-market", "file:photo:nothing", "file:banner:nothing"]) {
        const res = await api("GET", `/api/admin/file-images/${id}`);
        expect(res.status, id).toBe(404);
        expect(res.body.message).toBe("No such image file");
      }
      for (const id of ["file:article:static-first", UUID, "file:photo:..%2F..%2Fetc"]) {
        expect((await api("GET", `/api/admin/file-images/${id}`)).status, id).toBe(400);
      }
    });

    it("takes only an image of the media library that is still there", async () => {
      const outside = await api("POST", "/api/admin/photos", photo("https://example.com/a.jpg"));
      expect(outside.status).toBe(400);
      expect(outside.body.message).toBe("Invalid image: must be an image of the media library");

      const missing = `/api/media/m-${UUID}-1200.webp`;
      const gone = await api("POST", "/api/admin/photos", photo(missing));
      expect(gone.status).toBe(400);
      expect(issueOf(gone)).toEqual({
        field: "image",
        message: `no image ${UUID} in the media library`,
        key: "bmsPhotos.problems.imageMissing",
      });

      const image = await libraryImage();
      const id = await created("photos", photo(image.src));
      const moved = await api("PUT", `/api/admin/photos/${id}`, { image: missing });
      expect(moved.status).toBe(400);
      expect(issueOf(moved)).toMatchObject({ key: "bmsPhotos.problems.imageMissing" });
      // Another variant of the same image is the same image.
      const other = image.src.replace(/-\d+\.webp$/, "-640.avif");
      const same = await api("PUT", `/api/admin/photos/${id}`, { image: other });
      expect(same.body.data.image).toBe(other);
    });

    it("keeps a photo in an album that exists, in a file or the database", async () => {
      const image = await libraryImage();
      const none = await api("POST", "/api/admin/photos", photo(image.src, { album: "nope" }));
      expect(none.status).toBe(400);
      expect(issueOf(none)).toEqual({
        field: "album",
        message: "no album nope",
        key: "bmsPhotos.problems.albumMissing",
      });
      await created("albums", album());
      const id = await created("photos", photo(image.src, { album: "city" }));
      expect((await api("PUT", `/api/admin/photos/${id}`, { album: "travel" })).status).toBe(200);
      const away = await api("PUT", `/api/admin/photos/${id}`, { album: "nope" });
      expect(away.status).toBe(400);
      expect(issueOf(away)).toMatchObject({ field: "album" });
    });

    it("creates, lists, updates and deletes an album, and keeps one in use", async () => {
      expect(await created("albums", album({ order: 1 }))).toBe("city");
      expect(published).toEqual(["albums.create city"]);
      const list = await api("GET", "/api/admin/albums");
      expect(slugs(list)).toEqual(["city", "travel"]);
      expect(list.body.data.items[0]).toEqual({
        slug: "city",
        name: { "zh-CN": "城市", "en-US": "City" },
        description: { "zh-CN": "", "en-US": "" },
        order: 1,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        source: "database",
        readOnly: false,
        file: null,
      });
      expect(list.body.data.items[1]).toMatchObject({
        description: { "en-US": "Photos from the road." },
        order: 2,
        source: "file",
        readOnly: true,
        file: "content/albums.json",
        createdAt: null,
      });

      const put = await api("PUT", "/api/admin/albums/city", {
        description: { "zh-CN": "街上", "en-US": "In the streets" },
        order: 5,
      });
      expect(put.body.data).toMatchObject({
        name: { "en-US": "City" },
        description: { "en-US": "In the streets" },
        order: 5,
      });
      expect(slugs(await api("GET", "/api/admin/albums"))).toEqual(["travel", "city"]);
      expect((await api("PUT", "/api/admin/albums/city", {})).status).toBe(400);
      expect((await api("PUT", "/api/admin/albums/city", { slug: "x" })).status).toBe(400);
      expect((await api("PUT", "/api/admin/albums/nope", { order: 1 })).status).toBe(404);

      const again = await api("POST", "/api/admin/albums", album());
      expect(again.status).toBe(409);
      expect(issueOf(again)).toMatchObject({ key: "bmsAlbums.problems.slugTaken" });
      const file = await api("POST", "/api/admin/albums", album({ slug: "travel" }));
      expect(file.status).toBe(409);
      expect(file.body.message).toBe("Album travel is defined in content/albums.json");

      const image = await libraryImage();
      const id = await created("photos", photo(image.src, { album: "city" }));
      const inUse = await api("DELETE", "/api/admin/albums/city");
      expect(inUse.status).toBe(409);
      expect(inUse.body.message).toBe("Album city is used by the photo a-photo");
      expect(issueOf(inUse)).toMatchObject({
        key: "bmsAlbums.inUsePhoto",
        values: { slug: "city", photo: "a-photo" },
      });
      await api("PUT", `/api/admin/photos/${id}`, { album: null });
      expect((await api("DELETE", "/api/admin/albums/city")).body.data).toEqual({ slug: "city" });
      expect(published.at(-1)).toBe("albums.delete city");
      expect((await api("DELETE", "/api/admin/albums/city")).status).toBe(404);

      // A file's photo keeps the album it names too.
      await created("albums", album({ slug: "street" }));
      const byFile = await api("DELETE", "/api/admin/albums/street");
      expect(byFile.status).toBe(409);
      expect(issueOf(byFile)).toMatchObject({
        key: "bmsAlbums.inUseFile",
        values: { slug: "street", file: "content/photos/night-market.md" },
      });
    });

    it("gives one slug to one of two photos created at once", async () => {
      const image = await libraryImage();
      const answers = await Promise.all(
        [1, 2].map(() => api("POST", "/api/admin/photos", photo(image.src, { slug: "race" }))),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
      const lost = answers.find((res) => res.status === 409);
      expect(lost?.body.message).toBe("Slug race is used by another photo");
      expect(slugs(await api("GET", "/api/admin/photos?q=race"))).toEqual(["race"]);
    });

    it("brings a scheduled photo live at its time", async () => {
      const image = await libraryImage();
      const at = FUTURE();
      await created("photos", photo(image.src, { status: "scheduled", publishedAt: at }));
      const now = new Date();
      expect((await nextScheduledAt(db(), now))?.toISOString()).toBe(at);
      let calls = 0;
      const hook = async () => {
        calls += 1;
      };
      expect(await publishDueItems(db(), hook, now)).toBe(0);
      expect(await publishDueItems(db(), hook, new Date(Date.parse(at) + 1000))).toBe(1);
      expect(calls).toBe(1);
    });

    it("counts a photo as a use of its library image: the image cannot be deleted", async () => {
      const image = await libraryImage();
      const other = await libraryImage();
      const id = await created("photos", photo(image.src));
      const refused = await api("DELETE", `/api/admin/media/${image.id}`);
      expect(refused.status).toBe(409);
      expect(issueOf(refused)).toMatchObject({ key: "media.problems.inUse" });
      const unused = await api("GET", "/api/admin/media?unused=1");
      const ids = unused.body.data.items.map((item: { id: string }) => item.id);
      expect(ids).toContain(other.id);
      expect(ids).not.toContain(image.id);
      expect((await api("GET", `/api/admin/media/${image.id}`)).body.data.usedBy).toEqual([
        { kind: "photo", id, title: "A photo" },
      ]);
      await api("DELETE", `/api/admin/photos/${id}`);
      expect((await api("DELETE", `/api/admin/media/${image.id}`)).status).toBe(200);
    });

    it("names a photo tag in each language, and builds only when a photo on the site has it", async () => {
      const image = await libraryImage();
      await created("photos", photo(image.src, { tags: ["autumn", "lake"] }));
      const list = await api("GET", "/api/admin/photo-tags");
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBe(4);
      expect(list.body.data.items).toEqual([
        { tag: "autumn", photos: 1, name: null, file: null, updatedAt: null },
        { tag: "lake", photos: 2, name: null, file: null, updatedAt: null },
        {
          tag: "mist",
          photos: 1,
          name: { "zh-CN": "雾", "en-US": "Mist" },
          file: "content/photo-tags.json",
          updatedAt: null,
        },
        { tag: "night", photos: 1, name: null, file: null, updatedAt: null },
      ]);

      // `lake` is on a published file photo: the site shows the name, so it builds.
      const lake = { name: { "zh-CN": "湖", "en-US": "Lake" } };
      const saved = await api("PUT", "/api/admin/photo-tags/lake", lake);
      expect(saved.status).toBe(200);
      expect(saved.body.data).toEqual({ tag: "lake", ...lake });
      expect(published).toEqual(["photo-tags.update lake"]);
      // Renaming it keeps one row.
      const renamed = { name: { "zh-CN": "湖泊", "en-US": "Lakes" } };
      expect((await api("PUT", "/api/admin/photo-tags/lake", renamed)).status).toBe(200);
      const after = await api("GET", "/api/admin/photo-tags");
      const lakeRow = after.body.data.items.find((row: { tag: string }) => row.tag === "lake");
      expect(lakeRow).toMatchObject({ name: renamed.name, updatedAt: expect.any(String) });
      expect(await takeSnapshot(db())).toMatchObject({ photoTags: [{ tag: "lake", ...renamed }] });

      // `autumn` is only on a draft, `night` only on a draft file: nothing public changes.
      published.length = 0;
      const autumn = { name: { "zh-CN": "秋天", "en-US": "Autumn" } };
      expect((await api("PUT", "/api/admin/photo-tags/autumn", autumn)).status).toBe(200);
      expect((await api("PUT", "/api/admin/photo-tags/night", autumn)).status).toBe(200);
      expect(published).toEqual([]);
      // A Chinese tag is a tag as any other.
      expect(
        (await api("PUT", `/api/admin/photo-tags/${encodeURIComponent("湖")}`, lake)).status,
      ).toBe(200);

      // A name kept in content/photo-tags.json is read-only here.
      const file = await api("PUT", "/api/admin/photo-tags/mist", lake);
      expect(file.status).toBe(409);
      expect(file.body.message).toContain("content/photo-tags.json");

      // Forgetting a name shows the tag as written again.
      expect((await api("DELETE", "/api/admin/photo-tags/lake")).status).toBe(200);
      expect(published).toEqual(["photo-tags.delete lake"]);
      expect((await api("DELETE", "/api/admin/photo-tags/lake")).status).toBe(404);
    });

    it("refuses a tag name that is not one, or a tag that cannot be a path", async () => {
      const name = { "zh-CN": "湖", "en-US": "Lake" };
      for (const [path, body] of [
        ["lake", {}],
        ["lake", { name: { "zh-CN": "", "en-US": "Lake" } }],
        ["lake", { name: { "zh-CN": "湖", "en-US": "L".repeat(31) } }],
        ["lake", { name, extra: 1 }],
        ["lake", { name: "lake" }],
        [encodeURIComponent("a%b"), { name }],
        [encodeURIComponent("a?b"), { name }],
        ["..", { name }],
        ["t".repeat(31), { name }],
      ] as const) {
        const res = await api("PUT", `/api/admin/photo-tags/${path}`, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
      expect(
        (await api("GET", "/api/admin/photo-tags")).body.data.items.every(
          (row: { name: unknown; file: string | null }) => row.name === null || row.file !== null,
        ),
      ).toBe(true);
    });
  },
);
