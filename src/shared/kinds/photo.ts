import { z } from "zod";
import { CONTENT_LIMITS, type SourceFields } from "../content-rules.ts";
import {
  altSchema,
  type Blanks,
  type Flat,
  type ImageSource,
  imageSrcSchema,
  NOTHING,
  nonEmpty,
  orderSchema,
  type StoredRecord,
  type StoredTimes,
  slugSchema,
  tagSchema,
  tagsSchema,
  text,
  timedKind,
} from "./fields.ts";
import { exifSchema, variantSchema } from "./media.ts";

/**
 * A photo of the gallery (`/image-library`) and the albums it is kept in. Unlike an article, a
 * photo is one item in both languages: its title, caption, description and place are written
 * in each. Its fields, each once, with its rule and its default; the API, the table
 * (src/server/db/schema.ts), the snapshot and the `photos` collection are made from them (see
 * src/shared/kinds/article.ts). Its image is a library image (src/shared/kinds/media.ts) in the
 * database, and a file's own image (`./files/a.jpg`) in content/photos/; both go through the one
 * upload pipeline, the second at build time.
 */

export const PHOTO_LIMITS = {
  caption: 500,
  place: 80,
  credit: 200,
  albumName: 40,
  albumDescription: 300,
} as const;

/** A required text in both interface languages. */
export const bothLanguages = (max: number) =>
  z.strictObject({ "zh-CN": text(max), "en-US": text(max) });

/** An optional text in both interface languages (empty for none). */
export const optionalBothLanguages = (max: number) =>
  z
    .strictObject({ "zh-CN": z.string().trim().max(max), "en-US": z.string().trim().max(max) })
    .default({ "zh-CN": "", "en-US": "" });

export type BothLanguages = { "zh-CN": string; "en-US": string };

/** A camera's local time as it wrote it, `YYYY-MM-DDTHH:mm` or with seconds (no zone). */
export const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/;

export const photoFields = {
  title: bothLanguages(CONTENT_LIMITS.title),
  caption: optionalBothLanguages(PHOTO_LIMITS.caption),
  alt: z
    .strictObject({ "zh-CN": altSchema, "en-US": altSchema })
    .default({ "zh-CN": "", "en-US": "" }),
  /** The album's slug; null for none. */
  album: slugSchema.nullable().default(null),
  tags: tagsSchema.default([]),
  /** When it was taken, the camera's local time; from the image's EXIF unless written here. */
  takenAt: z
    .string()
    .regex(LOCAL_TIME, "must be a local time, YYYY-MM-DDTHH:mm")
    .nullable()
    .default(null),
  /** A place name, never coordinates. */
  place: optionalBothLanguages(PHOTO_LIMITS.place),
  /** Featured photos lead the gallery and the home page. */
  featured: z.boolean().default(false),
  /** Who made it and under which licence, when it is not the owner's own. */
  credit: z.string().trim().max(PHOTO_LIMITS.credit).default(""),
};

/** A library image's served path: `/api/media/m-<id>-<width>.<format>`. */
export const LIBRARY_IMAGE = /^\/api\/media\/m-([0-9a-f-]{36})-\d+\.(?:webp|avif)$/;

/** The id of the library image a path names, if it names one. */
export function libraryImageId(src: string): string | null {
  return LIBRARY_IMAGE.exec(src)?.[1] ?? null;
}

/**
 * What a page needs of a photo's image, whichever its source: its size, its colour and
 * placeholder for the frame it loads in, its camera facts and its served files. A library image
 * brings them from the media table (the build's snapshot carries them); a file's own image gets
 * them from the same pipeline at build time (src/lib/photos.ts).
 */
export const pictureSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  color: z.string(),
  placeholder: z.string(),
  exif: exifSchema,
  /** Narrowest first. */
  variants: z.array(variantSchema),
});
export type Picture = z.output<typeof pictureSchema>;

/** The image field, by where an image may come from (`ImageSource`). */
export const photoImages = <S extends ImageSource>(src: S) => ({ image: src });

const photo = timedKind({
  text: {},
  fields: photoFields,
  images: {
    api: photoImages(
      imageSrcSchema.refine(
        (src) => LIBRARY_IMAGE.test(src),
        "must be an image of the media library",
      ),
    ),
    file: photoImages(z.string()),
  },
});

