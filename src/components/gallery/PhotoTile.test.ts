import { describe, expect, it } from "vitest";
import { attributes, langSpans, renderBody } from "../../../tests/support/render-component.ts";
import type { GalleryAlbum, GalleryPhoto } from "../../lib/photos.ts";
import { photographedPicture, samplePicture } from "../../shared/kinds/media.test-support.ts";
import Picture from "../Picture.astro";
import AlbumCard from "./AlbumCard.astro";
import PhotoFacts from "./PhotoFacts.astro";
import PhotoTile from "./PhotoTile.astro";

const picture = photographedPicture();
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

describe("a photo's tile", () => {
  it("is a frame of the photo's ratio and colour, with AVIF and WebP sources and the lightbox's size", async () => {
    const { body } = await renderBody(PhotoTile, { photo });
    const tile = body.querySelector("li.tile");
    expect(tile?.getAttribute("style")).toBe("--r:1.5000;--c:#336699");
    const link = tile?.querySelector("a");
    expect(
      attributes(link, "href", "data-pswp-src", "data-pswp-width", "data-pswp-height"),
    ).toEqual([
      "/image-library/photo/lake-morning/",
      "/photo-files/0123456789ab-2400.webp",
      "2400",
      "1600",
    ]);
    const sources = [...(tile?.querySelectorAll("source") ?? [])];
    expect(sources.map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]?.getAttribute("sizes")).toBe(
      "(max-width: 24rem) 75vw, (max-width: 48rem) 42vw, 315px",
    );
    // None fetched before the page's words: every tile lazy, none with a priority.
    const img = tile?.querySelector("img");
    expect(attributes(img, "width", "height", "loading", "decoding", "fetchpriority")).toEqual([
      "2400",
      "1600",
      "lazy",
      "async",
      null,
    ]);
  });

  it("names the link by the alt text in both languages, one shown at a time, never in the img's alt", async () => {
    const { html, body } = await renderBody(PhotoTile, { photo });
    expect(body.querySelector("img")?.getAttribute("alt")).toBe("");
    // The Chinese alt is empty: the Chinese title stands in; everything is escaped.
    expect(langSpans(body.querySelector("a > .visually-hidden"))).toEqual([
      "湖边<的>早晨",
      'A "lake"',
    ]);
    expect(html).not.toContain("<的>");
  });

  it("carries the lightbox's panel: title, camera facts and a link to the photo's page", async () => {
    const { body } = await renderBody(PhotoTile, { photo });
    const panel = body.querySelector("template")?.content;
    expect(langSpans(panel?.querySelector(".pswp-info-title"))).toEqual([
      "湖边<的>早晨",
      "Morning & lake",
    ]);
    expect(panel?.querySelector(".pswp-info-caption")).toBeNull();
    expect(panel?.querySelector(".photo-facts")).not.toBeNull();
    expect(panel?.querySelector(".pswp-info-link a")?.getAttribute("href")).toBe(
      "/image-library/photo/lake-morning/",
    );
  });
});

describe("a picture", () => {
  it("decodes the page's largest image in the frame that shows it, every other apart", async () => {
    const img = async (props: Record<string, unknown>) =>
      (await renderBody(Picture, { picture, sizes: "100vw", ...props })).body.querySelector("img");
    const names = ["fetchpriority", "decoding", "loading"];
    expect(attributes(await img({ lazy: false, priority: "high" }), ...names)).toEqual([
      "high",
      null,
      null,
    ]);
    expect(attributes(await img({ lazy: true }), ...names)).toEqual([null, "async", "lazy"]);
    expect(attributes(await img({ lazy: true, priority: "low" }), ...names)).toEqual([
      "low",
      "async",
      "lazy",
    ]);
    expect((await img({ lazy: true }))?.getAttribute("src")).toBe(
      "/photo-files/0123456789ab-800.webp",
    );
  });
});

describe("the camera facts", () => {
  it("are printed with their units, escaped, and not at all when there are none", async () => {
    const { html, body } = await renderBody(PhotoFacts, { exif: picture.exif });
    const rows = [...body.querySelectorAll(".photo-facts > div")];
    const byLabel = (label: string) =>
      rows
        .find((row) => row.querySelector("dt [lang=en-US]")?.textContent === label)
        ?.querySelector("dd");
    expect(byLabel("Camera")?.textContent).toBe("Canon <EOS>");
    expect(html).not.toContain("<EOS>");
    expect(byLabel("Aperture")?.innerHTML).toBe("f/2.8");
    expect(langSpans(byLabel("Focal length"))).toEqual(["50 毫米", "50 mm"]);
    expect(byLabel("ISO")?.innerHTML).toBe("200");
    const none = samplePicture().exif;
    expect((await renderBody(PhotoFacts, { exif: none })).html.trim()).toBe("");
  });
});

describe("an album's card", () => {
  it("shows its cover, name and number of photos in words", async () => {
    const album = (count: number): GalleryAlbum => ({
      slug: "lakes",
      name: { "zh-CN": "湖", "en-US": "" },
      description: { "zh-CN": "", "en-US": "" },
      order: 0,
      cover: photo,
      photos: Array.from({ length: count }, () => photo),
    });
    const { body } = await renderBody(AlbumCard, { album: album(1) });
    expect(body.querySelector("a.album-card")?.getAttribute("href")).toBe(
      "/image-library/album/lakes/",
    );
    expect(langSpans(body.querySelector(".album-name"))).toEqual(["湖", "湖"]);
    expect(langSpans(body.querySelector(".album-count"))?.[1]).toBe("1 photo");
    const seven = (await renderBody(AlbumCard, { album: album(7) })).body;
    expect(langSpans(seven.querySelector(".album-count"))?.[0]).toBe("7 张照片");
  });
});
