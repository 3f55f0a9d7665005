import { stringify } from "yaml";
import { articleFileFields } from "../../shared/kinds/article.ts";
import { bannerFileFields } from "../../shared/kinds/banner.ts";
import { bookFileFields } from "../../shared/kinds/book.ts";
import { categoryFields } from "../../shared/kinds/category.ts";
import { chapterFields } from "../../shared/kinds/chapter.ts";
import { IMAGE_TYPES } from "../../shared/kinds/media.ts";
import { navGroupFields, navLinkFields } from "../../shared/kinds/nav.ts";
import { noteFields } from "../../shared/kinds/note.ts";
import {
  albumFields,
  libraryImageId,
  photoFileFields,
  photoTagFields,
} from "../../shared/kinds/photo.ts";
import { originalName } from "../media/store.ts";
import type { ArchivedRow } from "./repository.ts";

// The database's writing as files in content/'s own layout, so that an export's `content/`
// folder can be committed to git or dropped into a checkout and built:
//   content/articles/<slug>.md, content/notes/<slug>.md, content/books/<book>/index.md and
//   content/books/<book>/<chapter>.md, content/photos/<slug>.md, content/about/<lang>.mdx,
//   content/categories.json, content/albums.json, content/photo-tags.json, content/banners.json, content/site-nav.json.
// Each frontmatter holds its kind's fields (the names src/shared/kinds/<kind>.ts gives them, the
// ones src/content.config.ts reads), picked from the row by those names: no field is named here.
// A photo's or a banner's library image becomes a file of content/ as the build wants it
// (`content/photos/files/<image id>.<ext>`, the original, named `./files/…` by a photo and
// `./photos/files/…` by a banner); other images stay as the rows name them (a library image is
// `/api/media/…`, served from storage, which the export carries too). Drafts keep their status:
// the build leaves them out.

/** The rows of the owned tables, by table name, as the archive keeps them. */
export type RowsByTable = ReadonlyMap<string, readonly ArchivedRow[]>;

/** A row's values for `fields`, those it has, null ones left out. */
function pick(row: ArchivedRow, fields: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of Object.keys(fields)) {
    const value = row[field];
    if (value !== null && value !== undefined) out[field] = value;
  }
  return out;
}

/** What a kind with a publish time adds: its status and times (the snapshot's rule for none). */
function times(row: ArchivedRow): Record<string, unknown> {
  return {
    status: row.status,
    publishedAt: row.publishedAt ?? row.updatedAt,
    updatedAt: row.updatedAt,
  };
}

function markdown(frontmatter: Record<string, unknown>, body: string): Uint8Array {
  const yaml = stringify(frontmatter, { lineWidth: 0 });
  const text = body.endsWith("\n") || body === "" ? body : `${body}\n`;
  return new TextEncoder().encode(`---\n${yaml}---\n\n${text}`);
}

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Rows in a list's order: `order`, then creation, then id (the back office's order). */
function listed(rows: readonly ArchivedRow[]): ArchivedRow[] {
  const key = (row: ArchivedRow) => [
    Number(row.order ?? 0),
    text(row.createdAt),
    text(row.id ?? row.slug),
  ];
  return [...rows].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return (
      Number(x[0]) - Number(y[0]) ||
      String(x[1]).localeCompare(String(y[1])) ||
      String(x[2]).localeCompare(String(y[2]))
    );
  });
}

export interface ContentFiles {
  /** content/… files, by path inside the archive. */
  files: Map<string, Uint8Array>;
  /** Images the files name, by path inside the archive: the stored original to copy there. */
  originals: Map<string, string>;
}

