import { randomUUID } from "node:crypto";
import { sniffImage } from "../../lib/images/sniff.ts";
import type { ImageType } from "../../shared/kinds/media.ts";
import type { StoredUser } from "../../shared/user-info.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";
import { findUserById, updateUser } from "./repository.ts";
import { toStoredUser } from "./view.ts";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Where avatars are served: `GET /api/avatars/{name}`. */
export const AVATAR_PATH = "/api/avatars/";
export const AVATAR_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/;

const TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
} as const;
type Extension = keyof typeof TYPES;

/** The types an avatar may be, by what its bytes are (the declared type is not trusted). */
const AVATAR_TYPES: Partial<Record<ImageType, Extension>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
};

function avatarExtension(bytes: Uint8Array): Extension | null {
  const type = sniffImage(bytes);
  return (type && AVATAR_TYPES[type]) ?? null;
}

export function contentTypeOf(name: string): string {
  const extension = name.slice(name.lastIndexOf(".") + 1) as Extension;
  return TYPES[extension] ?? "application/octet-stream";
}

function ownBlob(url: string): string | null {
  const name = url.startsWith(AVATAR_PATH) ? url.slice(AVATAR_PATH.length) : "";
  return AVATAR_NAME.test(name) ? name : null;
}

/** Stores a new avatar for the user, points the profile at it and drops the previous one. */
export async function replaceAvatar(
  db: Db,
  storage: Storage,
  userId: string,
  file: File,
): Promise<StoredUser> {
  if (file.size === 0 || file.size > AVATAR_MAX_BYTES) {
    throw new ApiError(413, "payload_too_large", "The picture must be at most 2 MB");
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const extension = avatarExtension(bytes);
  if (!extension) throw new ApiError(400, "bad_request", "The picture must be PNG, JPEG or WebP");
  const current = await findUserById(db, userId);
  if (!current) throw new ApiError(401, "unauthorized", "Please log in");
  const name = `${randomUUID()}.${extension}`;
  await storage.put(name, bytes);
  const row = await updateUser(db, userId, { avatar: `${AVATAR_PATH}${name}` });
  if (!row) {
    await storage.delete(name);
    throw new ApiError(401, "unauthorized", "Please log in");
  }
  await dropAvatars(storage, [current.avatar]);
  return toStoredUser(row);
}

/** Deletes the stored blobs behind avatar URLs of ours (others are left alone). Best effort. */
export async function dropAvatars(storage: Storage, urls: string[]): Promise<void> {
  for (const url of urls) {
    const name = ownBlob(url);
    if (name) await storage.delete(name).catch(() => {});
  }
}

export async function readAvatar(storage: Storage, name: string): Promise<Uint8Array> {
  const bytes = AVATAR_NAME.test(name) ? await storage.get(name) : null;
  if (!bytes) throw new ApiError(404, "not_found", "No such picture");
  return bytes;
}
