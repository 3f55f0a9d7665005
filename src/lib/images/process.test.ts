import { crc32 } from "node:zlib";
import exifr from "exifr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MEDIA_LIMITS } from "../../shared/kinds/media.ts";
import { MediaRefusal, processImage, variantWidths } from "./process.ts";
import { sniffImage } from "./sniff.ts";

/** A photo as a camera writes it: EXIF with a place, a comment and a rotation. */
async function cameraJpeg(width: number, height: number, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#3a6ea5" } })
    .composite([
      {
        input: {
          create: { width: width >> 1, height: height >> 1, channels: 3, background: "#e0b040" },
        },
        left: 0,
        top: 0,
      },
    ])
    .jpeg()
    .withExif({
      IFD0: {
        Make: "Fujifilm",
        Model: "X-T5",
        ImageDescription: "<script>alert(1)</script>",
      },
      IFD2: {
        FNumber: "28/10",
        ExposureTime: "1/250",
        ISOSpeedRatings: "400",
        FocalLength: "35/1",
        LensModel: "XF35mmF1.4 R",
        DateTimeOriginal: "2025:10:03 16:20:05",
      },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 51/1 29/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "2/1 17/1 40/1",
      },
    })
    .withMetadata({ orientation })
    .toBuffer();
}

const refusal = async (bytes: Uint8Array) => {
  try {
    await processImage(bytes);
  } catch (error) {
    if (error instanceof MediaRefusal) return error.reason;
    throw error;
  }
  throw new Error("the upload was taken");
};

describe("sniffImage", () => {
  it("names each type we take by its bytes and refuses the rest", async () => {
    const pixel = sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } });
    expect(sniffImage(await pixel.clone().jpeg().toBuffer())).toBe("image/jpeg");
    expect(sniffImage(await pixel.clone().png().toBuffer())).toBe("image/png");
    expect(sniffImage(await pixel.clone().webp().toBuffer())).toBe("image/webp");
    expect(sniffImage(await pixel.clone().avif().toBuffer())).toBe("image/avif");
    expect(sniffImage(await pixel.clone().gif().toBuffer())).toBe("image/gif");
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expect(sniffImage(svg)).toBeNull();
    expect(sniffImage(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});

describe("variantWidths", () => {
  it("never enlarges and stops at the largest served width", () => {
    expect(variantWidths(300)).toEqual([300]);
    expect(variantWidths(1000)).toEqual([400, 800, 1000]);
    expect(variantWidths(1200)).toEqual([400, 800, 1200]);
    expect(variantWidths(6000)).toEqual([400, 800, 1200, 1600, 2400]);
  });
});

describe("processImage", () => {
  it("makes every variant in AVIF and WebP, with no metadata left in any", async () => {
    const original = await cameraJpeg(1000, 600);
    expect((await exifr.gps(original))?.latitude).toBeCloseTo(48.858, 2);
    const image = await processImage(original);
    expect(image.type).toBe("image/jpeg");
    expect([image.width, image.height]).toEqual([1000, 600]);
    expect(image.variants.map((v) => `${v.format}:${v.width}x${v.height}`).sort()).toEqual(
      [
        "avif:1000x600",
        "avif:400x240",
        "avif:800x480",
        "webp:1000x600",
        "webp:400x240",
        "webp:800x480",
      ].sort(),
    );
    for (const variant of image.variants) {
      expect(sniffImage(variant.bytes)).toBe(`image/${variant.format}`);
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.exif, `${variant.format} ${variant.width}`).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(await exifr.parse(variant.bytes, true).catch(() => undefined)).toBeUndefined();
    }
  });

  it("reads the camera facts, never the place or the comment", async () => {
    const image = await processImage(await cameraJpeg(64, 48));
    expect(image.exif).toEqual({
      camera: "Fujifilm X-T5",
      lens: "XF35mmF1.4 R",
      focalLength: 35,
      aperture: 2.8,
      shutter: "1/250",
      iso: 400,
      takenAt: "2025-10-03T16:20:05",
    });
    expect(JSON.stringify(image)).not.toContain("script");
    expect(JSON.stringify(image)).not.toMatch(/GPS|latitude/i);
  });

  it("applies the orientation the camera recorded", async () => {
    // Orientation 6: the sensor's 400×300 is shown turned a quarter, 300×400.
    const image = await processImage(await cameraJpeg(400, 300, 6));
    expect([image.width, image.height]).toEqual([300, 400]);
    expect(image.variants.find((v) => v.format === "webp")).toMatchObject({
      width: 300,
      height: 400,
    });
  });

  it("gives a ThumbHash and the dominant colour", async () => {
    const image = await processImage(await cameraJpeg(200, 100));
    expect(Buffer.from(image.placeholder, "base64").length).toBeGreaterThan(5);
    expect(image.color).toMatch(/^#[0-9a-f]{6}$/);
    // Three quarters of the picture are the blue.
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(image.color.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(r ?? 0);
    expect(g).toBeLessThan(b ?? 0);
  });

  it("refuses empty, oversized, foreign and corrupt files with their reason", async () => {
    expect(await refusal(new Uint8Array())).toBe("empty");
    const big = new Uint8Array(MEDIA_LIMITS.bytes + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(await refusal(big)).toBe("tooLarge");
    expect(await refusal(new TextEncoder().encode("<svg onload=alert(1)></svg>"))).toBe("type");
    const jpeg = await cameraJpeg(64, 48);
    expect(await refusal(jpeg.subarray(0, 200))).toBe("corrupt");
    const garbage = new Uint8Array(4096).fill(7);
    garbage.set([0xff, 0xd8, 0xff]);
    expect(await refusal(garbage)).toBe("corrupt");
  });

  it("refuses a decompression bomb from its header, before decoding it", async () => {
    // A PNG whose header says 30000×30000: 900 megapixels, 3.6 GB once decoded.
    const bomb = await sharp({
      create: { width: 1, height: 1, channels: 3, background: "#000" },
    })
      .png()
      .toBuffer();
    // IHDR: length (4), "IHDR" (4), width (4), height (4), 5 more bytes, then its CRC.
    bomb.writeUInt32BE(30000, 16);
    bomb.writeUInt32BE(30000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(30000);
    expect(await refusal(bomb)).toBe("pixels");
  });
});
