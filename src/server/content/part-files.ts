import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import {
  type AlbumRecord,
  albumBlanks,
  albumFileFields,
  type BannerRecord,
  type Blanks,
  bannerBlanks,
  bannerFileFields,
  type CategoryRecord,
  CONTENT_LANGS,
  type ContentLang,
  categoryBlanks,
  categoryFileFields,
  leniently,
  PAGE_SLUGS,
  type PageSlug,
  pageFile,
  SLUG,
} from "../../shared/content.ts";
import {
  type NavGroupRecord,
  navGroupBlanks,
  navGroupFileFields,
  navLinkBlanks,
  navLinkFields,
} from "../../shared/kinds/nav.ts";
import { photoTagCollectionFields, type SnapshotPhotoTag } from "../../shared/kinds/photo.ts";
import { fileFields, fileId, isMissing, isRecord, readParsed } from "./file-reading.ts";

// The files of the site's groupings and parts under content/: categories, albums, photo tags,
// banners, navigation and the about page, read leniently as the back office lists them.

/**
 * The entries of a JSON list of slugged entries (`content/categories.json`, `albums.json`:
 * `[{ id, … }]`), each with its kind's fields read leniently; the id is the slug.
 */
async function readSlugList<S extends z.core.$ZodShape>(
  dir: string,
  name: string,
  fields: S,
  blanks: Blanks<S>,
) {
  const file = `content/${name}`;
  let entries: unknown;
  try {
    entries = JSON.parse(await readFile(join(dir, name), "utf8"));
  } catch (error) {
    if (!isMissing(error)) {
      console.warn(`content: ${file} is left out of the back-office list`, error);
    }
    return [];
  }
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: unknown) => {
    if (!isRecord(entry) || typeof entry.id !== "string" || !SLUG.test(entry.id)) return [];
    return [
      {
        slug: entry.id,
        ...leniently(fields, blanks, entry),
        createdAt: null,
        updatedAt: null,
        ...fileFields(file),
      },
    ];
  });
}

export const readCategories = (dir: string): Promise<CategoryRecord[]> =>
  readSlugList(dir, "categories.json", categoryFileFields, categoryBlanks);

export const readAlbums = (dir: string): Promise<AlbumRecord[]> =>
  readSlugList(dir, "albums.json", albumFileFields, albumBlanks);

export interface FilePhotoTag {
  tag: string;
  name: SnapshotPhotoTag["name"];
  file: string;
}

const photoTagEntry = z.object(photoTagCollectionFields);

/** An entry that does not pass its rules is left out (the build names it). */
export async function readPhotoTags(dir: string): Promise<FilePhotoTag[]> {
  const file = "content/photo-tags.json";
  let entries: unknown;
  try {
    entries = JSON.parse(await readFile(join(dir, "photo-tags.json"), "utf8"));
  } catch (error) {
    if (!isMissing(error)) console.warn(`content: ${file} is left out of the back office`, error);
    return [];
  }
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: unknown) => {
    const parsed = photoTagEntry.safeParse(entry);
    return parsed.success ? [{ tag: parsed.data.id, name: parsed.data.name, file }] : [];
  });
}

/** A banner's place is its place in the file; its id names the file's own `id`. */
export async function readBanners(dir: string): Promise<BannerRecord[]> {
  const entries = await readSlugList(dir, "banners.json", bannerFileFields, bannerBlanks);
  return entries.map(({ slug, ...banner }, order) => ({
    id: fileId("banner", slug),
    order,
    ...banner,
  }));
}

/**
 * The navigation's groups in the file's order, each with its links in theirs; a group's id is
 * `file:nav:<group>`, a link's `file:nav:<group>--<link>` (a link that has no slug is left out).
 */
export async function readNavigation(dir: string): Promise<NavGroupRecord[]> {
  const groups = await readSlugList(dir, "site-nav.json", navGroupFileFields, navGroupBlanks);
  return groups.map(({ slug, links, ...group }, order) => {
    const id = fileId("nav", slug);
    return {
      id,
      order,
      ...group,
      links: links.flatMap((link, at) => {
        if (!isRecord(link) || typeof link.id !== "string" || !SLUG.test(link.id)) return [];
        return [
          {
            id: `${id}--${link.id}`,
            group: id,
            order: at,
            ...leniently(navLinkFields, navLinkBlanks, link),
            createdAt: null,
            updatedAt: null,
            ...fileFields(group.file ?? "content/site-nav.json"),
          },
        ];
      }),
    };
  });
}

/** One language of a page written in a file: its text and where it lives (`content/…`). */
export interface FilePage {
  slug: PageSlug;
  lang: ContentLang;
  body: string;
  file: string;
}

/** Pages: each page's file in each language, when there is one (its frontmatter left out). */
export async function readPages(dir: string): Promise<FilePage[]> {
  const found = await Promise.all(
    PAGE_SLUGS.flatMap((slug) =>
      CONTENT_LANGS.map(async (lang) => {
        const path = pageFile(slug, lang);
        const parsed = await readParsed(join(dir, path), `content/${path}`);
        return parsed ? [{ slug, lang, body: parsed.body, file: `content/${path}` }] : [];
      }),
    ),
  );
  return found.flat();
}