/** `POST /api/admin/photos`. */
export const createPhotoSchema = photo.create;
/** `PUT /api/admin/photos/:id`: partial. */
export const updatePhotoSchema = photo.update;

export type CreatePhotoInput = z.output<typeof createPhotoSchema>;
export type UpdatePhotoInput = z.output<typeof updatePhotoSchema>;

export type PhotoRecord = StoredRecord<CreatePhotoInput>;

/**
 * The `photos` collection's fields but its image, which src/content.config.ts adds with the
 * build's image source.
 */
export const photoCollectionFields = photo.collectionFields;

/** A photo in the build's snapshot, with its library image's picture (null if it is gone). */
export const photoSnapshotSchema = photo.snapshot.extend({ picture: pictureSchema.nullable() });
export type SnapshotPhoto = z.output<typeof photoSnapshotSchema>;

/** A photo file's frontmatter, as the back office reads it (its image's path as written). */
export const photoFileFields = photo.fileFields;
export const photoBlanks: Blanks<typeof photoFileFields> = {
  title: { "zh-CN": "", "en-US": "" },
  image: "",
};

// --- Albums ---------------------------------------------------------------------------------

/** An album of photos; its slug is its id (as a category's). */
export const albumFields = {
  name: bothLanguages(PHOTO_LIMITS.albumName),
  description: optionalBothLanguages(PHOTO_LIMITS.albumDescription),
  /** Albums are listed by it. */
  order: orderSchema.default(0),
};

/** `POST /api/admin/albums`: the slug is the id. */
export const createAlbumSchema = z.strictObject({ slug: slugSchema, ...albumFields });

/** `PUT /api/admin/albums/:slug`: the names, description and order; the slug stays. */
export const updateAlbumSchema = z
  .strictObject({
    name: albumFields.name,
    description: albumFields.description.unwrap(),
    order: albumFields.order.unwrap(),
  })
  .partial()
  .refine(nonEmpty, NOTHING);

export type CreateAlbumInput = z.output<typeof createAlbumSchema>;
export type UpdateAlbumInput = z.output<typeof updateAlbumSchema>;
export type AlbumRecord = Flat<CreateAlbumInput & StoredTimes & SourceFields>;

/** An album in the build's snapshot. */
export const albumSnapshotSchema = z.object({ slug: slugSchema, ...albumFields });
export type SnapshotAlbum = z.output<typeof albumSnapshotSchema>;

/** The `albums` collection's fields (content/albums.json names the slug `id`). */
export const albumCollectionFields = { id: slugSchema, ...albumFields };

/** An entry of content/albums.json, as the back office reads it. */
export const albumFileFields = albumFields;
export const albumBlanks: Blanks<typeof albumFileFields> = {
  name: { "zh-CN": "", "en-US": "" },
};

// --- Tag names ------------------------------------------------------------------------------

/**
 * A photo tag's name in each language. A photo keeps its tags as written (`autumn`), and the
 * tag's path keeps it too (`/image-library/tag/autumn/`); a name shows instead of the tag,
 * so a Chinese reader sees "秋天". A tag without a name shows as written.
 */
export const photoTagFields = {
  name: bothLanguages(CONTENT_LIMITS.tag),
};

/** The tag a `/api/admin/photo-tags/:tag` call names. */
export const photoTagParamSchema = z.object({ tag: tagSchema });

/** `PUT /api/admin/photo-tags/:tag`: the tag's name in both languages. */
export const savePhotoTagSchema = z.strictObject(photoTagFields);
export type SavePhotoTagInput = z.output<typeof savePhotoTagSchema>;

/** A tag of the gallery in /bms: its photos, and its name (null: shown as written). */
export interface PhotoTagRecord {
  tag: string;
  /** Photos in the database and in content/photos/ that carry it, drafts included. */
  photos: number;
  name: BothLanguages | null;
  /** The file that names it (content/photo-tags.json): read-only here. */
  file: string | null;
  updatedAt: string | null;
}

/** A tag's name in the build's snapshot. */
export const photoTagSnapshotSchema = z.object({ tag: tagSchema, ...photoTagFields });
export type SnapshotPhotoTag = z.output<typeof photoTagSnapshotSchema>;

/** The `photoTags` collection's fields (content/photo-tags.json names the tag `id`). */
export const photoTagCollectionFields = { id: tagSchema, ...photoTagFields };
