import type { Page } from "../../shared/auth.ts";
import {
  CONTENT_LANGS,
  type ContentLang,
  type PageRecord,
  type PageSlug,
  pageId,
  type RevisionListItem,
  type RevisionRecord,
  type SavePageInput,
  savePageSchema,
} from "../../shared/content.ts";
import type { FilePage } from "../content/part-files.ts";
import { type ContentContext, changedElsewhere, notFound } from "../content/service/shared.ts";
import type { PageQuery } from "../db/queries.ts";
import { ApiError } from "../http/errors.ts";
import {
  dropRevisions,
  fieldsToRestore,
  keepRevision,
  listRevisions,
  readRevision,
} from "../revisions/service.ts";
import * as siteRepo from "./repository.ts";

// The site's pages that are written both in files and in /bms (the about page). A page's file is
// the page until its text is saved here; the saved text then replaces the file on the site (the
// `pages` collection takes the row over the file), and going back to the file forgets it. Every
// save keeps a revision and rebuilds the site: a page is always live.

/** A language of a page as the back office edits it: the saved text, else the file's. */
function pageRecord(
  slug: PageSlug,
  lang: ContentLang,
  row: siteRepo.PageRow | null,
  file: FilePage | undefined,
): PageRecord {
  return {
    id: pageId(slug, lang),
    slug,
    lang,
    body: row?.body ?? file?.body ?? "",
    rowId: row?.id ?? null,
    source: row ? "database" : "file",
    file: file?.file ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    status: "published",
  };
}

/** Both languages of a page, Chinese first. */
export async function getPages(ctx: ContentContext, slug: PageSlug): Promise<PageRecord[]> {
  const [rows, files] = await Promise.all([siteRepo.listPages(ctx.db, slug), ctx.files.pages()]);
  return CONTENT_LANGS.map((lang) =>
    pageRecord(
      slug,
      lang,
      rows.find((row) => row.lang === lang) ?? null,
      files.find((file) => file.slug === slug && file.lang === lang),
    ),
  );
}

async function fileOf(ctx: ContentContext, slug: PageSlug, lang: ContentLang) {
  return (await ctx.files.pages()).find((file) => file.slug === slug && file.lang === lang);
}

/** What a save expects to replace: the saved text it opened, the file (`none`), or anything. */
export type PageExpectation = { updatedAt: string } | "none" | undefined;

/**
 * Saves a language of a page over what the editor opened (`expected`): a text saved elsewhere
 * since is never replaced unseen (409, with when), a revision is kept, and the site rebuilt.
 */
export async function savePage(
  ctx: ContentContext,
  slug: PageSlug,
  lang: ContentLang,
  input: SavePageInput,
  expected: PageExpectation,
): Promise<PageRecord> {
  const since = expected && expected !== "none" ? new Date(expected.updatedAt) : expected;
  const row = await siteRepo.savePage(
    ctx.db,
    { slug, lang, body: input.body, updatedBy: ctx.actor ?? null },
    since,
  );
  if (!row) {
    const now = await siteRepo.findPage(ctx.db, slug, lang);
    // Saved here since the file was opened, or saved again (or gone back to the file) since the
    // text was opened: the owner chooses.
    throw changedElsewhere("page", now?.updatedAt ?? new Date());
  }
  await keepRevision(ctx, "page", { ...row, status: "published" }, ctx.actor ?? null, [
    "slug",
    "lang",
    "updatedBy",
  ]);
  ctx.publisher.contentChanged({ action: "pages.update", item: `${slug} (${lang})` });
  return pageRecord(slug, lang, row, await fileOf(ctx, slug, lang));
}

/** Goes back to the page's file: its saved text and history are forgotten. */
export async function revertPage(
  ctx: ContentContext,
  slug: PageSlug,
  lang: ContentLang,
): Promise<PageRecord> {
  const file = await fileOf(ctx, slug, lang);
  if (!file) {
    // Without a file, forgetting the text would leave the page empty.
    throw new ApiError(409, "conflict", `The ${slug} page has no file in ${lang} to go back to`, {
      issues: [{ field: "body", message: "no file to go back to", key: "bmsPages.noFile" }],
    });
  }
  const row = await siteRepo.deletePage(ctx.db, slug, lang);
  if (!row) throw notFound("page");
  await dropRevisions(ctx, "page", row.id);
  ctx.publisher.contentChanged({ action: "pages.reset", item: `${slug} (${lang})` });
  return pageRecord(slug, lang, null, file);
}

/** A saved page by its row's id (what its history is kept under). */
export async function savedPage(ctx: ContentContext, rowId: string): Promise<siteRepo.PageRow> {
  const row = await siteRepo.findPageById(ctx.db, rowId);
  if (!row) throw notFound("page");
  return row;
}

export async function pageRevisions(
  ctx: ContentContext,
  rowId: string,
  query: PageQuery,
): Promise<Page<RevisionListItem>> {
  await savedPage(ctx, rowId);
  return listRevisions(ctx, "page", rowId, query);
}

export async function pageRevision(
  ctx: ContentContext,
  rowId: string,
  revisionId: string,
): Promise<RevisionRecord> {
  await savedPage(ctx, rowId);
  return readRevision(ctx, "page", rowId, revisionId);
}

/**
 * Puts a revision of a saved page back, saved again through the save's own rules and over the
 * version the editor opened (`expected`): restoring is itself a save.
 */
export async function restorePage(
  ctx: ContentContext,
  rowId: string,
  revisionId: string,
  expected: PageExpectation,
): Promise<PageRecord> {
  const page = await savedPage(ctx, rowId);
  const kept = await readRevision(ctx, "page", rowId, revisionId);
  const input = fieldsToRestore(savePageSchema, kept.fields);
  return savePage(ctx, page.slug, page.lang, input, expected);
}
