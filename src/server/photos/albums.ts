import type { Page } from "../../shared/auth.ts";
import type {
  AlbumRecord,
  CreateAlbumInput,
  ListAlbumsQuery,
  UpdateAlbumInput,
} from "../../shared/content.ts";
import { albumRecord } from "../content/records.ts";
import {
  type ContentContext,
  invalid,
  notFound,
  pageOf,
  readOnly,
} from "../content/service/shared.ts";
import { ApiError } from "../http/errors.ts";
import * as groupingRepo from "./groupings-repository.ts";

/** Albums of the gallery: the slug is the id; those of content/albums.json are read-only. */

export async function listAlbumPage(
  ctx: ContentContext,
  query: ListAlbumsQuery,
): Promise<Page<AlbumRecord>> {
  const rows = (await groupingRepo.listAlbums(ctx.db)).map(albumRecord);
  const items = [...(await ctx.files.albums()), ...rows].sort(
    (a, b) => a.order - b.order || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0),
  );
  return pageOf(items, query);
}

async function fileAlbum(ctx: ContentContext, slug: string): Promise<AlbumRecord | null> {
  return (await ctx.files.albums()).find((album) => album.slug === slug) ?? null;
}

/** A photo names an album of content/albums.json or of the database. */
export async function assertAlbumExists(ctx: ContentContext, slug: string): Promise<void> {
  if (await fileAlbum(ctx, slug)) return;
  if (await groupingRepo.findAlbum(ctx.db, slug)) return;
  throw invalid("album", `no album ${slug}`, "bmsPhotos.problems.albumMissing");
}

function albumTaken(slug: string, file?: string): ApiError {
  const message = file ? `Album ${slug} is defined in ${file}` : `Album ${slug} already exists`;
  return new ApiError(409, "conflict", message, {
    issues: [{ field: "slug", message, key: "bmsAlbums.problems.slugTaken" }],
  });
}

/** An album a photo is still kept in: the issue names the photo or its file. */
function albumInUse(slug: string, by: { photo: string } | { file: string }): ApiError {
  const message =
    "photo" in by
      ? `Album ${slug} is used by the photo ${by.photo}`
      : `Album ${slug} is used by ${by.file}`;
  const key = "photo" in by ? "bmsAlbums.inUsePhoto" : "bmsAlbums.inUseFile";
  return new ApiError(409, "conflict", message, {
    issues: [{ field: "slug", message, key, values: { slug, ...by } }],
  });
}

export async function createAlbum(
  ctx: ContentContext,
  input: CreateAlbumInput,
): Promise<AlbumRecord> {
  const file = await fileAlbum(ctx, input.slug);
  if (file) throw albumTaken(input.slug, file.file ?? "content/albums.json");
  const row = await groupingRepo.insertAlbum(ctx.db, input);
  if (!row) throw albumTaken(input.slug);
  ctx.publisher.contentChanged({ action: "albums.create", item: row.slug });
  return albumRecord(row);
}

export async function updateAlbum(
  ctx: ContentContext,
  slug: string,
  input: UpdateAlbumInput,
): Promise<AlbumRecord> {
  const file = await fileAlbum(ctx, slug);
  if (file) throw readOnly(file.file);
  const row = await groupingRepo.updateAlbum(ctx.db, slug, input);
  if (!row) throw notFound("album");
  ctx.publisher.contentChanged({ action: "albums.update", item: slug });
  return albumRecord(row);
}

/** An album still holding a photo (in the database or in a file) stays: 409. */
export async function deleteAlbum(ctx: ContentContext, slug: string): Promise<{ slug: string }> {
  const file = await fileAlbum(ctx, slug);
  if (file) throw readOnly(file.file);
  if (!(await groupingRepo.findAlbum(ctx.db, slug))) throw notFound("album");
  const inUse = await groupingRepo.photoInAlbum(ctx.db, slug);
  if (inUse) throw albumInUse(slug, { photo: inUse });
  const filePhoto = (await ctx.files.photos()).find((item) => item.album === slug);
  if (filePhoto) throw albumInUse(slug, { file: filePhoto.file ?? "content/photos/" });
  const row = await groupingRepo.deleteAlbum(ctx.db, slug);
  if (!row) throw notFound("album");
  ctx.publisher.contentChanged({ action: "albums.delete", item: slug });
  return { slug };
}
