import { readFile } from "node:fs/promises";
import { type FileThumbnail, servedThumbnail } from "../../../lib/photo-files.ts";
import { fileImageKind } from "../../../shared/content.ts";
import { whileUnchanged } from "../file-reading.ts";
import { type ContentContext, notFound } from "./shared.ts";

/** The thumbnails named, by image path, while each file keeps its size and time. */
const thumbnailOf = whileUnchanged(
  async (path) => servedThumbnail(new Uint8Array(await readFile(path))),
  500,
);

/**
 * The thumbnail of a photo or banner written in a file (`file:photo:<slug>`,
 * `file:banner:<slug>`): the narrowest WebP the site's build serves of its image
 * (src/lib/photo-files.ts), so the back office shows the file's own picture. 404 when there is
 * no such item, its image is not a file under content/, or the file cannot be read as an image.
 */
export async function fileThumbnail(ctx: ContentContext, id: string): Promise<FileThumbnail> {
  const items =
    fileImageKind(id) === "photo" ? await ctx.files.photos() : await ctx.files.banners();
  const item = items.find((i) => i.id === id);
  const path = item?.file ? ctx.files.imagePath(item.file, item.image) : null;
  if (!path) throw notFound("image file");
  try {
    return await thumbnailOf(path);
  } catch {
    throw notFound("image file");
  }
}
