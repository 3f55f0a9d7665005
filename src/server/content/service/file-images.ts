import { readFile, stat } from "node:fs/promises";
import { type FileThumbnail, servedThumbnail } from "../../../lib/photo-files.ts";
import { fileImageIdOf } from "../../../shared/content.ts";
import { type ContentContext, notFound } from "./shared.ts";

/** Thumbnails already named, by path, while the file keeps its size and time. */
const named = new Map<string, { stamp: string; thumbnail: FileThumbnail }>();
const NAMED_MAX = 500;

/**
 * The thumbnail of a photo or banner written in a file (`file:photo:<slug>`,
 * `file:banner:<slug>`): the narrowest WebP the site's build serves of its image
 * (src/lib/photo-files.ts), so the back office shows the file's own picture. 404 when there is
 * no such item, its image is not a file under content/, or the file cannot be read as an image.
 */
export async function fileThumbnail(ctx: ContentContext, id: string): Promise<FileThumbnail> {
  const { kind } = fileImageIdOf(id);
  const items = kind === "photo" ? await ctx.files.photos() : await ctx.files.banners();
  const item = items.find((i) => i.id === id);
  const path = item?.file ? ctx.files.imagePath(item.file, item.image) : null;
  if (!path) throw notFound("image file");
  try {
    const { size, mtimeMs } = await stat(path);
    const stamp = `${size}:${mtimeMs}`;
    const known = named.get(path);
    if (known?.stamp === stamp) return known.thumbnail;
    const thumbnail = await servedThumbnail(new Uint8Array(await readFile(path)));
    if (named.size >= NAMED_MAX) named.clear();
    named.set(path, { stamp, thumbnail });
    return thumbnail;
  } catch {
    throw notFound("image file");
  }
}
