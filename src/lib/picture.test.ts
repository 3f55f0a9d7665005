import { describe, expect, it } from "vitest";
import { photographedPicture, samplePicture } from "../shared/kinds/media.test-support.ts";

import * as html from "./picture.ts";

const picture = photographedPicture();

describe("what the gallery computes about a photo", () => {
  it("states a tile's usual width, so a phone fetches the file as wide as it shows the photo", () => {
    // 3:2: half the screen up to 24rem (two a row), 28% up to 48rem, 210 px a unit of ratio on
    // (at 412 px and 1.75x: 303 device pixels, the 400-pixel file where 800 was fetched before).
    expect(html.tileSizes(picture)).toBe("(max-width: 24rem) 75vw, (max-width: 48rem) 42vw, 315px");
    // A panorama never claims more than the screen.
    expect(html.tileSizes({ ...picture, width: 6000, height: 1000 })).toBe(
      "(max-width: 24rem) 92vw, (max-width: 48rem) 92vw, 1260px",
    );
  });

  it("prints a colour only when it is one", () => {
    expect(html.frameStyle(picture)).toBe("--r:1.5000;--c:#336699");
    expect(html.frameStyle({ ...picture, color: "red;background:url(x)" })).toBe("--r:1.5000");
  });

  it("lists AVIF before WebP, narrowest first", () => {
    expect(html.pictureSources(picture).map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(html.pictureSources(picture)[0]?.srcset).toMatch(
      /-400\.avif 400w, .*-2400\.avif 2400w$/,
    );
  });

  it("writes the camera facts with their units, and none when there are none", () => {
    const rows = html.factRows(picture.exif);
    expect(rows).toHaveLength(5);
    const value = (label: string) => rows.find((r) => r.label["en-US"] === label)?.value;
    expect(value("Camera")).toEqual({ "zh-CN": "Canon <EOS>", "en-US": "Canon <EOS>" });
    expect(value("Aperture")?.["en-US"]).toBe("f/2.8");
    expect(value("Focal length")).toEqual({ "zh-CN": "50 毫米", "en-US": "50 mm" });
    expect(value("Shutter speed")).toEqual({ "zh-CN": "1/250 秒", "en-US": "1/250 s" });
    const none = samplePicture().exif;
    expect(html.factRows(none)).toEqual([]);
  });

  it("shows when it was taken as the camera wrote it, in both languages", () => {
    expect(html.formatTaken("2019-06-02T07:15:00", "en-US")).toBe("June 2, 2019 at 7:15 AM");
    expect(html.formatTaken("2019-06-02T07:15:00", "zh-CN")).toMatch(/^2019年6月2日 07:15$/);
  });

  it("picks the WebP for sharing and the fallback image by width", () => {
    expect(html.webpAtLeast(picture, 1200)?.src).toBe("/photo-files/0123456789ab-1200.webp");
    expect(html.webpAtLeast(picture, 5000)?.width).toBe(2400);
  });

  it("encodes a tag in its path", () => {
    expect(html.galleryPaths.tag("street food")).toBe("/image-library/tag/street%20food/");
  });
});
