import type { Page } from "../../shared/auth.ts";
import type {
  PhotoTagRecord,
  SavePhotoTagInput,
  SnapshotPhotoTag,
} from "../../shared/kinds/photo.ts";
import {
  type ContentContext,
  notFound,
  pageOf,
  readOnly,
  reportChange,
} from "../content/service/shared.ts";
import type { PageQuery } from "../db/queries.ts";
import * as groupingRepo from "./groupings-repository.ts";

/**
 * Names of the gallery's photo tags. A tag is any tag a photo carries; naming it changes what
 * readers see, never the photos or the tag's path. Names in content/photo-tags.json are
 * read-only here, as albums of content/albums.json are.
 */

interface Carrier {
  tags: string[];
  status: string;
  publishedAt: Date | null;
}

/** The photos in the database and in files, with their tags and status. */
async function carriers(ctx: ContentContext): Promise<Carrier[]> {
  const files = (await ctx.files.photos()).map((photo) => ({
    tags: photo.tags,
    status: photo.status,
    publishedAt: photo.publishedAt ? new Date(photo.publishedAt) : null,
  }));
  return [...(await groupingRepo.photoTagLists(ctx.db)), ...files];
}

const byTag = (a: { tag: string }, b: { tag: string }) =>
  a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0;

/** Every tag a photo carries or a name is kept for, with its photos and name, by tag. */
export async function listPhotoTags(
  ctx: ContentContext,
  query: PageQuery,
): Promise<Page<PhotoTagRecord>> {
  const counts = new Map<string, number>();
  for (const photo of await carriers(ctx)) {
    for (const tag of photo.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  const records = new Map<string, PhotoTagRecord>();
  const blank = (tag: string): PhotoTagRecord => ({
    tag,
    photos: counts.get(tag) ?? 0,
    name: null,
    file: null,
    updatedAt: null,
  });
  for (const tag of counts.keys()) records.set(tag, blank(tag));
  for (const row of await groupingRepo.listPhotoTagNames(ctx.db)) {
    records.set(row.tag, {
      ...blank(row.tag),
      name: row.name,
      updatedAt: row.updatedAt.toISOString(),
    });
  }
  for (const named of await ctx.files.photoTags()) {
    records.set(named.tag, { ...blank(named.tag), name: named.name, file: named.file });
  }
  return pageOf([...records.values()].sort(byTag), query);
}

async function fileName(ctx: ContentContext, tag: string) {
  return (await ctx.files.photoTags()).find((named) => named.tag === tag) ?? null;
}

/** Builds when a photo on the site carries the tag; a tag of drafts only waits for them. */
async function report(ctx: ContentContext, tag: string, verb: "update" | "delete") {
  const carrying = (await carriers(ctx)).filter((photo) => photo.tags.includes(tag));
  reportChange(ctx, { action: `photo-tags.${verb}`, item: tag }, ...carrying);
}

/** Names a tag (or renames it). */
export async function savePhotoTag(
  ctx: ContentContext,
  tag: string,
  input: SavePhotoTagInput,
): Promise<SnapshotPhotoTag> {
  const file = await fileName(ctx, tag);
  if (file) throw readOnly(file.file);
  const row = await groupingRepo.savePhotoTagName(ctx.db, tag, input.name);
  if (!row) throw notFound("tag name");
  await report(ctx, tag, "update");
  return { tag: row.tag, name: row.name };
}

/** Forgets a tag's name: it shows as written again. */
export async function deletePhotoTag(ctx: ContentContext, tag: string): Promise<{ tag: string }> {
  const file = await fileName(ctx, tag);
  if (file) throw readOnly(file.file);
  const row = await groupingRepo.deletePhotoTagName(ctx.db, tag);
  if (!row) throw notFound("tag name");
  await report(ctx, tag, "delete");
  return { tag };
}
