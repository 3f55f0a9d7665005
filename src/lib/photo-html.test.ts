import { describe, expect, it, vi } from "vitest";
import type { Picture } from "../shared/kinds/photo.ts";

vi.mock("astro:content", () => ({ getCollection: async () => [] }));
const html = await import("./photo-html.ts");
type GalleryPhoto = import("./photos.ts").GalleryPhoto;

const variant = (format: "avif" | "webp", width: number) => ({
  format,
  width,
  height: Math.round((width * 2) / 3),
  bytes: 1000,
  src: `/photo-files/0123456789ab-${width}.${format}`,
});
const picture: Picture = {
  width: 2400,
  height: 1600,
  color: "#336699",
  placeholder: "",
  exif: {
    camera: "Canon <EOS>",
    lens: null,
    focalLength: 50,
    aperture: 2.8,
    shutter: "1/250",
    iso: 200,
    takenAt: "2019-06-02T07:15:00",
  },
  variants: [400, 800, 1200, 2400].flatMap((w) => [variant("avif", w), variant("webp", w)]),
};
const photo: GalleryPhoto = {
  slug: "lake-morning",
  title: { "zh-CN": "湖边<的>早晨", "en-US": "Morning & lake" },
  caption: { "zh-CN": "", "en-US": "" },
  alt: { "zh-CN": "", "en-US": 'A "lake"' },
  place: { "zh-CN": "", "en-US": "" },
  credit: "",
  tags: ["lake"],
  album: null,
  featured: false,
  takenAt: "2019-06-02T07:15:00",
  publishedAt: new Date("2026-10-01T01:00:00Z"),
  year: "2019",
  picture,
};

describe("the gallery's markup", () => {
  it("makes a tile: a frame of the photo's ratio and colour, AVIF and WebP sources, the lightbox's size", () => {
    const tile = html.tileHtml(photo);
    expect(tile).toContain('style="--r:1.5000;--c:#336699"');
    expect(tile).toContain('href="/image-library/photo/lake-morning/"');
    expect(tile).toMatch(
      /<source type="image\/avif" srcset="[^"]*-400\.avif 400w, [^"]*-2400\.avif 2400w"/,
    );
    expect(tile).toContain('data-pswp-width="2400" data-pswp-height="1600"');
    expect(tile).toContain('data-pswp-src="/photo-files/0123456789ab-2400.webp"');
    expect(tile).toContain('loading="lazy"');
    expect(tile).toContain('decoding="async"');
    expect(tile).toContain('width="2400" height="1600"');
    // Made once per photo; none fetched before the page's words (every tile lazy).
    expect(html.tileHtml(photo)).toBe(tile);
    expect(tile).not.toContain("fetchpriority");
    expect(html.tilesHtml([photo, photo]).match(/loading="lazy"/g)).toHaveLength(2);
  });

  it("decodes the page's largest image in the frame that shows it, every other apart", () => {
    const first = html.pictureHtml(picture, { sizes: "100vw", lazy: false, priority: "high" });
    expect(first).toContain('fetchpriority="high"');
    expect(first).not.toContain("decoding=");
    expect(first).not.toContain("loading=");
    const other = html.pictureHtml(picture, { sizes: "100vw", lazy: true });
    expect(other).toContain('decoding="async"');
    expect(other).toContain('loading="lazy"');
    expect(other).not.toContain("fetchpriority");
    const hidden = html.pictureHtml(picture, { sizes: "100vw", lazy: true, priority: "low" });
    expect(hidden).toContain('fetchpriority="low" decoding="async"');
  });

  it("states a tile's usual width, so a phone fetches the file as wide as it shows the photo", () => {
    // 3:2: half the screen up to 24rem (two a row), 28% up to 48rem, 210 px a unit of ratio on
    // (at 412 px and 1.75x: 303 device pixels, the 400-pixel file where 800 was fetched before).
    expect(html.tileHtml(photo)).toContain(
      'sizes="(max-width: 24rem) 75vw, (max-width: 48rem) 42vw, 315px"',
    );
    // A panorama never claims more than the screen.
    const wide = { ...photo, slug: "pano", picture: { ...picture, width: 6000, height: 1000 } };
    expect(html.tileHtml(wide)).toContain(
      'sizes="(max-width: 24rem) 92vw, (max-width: 48rem) 92vw, 1260px"',
    );
  });

  it("names the link by the alt text in both languages, one shown at a time, never in the img's alt", () => {
    const tile = html.tileHtml(photo);
    expect(tile).toContain('alt=""');
    // The Chinese alt is empty: the Chinese title stands in; everything is escaped.
    expect(tile).toContain(
      '<span class="visually-hidden"><span data-lang="zh-CN" lang="zh-CN">湖边&lt;的&gt;早晨</span><span data-lang="en-US" lang="en-US">A &quot;lake&quot;</span></span>',
    );
    expect(tile).not.toContain("<的>");
  });

  it("prints a colour only when it is one", () => {
    expect(html.frameStyle({ ...picture, color: "red;background:url(x)" })).toBe("--r:1.5000");
  });

  it("writes the camera facts with their units, escaped, and nothing when there are none", () => {
    const facts = html.factsHtml(picture.exif);
    expect(facts).toContain("Canon &lt;EOS&gt;");
    expect(facts).toContain("f/2.8");
    expect(facts).toContain(">50 mm<");
    expect(facts).toContain(">50 毫米<");
    expect(facts).toContain(">1/250 s<");
    expect(facts).toContain(">1/250 秒<");
    expect(facts).toContain("<dd>200</dd>");
    expect(html.factRows(picture.exif)).toHaveLength(5);
    const none = {
      ...picture.exif,
      camera: null,
      focalLength: null,
      aperture: null,
      shutter: null,
      iso: null,
    };
    expect(html.factsHtml(none)).toBe("");
  });

  it("shows when it was taken as the camera wrote it, in both languages", () => {
    expect(html.formatTaken("2019-06-02T07:15:00", "en-US")).toBe("June 2, 2019 at 7:15 AM");
    expect(html.formatTaken("2019-06-02T07:15:00", "zh-CN")).toMatch(/^2019年6月2日 07:15$/);
    expect(html.takenHtml("2019-06-02T07:15:00")).toContain(
      '<time datetime="2019-06-02T07:15:00">',
    );
  });

  it("picks the WebP for sharing and the fallback image by width", () => {
    expect(html.webpAtLeast(picture, 1200)?.src).toBe("/photo-files/0123456789ab-1200.webp");
    expect(html.webpAtLeast(picture, 5000)?.width).toBe(2400);
  });

  it("counts an album's photos in words", () => {
    expect(html.photoCountHtml(1)).toContain("1 photo<");
    expect(html.photoCountHtml(7)).toContain("7 张照片");
  });

  it("encodes a tag in its path", () => {
    expect(html.galleryPaths.tag("street food")).toBe("/image-library/tag/street%20food/");
  });
});
