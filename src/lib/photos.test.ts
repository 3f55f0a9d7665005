import { resolve } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { samplePicture } from "../shared/kinds/media.test-support.ts";

vi.mock("astro:content", () => ({ getCollection: async () => [] }));
const { byFeaturedThenNewest, galleryOf, imageFileOf, neighboursIn, yearOf } = await import(
  "./photos.ts"
);
type GalleryPhoto = import("./photos.ts").GalleryPhoto;

const picture = samplePicture();
const both = (text: string) => ({ "zh-CN": text, "en-US": text });

function photo(slug: string, publishedAt: string, more: Partial<GalleryPhoto> = {}): GalleryPhoto {
  const date = new Date(publishedAt);
  return {
    slug,
    title: both(slug),
    caption: both(""),
    alt: both(""),
    place: both(""),
    credit: "",
    tags: [],
    album: null,
    featured: false,
    takenAt: null,
    publishedAt: date,
    year: yearOf(more.takenAt ?? null, date),
    picture,
    ...more,
  };
}

const albums = [
  { slug: "streets", name: both("Streets"), description: both(""), order: 1 },
  { slug: "nature", name: both("Nature"), description: both(""), order: 0 },
  { slug: "empty", name: both("Empty"), description: both(""), order: 2 },
];

describe("the gallery", () => {
  const a = photo("a", "2026-10-01T09:00:00+08:00", { album: "nature", tags: ["lake", "morning"] });
  const b = photo("b", "2026-10-05T09:00:00+08:00", { album: "streets", tags: ["city"] });
  const c = photo("c", "2026-10-03T09:00:00+08:00", {
    album: "nature",
    featured: true,
    tags: ["lake"],
    takenAt: "2019-06-02T07:15:00",
    year: "2019",
  });
  const d = photo("d", "2026-10-04T09:00:00+08:00", { album: "gone" });
  const gallery = galleryOf([a, b, c, d], albums);

  it("puts featured photos first, then the newest; the home page's list is newest first", () => {
    expect(gallery.photos.map((p) => p.slug)).toEqual(["c", "b", "d", "a"]);
    expect(gallery.newest.map((p) => p.slug)).toEqual(["b", "d", "c", "a"]);
    // Photos published at the same time keep one order, by slug, in every build.
    const same = [photo("y", "2026-10-01T00:00:00Z"), photo("x", "2026-10-01T00:00:00Z")];
    expect(same.sort(byFeaturedThenNewest).map((p) => p.slug)).toEqual(["x", "y"]);
  });

  it("lists albums in their order with their photos, covered by a featured one, and leaves empty ones out", () => {
    expect(gallery.albums.map((album) => [album.slug, album.photos.map((p) => p.slug)])).toEqual([
      ["nature", ["c", "a"]],
      ["streets", ["b"]],
    ]);
    expect(gallery.albums[0]?.cover.slug).toBe("c");
    expect(gallery.albums[1]?.cover.slug).toBe("b");
  });

  it("groups photos by tag (sorted) and by year (newest first)", () => {
    expect(gallery.tags.map((t) => [t.key, t.photos.map((p) => p.slug)])).toEqual([
      ["city", ["b"]],
      ["lake", ["c", "a"]],
      ["morning", ["a"]],
    ]);
    expect(gallery.years.map((y) => [y.key, y.photos.map((p) => p.slug)])).toEqual([
      ["2026", ["b", "d", "a"]],
      ["2019", ["c"]],
    ]);
  });

  it("names a tag in each language where it has names, else as written", () => {
    const lake = { "zh-CN": "湖", "en-US": "Lake" };
    const named = galleryOf([a, b, c], albums, [], new Map([["lake", lake]]));
    expect(named.tags.map((t) => [t.key, t.name])).toEqual([
      ["city", { "zh-CN": "city", "en-US": "city" }],
      ["lake", lake],
      ["morning", { "zh-CN": "morning", "en-US": "morning" }],
    ]);
    expect(named.tagName("lake")).toEqual(lake);
    expect(named.tagName("unknown")).toEqual({ "zh-CN": "unknown", "en-US": "unknown" });
  });

  it("files a photo under the year it was taken, else the year it was published in the blog's zone", () => {
    expect(yearOf("2019-06-02T07:15:00", new Date("2026-10-01T00:00:00Z"))).toBe("2019");
    // 31 December 20:00 in UTC is already 1 January in Shanghai.
    expect(yearOf(null, new Date("2025-12-31T20:00:00Z"))).toBe("2026");
    expect(yearOf(null, new Date("2025-12-31T10:00:00Z"))).toBe("2025");
  });

  it("gives each photo its neighbours in the gallery's order", () => {
    expect(neighboursIn(gallery.photos, "c")).toEqual({ previous: undefined, next: b });
    expect(neighboursIn(gallery.photos, "d")).toEqual({ previous: b, next: a });
    expect(neighboursIn(gallery.photos, "a").next).toBeUndefined();
    expect(neighboursIn(gallery.photos, "nope")).toEqual({ previous: undefined, next: undefined });
  });
});

describe("a photo file's image", () => {
  it("is the file its frontmatter names beside it, or the one Astro's image() found", () => {
    expect(imageFileOf("./files/a.jpg", "content/photos/a.md")).toBe(
      resolve("content/photos/files/a.jpg"),
    );
    const metadata = { src: "/_astro/a.jpg", width: 1, height: 1, format: "jpg" };
    Object.defineProperty(metadata, "fsPath", { value: "/site/content/photos/files/a.jpg" });
    expect(imageFileOf(metadata, "content/photos/a.md")).toBe("/site/content/photos/files/a.jpg");
  });

  it("is none for a library image (a row's) or a file without a path", () => {
    expect(
      imageFileOf("/api/media/m-00000000-0000-4000-8000-000000000001-800.webp", undefined),
    ).toBe(null);
    expect(imageFileOf("https://example.com/a.jpg", "content/photos/a.md")).toBe(null);
    expect(imageFileOf("./files/a.jpg", undefined)).toBe(null);
  });
});
