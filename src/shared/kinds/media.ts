import { z } from "zod";
import "../zod-browser.ts";
import { CONTENT_LIMITS } from "../content-rules.ts";
import { altSchema, tagsSchema } from "./fields.ts";

/**
 * The media library's one definition: an uploaded image as the API answers it, what the owner
 * may change of it, and its list query. The server's table (`media`), its upload pipeline
 * (`src/server/media/`) and the back office's screens derive from these.
 */

/** The types an upload may be, by what its bytes are. */
export const IMAGE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/avif",
  "image/gif",
] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const MEDIA_LIMITS = {
  /** 25 MB. */
  bytes: 25 * 1024 * 1024,
  /** 50 megapixels: every camera's full frame; larger images are refused from their header. */
  pixels: 50_000_000,
  caption: 500,
  /** The original file's name, as shown (it is never used as a path). */
  name: 200,
  pageSize: 60,
} as const;

/** The camera facts shown beside a photo. Never a place: GPS is not even read. */
export const exifSchema = z.object({
  camera: z.string().nullable(),
  lens: z.string().nullable(),
  /** Millimetres. */
  focalLength: z.number().nullable(),
  /** The f-number. */
  aperture: z.number().nullable(),
  /** Seconds, as the camera wrote it: "1/250", "2". */
  shutter: z.string().nullable(),
  iso: z.number().nullable(),
  /** The camera's local time, `YYYY-MM-DDTHH:mm:ss` (cameras write no zone). */
  takenAt: z.string().nullable(),
});
export type Exif = z.output<typeof exifSchema>;

export const variantSchema = z.object({
  format: z.enum(["avif", "webp"]),
  width: z.number().int(),
  height: z.number().int(),
  /** The file's size. */
  bytes: z.number().int(),
  /** Where it is served. */
  src: z.string(),
});
export type MediaVariant = z.output<typeof variantSchema>;

/** A text in both interface languages (alt text, captions). */
const bilingual = (text: z.ZodString) => z.object({ "zh-CN": text, "en-US": text });

/** What the owner writes about an image: alt text and caption in both languages, tags. */
export const mediaFields = {
  alt: bilingual(altSchema),
  caption: bilingual(z.string().trim().max(MEDIA_LIMITS.caption)),
  tags: tagsSchema,
};

/** `PUT /api/admin/media/:id`: the owner's words about an image (every field optional). */
export const updateMediaSchema = z
  .strictObject(mediaFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, "send at least one field");
export type UpdateMediaInput = z.output<typeof updateMediaSchema>;

/**
 * Where an image is used: an article's cover or body, a note, a book's cover, a photo, a banner,
 * a navigation link's icon, the site settings' author avatar.
 */
export const mediaUseSchema = z.object({
  kind: z.enum(["article", "note", "book", "photo", "banner", "navLink", "settings"]),
  id: z.string(),
  title: z.string(),
});
export type MediaUse = z.output<typeof mediaUseSchema>;

/** An image of the library, as the API answers it. */
export const mediaRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(IMAGE_TYPES),
  /** The original's size. */
  bytes: z.number().int(),
  /** After the orientation the camera recorded is applied. */
  width: z.number().int(),
  height: z.number().int(),
  /** The dominant colour, `#rrggbb`: the frame's background while the image loads. */
  color: z.string(),
  /** A ThumbHash, base64. */
  placeholder: z.string(),
  exif: exifSchema,
  /** Every served file, narrowest first: a page's `srcset` picks among them. */
  variants: z.array(variantSchema),
  /** The widest WebP variant: the image to link to. */
  src: z.string(),
  ...mediaFields,
  usedBy: z.array(mediaUseSchema),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type MediaRecord = z.output<typeof mediaRecordSchema>;

/** A query value as given: an empty one (`tag=`) is none. */
const given = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/**
 * `GET /api/admin/media`: newest first; `q` searches the name, alt texts, captions and tags;
 * `tag` keeps the images with that tag, `type` those of that type, `unused` (`1` or `true`)
 * those no piece of content uses; `ids` (up to a page of them, comma-separated) those images,
 * so a list of things that show images (the photo list) reads them in one call.
 */
export const listMediaQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MEDIA_LIMITS.pageSize).default(30),
  q: given.pipe(z.string().max(CONTENT_LIMITS.q).optional()),
  tag: given.pipe(z.string().max(CONTENT_LIMITS.tag).optional()),
  type: given.pipe(z.enum(IMAGE_TYPES).optional()),
  unused: given
    .pipe(z.enum(["1", "true", "0", "false"]).optional())
    .transform((value) => value === "1" || value === "true"),
  ids: given.pipe(
    z
      .string()
      .optional()
      .transform((value) => (value ? [...new Set(value.split(","))] : undefined))
      .pipe(z.array(z.uuid()).min(1).max(MEDIA_LIMITS.pageSize).optional()),
  ),
});
export type ListMediaQuery = z.output<typeof listMediaQuerySchema>;
