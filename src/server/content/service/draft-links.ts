import { createHash, randomBytes } from "node:crypto";
import {
  DRAFT_PREVIEW_PATH,
  type DraftKind,
  type DraftLink,
  type DraftPage,
  statusNow,
} from "../../../shared/content.ts";
import { ApiError } from "../../http/errors.ts";
import * as draftLinksRepo from "../draft-links-repository.ts";
import * as repo from "../repository.ts";
import { previewMarkdown } from "./preview.ts";
import { type ContentContext, isFileId, notFound, readOnly } from "./shared.ts";

// A draft (or a scheduled item) shown as its page before it is published, to its owner or to
// anyone given the link: a secret token that ends at a set time. Only the token's SHA-256 is
// stored; the page (`/draft-preview/?t=…`, a static page of the site's layout) reads the item
// through `GET /api/draft-preview`, rendered and sanitised as the editor's preview is.

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** What the page of a draft kind shows of its row, whatever its table; null when it is gone. */
async function itemOf(ctx: ContentContext, kind: DraftKind, id: string) {
  if (kind === "chapter") {
    const row = await repo.chapters.findById(ctx.db, id);
    const book = row && (await repo.books.findById(ctx.db, row.bookId));
    if (!row || !book) return null;
    // A chapter is read in its book: the book's title over it, its language, no time or tags.
    const head = { title: row.title, subtitle: book.title, summary: "", tags: [] };
    return { ...head, lang: book.lang, status: row.status, publishedAt: null, body: row.body };
  }
  const row =
    kind === "article"
      ? await repo.articles.findById(ctx.db, id)
      : await repo.notes.findById(ctx.db, id);
  if (!row) return null;
  // A note has no title, subtitle or summary: its page is its text.
  const head =
    "title" in row
      ? { title: row.title, subtitle: row.subtitle, summary: row.summary }
      : { title: "", subtitle: "", summary: "" };
  const publishedAt = row.publishedAt?.toISOString() ?? null;
  return {
    ...head,
    tags: row.tags,
    lang: row.lang,
    status: row.status,
    publishedAt,
    body: row.body,
  };
}

/** A new secret link to the item's page, working for `hours`. */
export async function createDraftLink(
  ctx: ContentContext,
  kind: DraftKind,
  id: string,
  hours: number,
): Promise<DraftLink> {
  if (isFileId(id)) throw readOnly(`content/${kind}s`);
  if (!(await itemOf(ctx, kind, id))) throw notFound(kind);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + hours * 3_600_000);
  await draftLinksRepo.insertDraftLink(ctx.db, {
    tokenHash: hashOf(token),
    kind,
    itemId: id,
    createdBy: ctx.actor ?? null,
    expiresAt,
  });
  return { path: `${DRAFT_PREVIEW_PATH}?t=${token}`, expiresAt: expiresAt.toISOString() };
}

const gone = () =>
  new ApiError(404, "not_found", "This preview link has expired or does not exist");

/** What the page of a link shows; a token unknown, expired or whose item is gone: 404. */
export async function draftPage(ctx: ContentContext, token: string): Promise<DraftPage> {
  const link = await draftLinksRepo.findDraftLink(ctx.db, hashOf(token));
  const item = link && (await itemOf(ctx, link.kind, link.itemId));
  if (!link || !item) throw gone();
  return {
    kind: link.kind,
    lang: item.lang,
    title: item.title,
    subtitle: item.subtitle,
    summary: item.summary,
    tags: item.tags,
    status: statusNow(item.status, item.publishedAt),
    publishedAt: item.publishedAt,
    html: (await previewMarkdown(item.body)).html,
    expiresAt: link.expiresAt.toISOString(),
  };
}