/** content/… files of the database's writing (see above). */
export function contentFilesOf(rows: RowsByTable): ContentFiles {
  const files = new Map<string, Uint8Array>();
  const originals = new Map<string, string>();
  const of = (table: string) => rows.get(table) ?? [];
  const types = new Map(of("media").map((row) => [row.id, row.type]));
  /** A library image as a file of content/photos/files (its path from content/), or null. */
  const ownFile = (src: unknown): string | null => {
    const id = libraryImageId(text(src));
    const type = IMAGE_TYPES.find((t) => t === types.get(id));
    if (!id || !type) return null;
    const blob = originalName(id, type);
    const name = `${id}${blob.slice(blob.lastIndexOf("."))}`;
    originals.set(`content/photos/files/${name}`, blob);
    return `photos/files/${name}`;
  };

  for (const row of of("content_articles")) {
    files.set(
      `content/articles/${text(row.slug)}.md`,
      markdown({ ...pick(row, articleFileFields), ...times(row) }, text(row.body)),
    );
  }
  for (const row of of("content_notes")) {
    files.set(
      `content/notes/${text(row.slug)}.md`,
      markdown({ ...pick(row, { ...noteFields, images: [] }), ...times(row) }, text(row.body)),
    );
  }
  const books = new Map<unknown, string>();
  for (const row of of("content_books")) {
    books.set(row.id, text(row.slug));
    files.set(
      `content/books/${text(row.slug)}/index.md`,
      markdown({ ...pick(row, bookFileFields), ...times(row) }, ""),
    );
  }
  const chapters = of("content_chapters");
  const chapterSlugs = new Map(chapters.map((c) => [c.id, text(c.slug)]));
  for (const row of chapters) {
    const book = books.get(row.bookId);
    if (!book) continue;
    const parent = row.parentId ? (chapterSlugs.get(row.parentId) ?? null) : null;
    files.set(
      `content/books/${book}/${text(row.slug)}.md`,
      markdown(
        {
          ...pick(row, chapterFields),
          ...(parent ? { parent } : {}),
          status: row.status,
          updatedAt: row.updatedAt,
        },
        text(row.body),
      ),
    );
  }
  for (const row of of("content_photos")) {
    const own = ownFile(row.image);
    files.set(
      `content/photos/${text(row.slug)}.md`,
      markdown(
        {
          ...pick(row, photoFileFields),
          ...(own ? { image: `./${own.slice("photos/".length)}` } : {}),
          ...times(row),
        },
        "",
      ),
    );
  }
  for (const row of of("site_pages")) {
    files.set(
      `content/${text(row.slug)}/${text(row.lang)}.mdx`,
      new TextEncoder().encode(text(row.body)),
    );
  }
  const categories = of("content_categories");
  if (categories.length > 0) {
    files.set(
      "content/categories.json",
      json(
        listed(categories).map((row) => ({
          id: row.slug,
          ...pick({ ...row, name: { "zh-CN": row.nameZh, "en-US": row.nameEn } }, categoryFields),
        })),
      ),
    );
  }
  const albums = of("content_albums");
  if (albums.length > 0) {
    files.set(
      "content/albums.json",
      json(listed(albums).map((row) => ({ id: row.slug, ...pick(row, albumFields) }))),
    );
  }
  const tagNames = of("photo_tag_names");
  if (tagNames.length > 0) {
    files.set(
      "content/photo-tags.json",
      json(listed(tagNames).map((row) => ({ id: row.tag, ...pick(row, photoTagFields) }))),
    );
  }
  const banners = of("content_banners");
  if (banners.length > 0) {
    files.set(
      "content/banners.json",
      json(
        listed(banners).map((row) => {
          const own = ownFile(row.image);
          return {
            id: row.id,
            ...pick(row, bannerFileFields),
            ...(own ? { image: `./${own}` } : {}),
          };
        }),
      ),
    );
  }
  const groups = of("nav_groups");
  if (groups.length > 0) {
    const links = listed(of("nav_links"));
    files.set(
      "content/site-nav.json",
      json(
        listed(groups).map((group) => ({
          id: group.id,
          ...pick(group, navGroupFields),
          links: links
            .filter((link) => link.group === group.id)
            .map((link) => ({ id: link.id, ...pick(link, navLinkFields) })),
        })),
      ),
    );
  }
  return { files, originals };
}
