import type { MediaRecord } from "./media.ts";
import type { Picture } from "./photo.ts";

// Sample images for tests: a picture's facts (what a page needs of any photo's image) and a
// library image's record as the API answers it, each with the values a test cares about given.

/** A picture's facts: 1200 × 800 on a blue, no camera facts, no served files. */
export const samplePicture = (values: Partial<Picture> = {}): Picture => ({
  width: 1200,
  height: 800,
  color: "#336699",
  placeholder: "",
  exif: {
    camera: null,
    lens: null,
    focalLength: null,
    aperture: null,
    shutter: null,
    iso: null,
    takenAt: null,
  },
  variants: [],
  ...values,
});

/** A photo as a camera wrote it (3:2, a Canon's facts) in AVIF and WebP, 400 to 2400 wide. */
export const photographedPicture = (): Picture =>
  samplePicture({
    width: 2400,
    height: 1600,
    exif: {
      camera: "Canon <EOS>",
      lens: null,
      focalLength: 50,
      aperture: 2.8,
      shutter: "1/250",
      iso: 200,
      takenAt: "2019-06-02T07:15:00",
    },
    variants: [400, 800, 1200, 2400].flatMap((width) =>
      (["avif", "webp"] as const).map((format) => ({
        format,
        width,
        height: Math.round((width * 2) / 3),
        bytes: 1000,
        src: `/photo-files/0123456789ab-${width}.${format}`,
      })),
    ),
  });

/** A library image ("lake.jpg", unused, no words) with `values` over it. */
export const sampleMedia = (values: Partial<MediaRecord> = {}): MediaRecord => ({
  id: "0b6c1f2e-8a3d-4c5b-9e7f-1a2b3c4d5e6f",
  name: "lake.jpg",
  type: "image/jpeg",
  bytes: 2_400_000,
  ...samplePicture(),
  src: "",
  alt: { "zh-CN": "", "en-US": "" },
  caption: { "zh-CN": "", "en-US": "" },
  tags: [],
  usedBy: [],
  createdAt: "2026-11-01T01:00:00.000Z",
  updatedAt: "2026-11-01T01:00:00.000Z",
  ...values,
});
