import { randomUUID } from "node:crypto";
import {
  MediaRefusal,
  printable,
  processImage,
  type RefusalReason,
} from "../../lib/images/process.ts";
import type { Page } from "../../shared/auth.ts";
import {
  type ListMediaQuery,
  MEDIA_LIMITS,
  type MediaRecord,
  type UpdateMediaInput,
} from "../../shared/kinds/media.ts";
import type { Db } from "../db/client.ts";
import { answerPage } from "../db/queries.ts";
import { ApiError } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";
import {
  deleteMedia,
  deleteUnusedMedia,
  findMedia,
  insertMedia,
  listMedia,
  type MediaRow,
  mediaTags,
  type NewMediaRow,
  updateMedia,
  usesOf,
  usesOfEach,
} from "./repository.ts";
import { dropImage, MEDIA_PATH, storeImage, variantName } from "./store.ts";

const EMPTY_TEXT = { "zh-CN": "", "en-US": "" };

/** An image's served files, narrowest first, each with its address. */
function servedVariants(id: string, stored: MediaRow["variants"]) {
  return stored
    .map((v) => ({ ...v, src: `${MEDIA_PATH}${variantName(id, v.width, v.format)}` }))
    .sort((a, b) => a.width - b.width || a.format.localeCompare(b.format));
}

/** The address an image is shown by (its widest WebP), as the editor writes it into a text. */
export const librarySrc = (id: string, stored: MediaRow["variants"]): string =>
  servedVariants(id, stored)
    .filter((v) => v.format === "webp")
    .at(-1)?.src ?? "";

/** The API's answer for an image: its row, where its files are served, and where it is used. */
export function toMediaRecord(row: MediaRow, usedBy: MediaRecord["usedBy"]): MediaRecord {
  const variants = servedVariants(row.id, row.variants);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    color: row.color,
    placeholder: row.placeholder,
    exif: row.exif,
    variants,
    src: librarySrc(row.id, row.variants),
    alt: row.alt,
    caption: row.caption,
    tags: row.tags,
    usedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An uploaded file's name as shown: its last part, printable, short; never used as a path. */
export function displayName(name: string): string {
  return printable(name.split(/[/\\]/).at(-1), MEDIA_LIMITS.name) ?? "image";
}

const REFUSALS: Record<RefusalReason, { status: 400 | 413; message: string }> = {
  empty: { status: 400, message: "The file is empty" },
  tooLarge: { status: 413, message: "The file is larger than 25 MB" },
  type: { status: 400, message: "The file is not a JPEG, PNG, WebP, AVIF or GIF image" },
  pixels: { status: 400, message: "The image has more than 50 megapixels" },
  corrupt: { status: 400, message: "The image cannot be read" },
};

/** A refused upload as the API answers it: the reason as a field issue with its message key. */
function refusal(error: MediaRefusal): ApiError {
  const { status, message } = REFUSALS[error.reason];
  const issue = { field: "file", message, key: `media.problems.${error.reason}` };
  return new ApiError(status, status === 413 ? "payload_too_large" : "validation", message, {
    issues: [issue],
  });
}

/**
 * Processes an image (variants, placeholder, colour, camera facts) and stores its files; answers
 * the library row to write. A refused file stores nothing (MediaRefusal); the caller writes the
 * row, or calls `dropImage` with it when it cannot.
 */
export async function storeLibraryImage(
  storage: Storage,
  bytes: Uint8Array,
  name: string,
  uploadedBy: string | null,
): Promise<NewMediaRow & { variants: MediaRow["variants"] }> {
  if (bytes.length > MEDIA_LIMITS.bytes) throw new MediaRefusal("tooLarge", "too large");
  const image = await processImage(bytes);
  const id = randomUUID();
  await storeImage(storage, id, image, bytes);
  return {
    id,
    name: displayName(name),
    type: image.type,
    bytes: bytes.length,
    width: image.width,
    height: image.height,
    color: image.color,
    placeholder: image.placeholder,
    exif: image.exif,
    variants: image.variants.map(({ format, width, height, bytes: data }) => ({
      format,
      width,
      height,
      bytes: data.length,
    })),
    alt: EMPTY_TEXT,
    caption: EMPTY_TEXT,
    tags: [],
    uploadedBy,
  };
}

/**
 * Takes an upload into the library: processed, stored, then recorded. Nothing is half-kept:
 * files stored for a row that could not be written are deleted again, and a refused file
 * stores nothing.
 */
export async function uploadMedia(
  db: Db,
  storage: Storage,
  uploadedBy: string,
  file: File,
): Promise<MediaRecord> {
  if (file.size > MEDIA_LIMITS.bytes) throw refusal(new MediaRefusal("tooLarge", "too large"));
  let values: Awaited<ReturnType<typeof storeLibraryImage>>;
  try {
    values = await storeLibraryImage(
      storage,
      new Uint8Array(await file.arrayBuffer()),
      file.name,
      uploadedBy,
    );
  } catch (error) {
    throw error instanceof MediaRefusal ? refusal(error) : error;
  }
  try {
    return toMediaRecord(await insertMedia(db, values), []);
  } catch (error) {
    await dropImage(storage, values.id, values);
    throw error;
  }
}

const notFound = () => new ApiError(404, "not_found", "No such image");

/** A page of the library with where each image is used: the same few queries for any page. */
export async function listMediaPage(db: Db, query: ListMediaQuery): Promise<Page<MediaRecord>> {
  const page = await listMedia(db, query);
  const usedBy = await usesOfEach(
    db,
    page.rows.map((row) => row.id),
  );
  return answerPage(query, page, (row) => toMediaRecord(row, usedBy.get(row.id) ?? []));
}

/** Every tag of the library, for the list's tag filter. */
export const listMediaTags = (db: Db) => mediaTags(db);

/** Whether the library holds the image `id` (other domains check references through this). */
export async function mediaExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await findMedia(db, id));
}

export async function getMedia(db: Db, id: string): Promise<MediaRecord> {
  const row = await findMedia(db, id);
  if (!row) throw notFound();
  return toMediaRecord(row, await usesOf(db, id));
}

export async function updateMediaById(
  db: Db,
  id: string,
  input: UpdateMediaInput,
): Promise<MediaRecord> {
  const row = await updateMedia(db, id, input);
  if (!row) throw notFound();
  return toMediaRecord(row, await usesOf(db, id));
}

/**
 * Deletes those of `ids` that nothing uses now (content of any kind, the settings) and then
 * their files; the others stay. Inside a transaction, the files go only after it commits: the
 * caller drops them with `dropImage` from the rows answered.
 */
export const deleteUnusedImages = (db: Db, ids: readonly string[]) => deleteUnusedMedia(db, ids);

/** Deletes an image and its files; refused while a piece of content uses it (and says where). */
export async function deleteMediaById(db: Db, storage: Storage, id: string): Promise<void> {
  const usedBy = await usesOf(db, id);
  if (usedBy.length > 0) {
    const where = usedBy.map((use) => `${use.kind} "${use.title}"`).join(", ");
    throw new ApiError(409, "conflict", `The image is used by ${where}`, {
      issues: [
        {
          field: "id",
          message: `used by ${where}`,
          key: "media.problems.inUse",
          values: { count: usedBy.length },
        },
      ],
      details: { usedBy },
    });
  }
  const row = await deleteMedia(db, id);
  if (!row) throw notFound();
  await dropImage(storage, id, { type: row.type, variants: row.variants });
}
